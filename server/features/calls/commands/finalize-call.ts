import type { Db } from "../../../db/client";
import type { Account } from "../../../domain/account";
import { callClassification, summarizeCall } from "../../../engine";
import type { CallsContext } from "../context";
import { monthOf, type StoredEngineState } from "../engine-state";
import { type CallRow, callRepository } from "../repository";

export type FinalizeOptions = {
  endedBy: "caller" | "assistant" | "user";
  status: string;
  at: Date;
  /** False for a call the carrier says should not count (a system test's); test calls never count. */
  countUsage?: boolean;
  /** A sentence the summary ends with (why the app ended the call). */
  summaryNote?: string;
  /** Seconds the carrier measured (Twilio's CallDuration); absent: from the start to `at`. */
  duration?: number | undefined;
};

/**
 * Ends a live call inside the caller's transaction: the engine's summary, the duration, the
 * final state, and (a real call only) the plan's usage: one screened call and its minutes.
 */
export async function finalizeCall(
  ctx: Pick<CallsContext, "usage" | "studio" | "outcomes">,
  tx: Db,
  account: Account,
  row: CallRow,
  stored: StoredEngineState,
  { endedBy, status, at, countUsage = true, summaryNote, duration: measured }: FinalizeOptions,
): Promise<CallRow> {
  const outcome = summarizeCall(stored.state, row.callerName || row.phoneNumber, endedBy);
  if (summaryNote) outcome.summary = `${outcome.summary} ${summaryNote}`;
  stored.state.stage = "ended";
  // The carrier's measure when it gave one: the start time is when the call began ringing.
  const duration = measured ?? Math.max(0, Math.round((at.getTime() - row.startTime.getTime()) / 1000));
  const updated = await callRepository(tx).update(account.id, row.id, {
    isActive: false,
    isOnHold: false,
    endTime: at,
    duration,
    status,
    classification: callClassification(stored.state) ?? row.classification,
    summary: outcome.summary,
    sentiment: outcome.sentiment,
    importance: outcome.importance,
    followUpRequired: outcome.followUpRequired,
    actionTaken: outcome.actionTaken,
    customerSatisfaction: outcome.customerSatisfaction,
    engineState: stored,
  });
  // Test calls never count against the plan (README: "Test calls").
  if (countUsage && !row.isTest)
    await ctx.usage.addIn(tx, account.id, monthOf(at, account.timezone), {
      callsScreened: 1,
      // Like carriers, an answered call counts whole minutes, at least one.
      callMinutesUsed: Math.max(1, Math.ceil(duration / 60)),
    });
  // AI Studio's automation rules: queued in this transaction, they run once
  // the ended call is stored. The port never throws: a rule's failure cannot fail the call.
  if (updated) await ctx.studio?.callEnded(tx, account, updated);
  // The contact's phone log takes the call's real duration and what it came to.
  if (updated) await ctx.outcomes?.endedIn(tx, account, updated);
  return updated ?? row;
}
