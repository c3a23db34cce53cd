import type { ReferralReward, ReferralSignup } from "../../../common/referrals";
import type { ReferralRow, RewardRow } from "./repository";

/** "al…@example.com": the referrer sees who joined without their whole address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return email ? "…" : "";
  return `${email.slice(0, Math.min(2, at))}…${email.slice(at)}`;
}

export function presentSignup(row: ReferralRow): ReferralSignup {
  return {
    id: row.id,
    email: maskEmail(row.refereeEmail),
    status: row.status === "rewarded" ? "rewarded" : "signed_up",
    signedUpAt: row.createdAt.toISOString(),
    rewardedAt: row.completedAt?.toISOString() ?? null,
    rewardCents: row.rewardValue,
  };
}

export function presentReward(workspaceId: string, reward: RewardRow, referral: ReferralRow): ReferralReward {
  return {
    id: reward.id,
    amountCents: reward.amountCents,
    provider: reward.provider === "stripe" ? "stripe" : "local",
    reason: referral.referrerWorkspaceId === workspaceId ? "you_referred" : "you_were_referred",
    createdAt: reward.createdAt.toISOString(),
  };
}
