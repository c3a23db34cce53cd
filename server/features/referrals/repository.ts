import { and, desc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { referralCodes, referralRewards, referrals } from "../../db/schema";

export type ReferralRow = typeof referrals.$inferSelect;
export type RewardRow = typeof referralRewards.$inferSelect;

/** The referrals area's tables: codes, referrals and the credits given for them. */
export function referralsRepository(db: Db) {
  return {
    async codeOf(workspaceId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ code: referralCodes.code })
        .from(referralCodes)
        .where(eq(referralCodes.workspaceId, workspaceId));
      return row?.code;
    },

    /** Keeps the first code a workspace is given (two first reads at once agree on one). */
    async keepCode(workspaceId: string, code: string): Promise<string> {
      await db.insert(referralCodes).values({ workspaceId, code }).onConflictDoNothing();
      const [row] = await db
        .select({ code: referralCodes.code })
        .from(referralCodes)
        .where(eq(referralCodes.workspaceId, workspaceId));
      if (!row) throw new Error("referral code not kept");
      return row.code;
    },

    async workspaceOfCode(code: string): Promise<string | undefined> {
      const [row] = await db
        .select({ workspaceId: referralCodes.workspaceId })
        .from(referralCodes)
        .where(eq(referralCodes.code, code));
      return row?.workspaceId;
    },

    /** Records a referral; undefined when the workspace was referred already. */
    async insert(values: typeof referrals.$inferInsert): Promise<ReferralRow | undefined> {
      const [row] = await db.insert(referrals).values(values).onConflictDoNothing().returning();
      return row;
    },

    /** The referral a workspace signed up through, still waiting for its first payment. */
    async pendingForReferee(refereeWorkspaceId: string): Promise<ReferralRow | undefined> {
      const [row] = await db
        .select()
        .from(referrals)
        .where(and(eq(referrals.refereeWorkspaceId, refereeWorkspaceId), eq(referrals.status, "signed_up")));
      return row;
    },

    async hasReward(referralId: string, workspaceId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: referralRewards.id })
        .from(referralRewards)
        .where(and(eq(referralRewards.referralId, referralId), eq(referralRewards.workspaceId, workspaceId)));
      return row !== undefined;
    },

    /** Referred workspaces still waiting for their first payment, oldest first. */
    async pendingReferees(limit: number): Promise<string[]> {
      const rows = await db
        .select({ workspaceId: referrals.refereeWorkspaceId })
        .from(referrals)
        .where(eq(referrals.status, "signed_up"))
        .orderBy(referrals.createdAt)
        .limit(limit);
      return rows.map((row) => row.workspaceId);
    },

    async recordReward(values: typeof referralRewards.$inferInsert): Promise<void> {
      await db.insert(referralRewards).values(values).onConflictDoNothing();
    },

    async markRewarded(id: string, rewardValue: number, at: Date): Promise<void> {
      await db
        .update(referrals)
        .set({ status: "rewarded", rewardValue, completedAt: at })
        .where(eq(referrals.id, id));
    },

    /** The workspaces this one referred, newest first (the screen shows the latest hundred). */
    async referredBy(referrerWorkspaceId: string, limit: number): Promise<ReferralRow[]> {
      return db
        .select()
        .from(referrals)
        .where(eq(referrals.referrerWorkspaceId, referrerWorkspaceId))
        .orderBy(desc(referrals.createdAt), desc(referrals.id))
        .limit(limit);
    },

    /** The credits this workspace got, with the referral each came from. */
    async rewardsOf(workspaceId: string): Promise<{ reward: RewardRow; referral: ReferralRow }[]> {
      const rewards = await db
        .select()
        .from(referralRewards)
        .where(eq(referralRewards.workspaceId, workspaceId))
        .orderBy(desc(referralRewards.createdAt));
      if (rewards.length === 0) return [];
      const ids = rewards.map((reward) => reward.referralId);
      const rows = await db
        .select()
        .from(referrals)
        .where(
          and(
            inArray(referrals.id, ids),
            or(eq(referrals.referrerWorkspaceId, workspaceId), eq(referrals.refereeWorkspaceId, workspaceId)),
          ),
        );
      const byId = new Map(rows.map((row) => [row.id, row]));
      return rewards.flatMap((reward) => {
        const referral = byId.get(reward.referralId);
        return referral ? [{ reward, referral }] : [];
      });
    },
  };
}

export type ReferralsRepository = ReturnType<typeof referralsRepository>;
