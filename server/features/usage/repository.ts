import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { usageTracking } from "../../db/schema";

export type UsageCounters = {
  callMinutesUsed: number;
  callsScreened: number;
  transcriptionsUsed: number;
  appointmentsScheduled: number;
  /** House ads shown on a plan with ads (the Free plan). */
  adsViewed: number;
};

export type UsageMonth = UsageCounters & { year: number; month: number };

const ZERO: UsageCounters = {
  callMinutesUsed: 0,
  callsScreened: 0,
  transcriptionsUsed: 0,
  appointmentsScheduled: 0,
  adsViewed: 0,
};

export type UsageDelta = Partial<{
  callMinutesUsed: number;
  callsScreened: number;
  transcriptionsUsed: number;
  appointmentsScheduled: number;
  adsViewed: number;
}>;

/** Monthly usage counters, one row per account and calendar month (in the account's time zone). */
export function usageRepository(db: Db) {
  return {
    async add(
      workspaceId: string,
      period: { year: number; month: number },
      delta: UsageDelta,
    ): Promise<void> {
      const values = {
        callMinutesUsed: delta.callMinutesUsed ?? 0,
        callsScreened: delta.callsScreened ?? 0,
        transcriptionsUsed: delta.transcriptionsUsed ?? 0,
        appointmentsScheduled: delta.appointmentsScheduled ?? 0,
        adsViewed: delta.adsViewed ?? 0,
      };
      await db
        .insert(usageTracking)
        .values({ workspaceId, ...period, ...values })
        .onConflictDoUpdate({
          target: [usageTracking.workspaceId, usageTracking.year, usageTracking.month],
          set: {
            callMinutesUsed: sql`${usageTracking.callMinutesUsed} + ${values.callMinutesUsed}`,
            callsScreened: sql`${usageTracking.callsScreened} + ${values.callsScreened}`,
            transcriptionsUsed: sql`${usageTracking.transcriptionsUsed} + ${values.transcriptionsUsed}`,
            appointmentsScheduled: sql`${usageTracking.appointmentsScheduled} + ${values.appointmentsScheduled}`,
            adsViewed: sql`${usageTracking.adsViewed} + ${values.adsViewed}`,
          },
        });
    },

    /** One month's counters (zeros when nothing was counted yet). */
    async month(workspaceId: string, period: { year: number; month: number }): Promise<UsageCounters> {
      const [row] = await db
        .select({
          callMinutesUsed: usageTracking.callMinutesUsed,
          callsScreened: usageTracking.callsScreened,
          transcriptionsUsed: usageTracking.transcriptionsUsed,
          appointmentsScheduled: usageTracking.appointmentsScheduled,
          adsViewed: usageTracking.adsViewed,
        })
        .from(usageTracking)
        .where(
          and(
            eq(usageTracking.workspaceId, workspaceId),
            eq(usageTracking.year, period.year),
            eq(usageTracking.month, period.month),
          ),
        );
      return row ?? { ...ZERO };
    },

    /** The most recent months with any usage, newest first. */
    async history(workspaceId: string, months: number): Promise<UsageMonth[]> {
      return db
        .select({
          year: usageTracking.year,
          month: usageTracking.month,
          callMinutesUsed: usageTracking.callMinutesUsed,
          callsScreened: usageTracking.callsScreened,
          transcriptionsUsed: usageTracking.transcriptionsUsed,
          appointmentsScheduled: usageTracking.appointmentsScheduled,
          adsViewed: usageTracking.adsViewed,
        })
        .from(usageTracking)
        .where(eq(usageTracking.workspaceId, workspaceId))
        .orderBy(desc(usageTracking.year), desc(usageTracking.month))
        .limit(months);
    },
  };
}

export type UsageRepository = ReturnType<typeof usageRepository>;
