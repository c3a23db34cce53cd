import { z } from "zod";

/** Messages the spec names; the client shows them as they come. */
export const REQUIRED_FIELDS_MESSAGE = "Please fill in all required fields";
export const COMPANY_REQUIRED_MESSAGE = "Please provide your company information";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const SIGNUP_PLANS = ["personal", "business"] as const;
export type SignupPlan = (typeof SIGNUP_PLANS)[number];

const required = (max: number) =>
  z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .trim()
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(max, `Must be at most ${max} characters`);

const optionalText = (max: number) =>
  z.string().trim().max(max, `Must be at most ${max} characters`).optional();

export const Username = required(32).regex(
  /^[A-Za-z0-9._-]{3,32}$/,
  "Username must be 3 to 32 characters: letters, digits, dots, dashes or underscores",
);

export const Email = required(254).toLowerCase().pipe(z.email("Please enter a valid email address"));

export const Password = z
  .string({ error: REQUIRED_FIELDS_MESSAGE })
  .min(1, REQUIRED_FIELDS_MESSAGE)
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const BusinessInfo = z.object({
  companyName: optionalText(120),
  industry: optionalText(80),
  businessDescription: optionalText(2000),
  callPurpose: optionalText(500),
  aiPersonality: optionalText(200),
  greetingMessage: optionalText(500),
  businessHours: optionalText(200),
});
export type BusinessInfo = z.infer<typeof BusinessInfo>;

export const SignupRequest = z
  .object({
    username: Username,
    email: Email,
    password: Password,
    fullName: optionalText(120),
    planType: z.enum(SIGNUP_PLANS, { error: "Choose the personal or the business plan" }).default("personal"),
    businessInfo: BusinessInfo.optional(),
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

export const LoginRequest = z.object({
  login: required(254),
  password: z.string({ error: REQUIRED_FIELDS_MESSAGE }).min(1, REQUIRED_FIELDS_MESSAGE).max(PASSWORD_MAX),
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
