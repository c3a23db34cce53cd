import type { Db } from "../../db/client";
import { type UsageCounters, type UsageDelta, type UsageMonth, usageRepository } from "./repository";

export type { UsageCounters, UsageDelta, UsageMonth };

/**
 * The monthly usage counters (usage_tracking, this area's table): what the engine adds as calls
 * end, and what billing and the limits read. It depends on nothing, so billing can read it and
 * the limits (service.ts), which need billing, sit above both.
 */
export function usageCounters(db: Db) {
  const repo = usageRepository(db);
  return {
    month: (workspaceId: string, period: { year: number; month: number }) => repo.month(workspaceId, period),
    history: (workspaceId: string, months: number) => repo.history(workspaceId, months),
    /** Adds to a month's counters inside the caller's transaction (a call's end, a booked turn). */
    addIn: (tx: Db, workspaceId: string, period: { year: number; month: number }, delta: UsageDelta) =>
      usageRepository(tx).add(workspaceId, period, delta),
  };
}

export type UsageCountersService = ReturnType<typeof usageCounters>;
