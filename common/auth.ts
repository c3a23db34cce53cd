import { z } from "zod";
import { safeString } from "./text";

/** Messages the spec names; the client shows them as they come. */
export const REQUIRED_FIELDS_MESSAGE = "Please fill in all required fields";
export const COMPANY_REQUIRED_MESSAGE = "Please provide your company information";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const SIGNUP_PLANS = ["personal", "business"] as const;
export type SignupPlan = (typeof SIGNUP_PLANS)[number];

const required = (label: string, max: number) =>
  safeString(label, REQUIRED_FIELDS_MESSAGE)
    .trim()
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(max, `Must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  safeString(label).trim().max(max, `Must be at most ${max} characters`).optional();

export const Username = required("The username", 32).regex(
  /^[A-Za-z0-9._-]{3,32}$/,
  "Username must be 3 to 32 characters: letters, digits, dots, dashes or underscores",
);

export const Email = required("The email address", 254)
  .toLowerCase()
  .pipe(z.email("Please enter a valid email address"));

export const Password = safeString("The password", REQUIRED_FIELDS_MESSAGE)
  .min(1, REQUIRED_FIELDS_MESSAGE)
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const BusinessInfo = z.object({
  companyName: optionalText("The company name", 120),
  industry: optionalText("The industry", 80),
  businessDescription: optionalText("The business description", 2000),
  callPurpose: optionalText("The call purpose", 500),
  aiPersonality: optionalText("The AI personality", 200),
  greetingMessage: optionalText("The greeting message", 500),
  businessHours: optionalText("The business hours", 200),
});
export type BusinessInfo = z.infer<typeof BusinessInfo>;

export const SignupRequest = z
  .object({
    username: Username,
    email: Email,
    password: Password,
    fullName: optionalText("The full name", 120),
    planType: z.enum(SIGNUP_PLANS, { error: "Choose the personal or the business plan" }).default("personal"),
    businessInfo: BusinessInfo.optional(),
    /** The token of an invitation link: the new account joins that workspace instead of getting its own. */
    invitationToken: safeString("The invitation link")
      .trim()
      .max(200, "This invitation link is not valid. Ask for a new one.")
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.planType === "business" && !value.businessInfo?.companyName) {
      ctx.addIssue({
        code: "custom",
        path: ["businessInfo", "companyName"],
        message: COMPANY_REQUIRED_MESSAGE,
      });
    }
  });
export type SignupRequest = z.input<typeof SignupRequest>;

/**
 * Sign-up's answer (202, nothing created, nobody signed in) when it must not say why it could not
 * create the account: the email already belongs to one, and confirming that would tell anyone
 * which emails are registered. The email's owner is notified instead. Worded to be true and
 * useful whatever the reason, and to point the person who forgot their account to signing in.
 */
export const SIGNUP_NOT_COMPLETED_MESSAGE =
  "We couldn't create an account with these details. If you already have an account, sign in with your email or username instead.";
export const SignupNotCompleted = z.object({ message: z.string() });
export type SignupNotCompleted = z.infer<typeof SignupNotCompleted>;

export const LoginRequest = z.object({
  login: required("The username or email", 254),
  password: safeString("The password", REQUIRED_FIELDS_MESSAGE)
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** Industries offered in the business sign-up and the email wizard. */
export const INDUSTRIES = [
  "agriculture",
  "construction",
  "healthcare",
  "retail",
  "manufacturing",
  "education",
  "real_estate",
  "transportation",
  "hospitality",
  "professional_services",
  "call_centre",
  "other",
] as const;

/** Industries whose name is more than their value's words. */
const INDUSTRY_LABELS: Partial<Record<(typeof INDUSTRIES)[number], string>> = {
  call_centre: "Call centre / telemarketing",
};

/** An industry as the sign-up form names it. */
export function industryLabel(value: string): string {
  return INDUSTRY_LABELS[value as (typeof INDUSTRIES)[number]] ?? humanize(value);
}

export function humanize(value: string): string {
  const spaced = value.replaceAll("_", " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

// --- Proving an address: confirmation and password-reset links sent by email ------------------

/** How long a link sent by email works. A reset link is short-lived: it is as good as the password. */
export const CONFIRM_LINK_HOURS = 24;
export const RESET_LINK_HOURS = 1;

/**
 * Sign-up's answer when the server sends email: the same whether the address was new (a link to
 * finish signing up went to it) or already had an account (its owner was told how to sign in),
 * so the answer never says which addresses are registered.
 */
export const CHECK_EMAIL_MESSAGE =
  "Check your email to continue: we sent a message to that address. Follow its link to finish; if you already have an account, the message says how to sign in.";

/** Sign-in with the right password before the address was confirmed (the server sends email). */
export const CONFIRM_EMAIL_FIRST_MESSAGE =
  "Please confirm your email address first: follow the link in the message we sent to it (check your spam folder too). Signing in again a minute from now sends a new link.";

export const LINK_EXPIRED_MESSAGE =
  "This link has expired or was already used. Ask for a new one and follow the newest link we send.";

/** The answer to a reset request, whether or not an account uses the address. */
export const RESET_REQUESTED_MESSAGE =
  "If an account uses that email, we sent it a link to choose a new password. The link works for one hour.";

/** An email link's token as it arrives from the page the link opens. */
export const EmailLinkToken = safeString("The link", LINK_EXPIRED_MESSAGE)
  .trim()
  .min(20, LINK_EXPIRED_MESSAGE)
  .max(100, LINK_EXPIRED_MESSAGE);

export const ConfirmEmailRequest = z.strictObject({ token: EmailLinkToken });
export type ConfirmEmailRequest = z.infer<typeof ConfirmEmailRequest>;

export const PasswordResetRequest = z.strictObject({ email: Email });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

export const PasswordReset = z.strictObject({ token: EmailLinkToken, newPassword: Password });
export type PasswordReset = z.infer<typeof PasswordReset>;

/** What an email-sending action answers: a sentence for the person (it says where the link went). */
export const EmailSentAnswer = z.object({ message: z.string() });
export type EmailSentAnswer = z.infer<typeof EmailSentAnswer>;
