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

/** Industries offered in the business sign-up and the email wizard (spec 3 §9). */
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
  "other",
] as const;

export function humanize(value: string): string {
  const spaced = value.replaceAll("_", " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
