import { z } from "zod";
import { Email, PASSWORD_MAX, Password } from "./auth";
import { safeString } from "./text";
import { CurrentWorkspace } from "./workspaces";

export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const TERMS_VERSION = "1.0";

export const User = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  /** Whether a link sent to `email` was followed. */
  emailVerified: z.boolean(),
  /** An address the person asked to change to; `email` stays until its link is followed. */
  pendingEmail: z.string().nullable(),
  fullName: z.string().nullable(),
  cellphoneNumber: z.string().nullable(),
  planType: z.string(),
  role: z.enum(ROLES),
  timezone: z.string(),
  companyName: z.string().nullable(),
  industry: z.string().nullable(),
  businessDescription: z.string().nullable(),
  acceptedTermsAt: z.string().nullable(),
  termsVersion: z.string().nullable(),
  createdAt: z.string(),
  /**
   * The workspace this session works in, with the person's role. planType, timezone,
   * companyName, industry and businessDescription above are that workspace's.
   */
  workspace: CurrentWorkspace,
});
export type User = z.infer<typeof User>;

/** A name to greet the user by: their full name, else their username. */
export function displayName(user: Pick<User, "fullName" | "username">): string {
  return user.fullName?.trim() || user.username;
}

const PHONE_MESSAGE = "Please enter a valid phone number (at least 10 digits)";

/** Keeps digits and a leading plus; needs 10 to 15 digits (E.164 allows 15). Empty clears the number. */
export const CellphoneNumber = safeString("The cellphone number")
  .trim()
  .max(30, PHONE_MESSAGE)
  .transform((raw) => raw.replace(/[^\d+]/g, ""))
  .refine((clean) => clean === "" || /^\+?\d{10,15}$/.test(clean), PHONE_MESSAGE);

/** Exactly one field per request: the settings screen saves each field on blur. */
export const ProfileUpdate = z.union(
  [
    z.strictObject({
      fullName: safeString("The full name").trim().max(120, "Full name must be at most 120 characters"),
    }),
    z.strictObject({ email: Email, currentPassword: safeString("The current password").max(256).optional() }),
    z.strictObject({ cellphoneNumber: CellphoneNumber }),
  ],
  { error: "Send exactly one of fullName, email or cellphoneNumber" },
);
export type ProfileUpdate = z.input<typeof ProfileUpdate>;

export const CURRENT_PASSWORD_REQUIRED = "Please enter your current password";
export const WRONG_CURRENT_PASSWORD = "Your current password is not correct";

/** Settings → change password: the current password, and a new one under sign-up's rules. */
export const PasswordChange = z
  .strictObject({
    currentPassword: safeString("The current password", CURRENT_PASSWORD_REQUIRED)
      .min(1, CURRENT_PASSWORD_REQUIRED)
      .max(PASSWORD_MAX, WRONG_CURRENT_PASSWORD),
    newPassword: Password,
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    path: ["newPassword"],
    message: "Choose a new password that differs from your current one",
  });
export type PasswordChange = z.infer<typeof PasswordChange>;

/** How many other sessions (other browsers and devices) the change signed out. */
export const PasswordChanged = z.object({ otherSessionsEnded: z.number().int().min(0) });
export type PasswordChanged = z.infer<typeof PasswordChanged>;

export const AcceptTerms = z.object({
  termsVersion: z.literal(TERMS_VERSION, { error: `Terms version must be ${TERMS_VERSION}` }),
});
