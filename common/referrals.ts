import { z } from "zod";

/**
 * Referrals: each workspace has a link; a workspace that signs up through it is recorded, and
 * when it first pays, both workspaces are credited one month of the plan it bought.
 */
export const REFERRAL_PARAM = "ref";
export const REFERRAL_CODE_LENGTH = 10;

export const REFERRAL_REWARD_TEXT =
  "When a workspace you referred first pays for a plan, you both get a credit worth one month of that plan.";
export const UNKNOWN_REFERRAL_CODE = "That referral link is not valid";
export const OWN_REFERRAL = "You cannot use your own workspace's referral link";
export const ALREADY_REFERRED = "This workspace was already referred";
export const REFERRAL_TOO_LATE = "A referral link counts only when it is used to sign up, within a day of it";

export const ReferralClaimRequest = z.object({
  code: z
    .string({ error: UNKNOWN_REFERRAL_CODE })
    .trim()
    .regex(/^[A-Za-z0-9]{6,32}$/, UNKNOWN_REFERRAL_CODE),
});

export const ReferralSignup = z.object({
  id: z.string(),
  /** The address is shown masked: the referrer learns who joined, not their full address. */
  email: z.string(),
  status: z.enum(["signed_up", "rewarded"]),
  signedUpAt: z.string(),
  rewardedAt: z.string().nullable(),
  rewardCents: z.number().int().nullable(),
});
export type ReferralSignup = z.infer<typeof ReferralSignup>;

export const ReferralReward = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  /** "stripe": taken off the next invoice; "local": recorded (no card subscription to credit). */
  provider: z.enum(["stripe", "local"]),
  /** Why: the workspace you referred, or the referral you signed up through. */
  reason: z.enum(["you_referred", "you_were_referred"]),
  createdAt: z.string(),
});
export type ReferralReward = z.infer<typeof ReferralReward>;

/** GET /api/referrals */
export const ReferralOverview = z.object({
  code: z.string(),
  link: z.string(),
  rewardText: z.string(),
  signups: z.array(ReferralSignup),
  rewards: z.array(ReferralReward),
  totalCreditCents: z.number().int(),
});
export type ReferralOverview = z.infer<typeof ReferralOverview>;

export const ReferralClaimed = z.object({ message: z.string() });
