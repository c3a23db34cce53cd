import type { CallsContext } from "../context";
import { minutesText } from "../engine-state";
import { endCallsAutomatically } from "./end-automatically";

/** Twilio ends every call after 4 hours unless told otherwise (its timeLimit); the app never says otherwise. */
const CARRIER_MAX_CALL_MS = 4 * 60 * 60 * 1000;
/** Calls the idle sweep ends in one pass; it runs again at the next housekeeping. */
const IDLE_SWEEP_BATCH = 200;

/**
 * Ends live calls nobody has touched for idleCallMinutes: a demo or simulation whose page was
 * left, a simulated phone call orphaned by a restart (the simulator lives in the process).
 * Twilio calls end by Twilio's word, so one is only closed once it is older than Twilio's
 * 4-hour limit: its end never reached us. The transcript says why; a call where the caller
 * never spoke is missed, else completed, with its summary. A browser-driven call's duration is
 * the time it was in use (up to its last activity); a carrier's call keeps the carrier's.
 * Housekeeping calls this; returns how many calls it ended.
 */
export async function endIdleCalls(ctx: CallsContext): Promise<number> {
  const { idleCallMinutes } = ctx;
  const at = ctx.now();
  const idleMs = idleCallMinutes * 60_000;
  const before = new Date(at.getTime() - idleMs);
  const carrierBefore = new Date(at.getTime() - CARRIER_MAX_CALL_MS - idleMs);
  const idle = await ctx.calls.idleLiveCalls(before, carrierBefore, IDLE_SWEEP_BATCH);
  return endCallsAutomatically(ctx, idle, {
    // A turn may have come in since the list was read.
    stillDue: (current) => current.lastActivityAt < before,
    line: `System: Ended automatically: nothing happened on this call for ${minutesText(idleCallMinutes)}`,
    summaryNote: `It ended automatically after ${minutesText(idleCallMinutes)} without activity.`,
    endedBy: "caller",
    endAt: (current) => (current.providerCallSid ? at : current.lastActivityAt),
  });
}
