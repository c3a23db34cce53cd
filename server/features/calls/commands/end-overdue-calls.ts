import type { CallsContext } from "../context";
import { minutesText } from "../engine-state";
import { endCallsAutomatically } from "./end-automatically";

/** Calls the timeout sweep ends in one pass; it runs again at the next housekeeping. */
const OVERDUE_SWEEP_BATCH = 200;

/** "5 minutes", "90 seconds": the limit as the transcript says it. */
export function callLimitText(seconds: number): string {
  return seconds % 60 === 0 ? minutesText(seconds / 60) : `${seconds} seconds`;
}

/**
 * The platform's call time limit (the administrator's defaultCallTimeout):
 * every live call, in every workspace and of every kind, that started more than `timeoutSeconds`
 * ago is ended. The transcript and summary say why; a call never answered is missed, one where
 * the caller never spoke is missed, else completed. A phone call is hung up at the carrier too
 * (the control's "end", as when the user ends it). Housekeeping runs it every minute, so a call
 * ends at most a minute after its limit; returns how many calls it ended.
 */
export async function endOverdueCalls(ctx: CallsContext, timeoutSeconds: number): Promise<number> {
  const at = ctx.now();
  const before = new Date(at.getTime() - timeoutSeconds * 1000);
  const overdue = await ctx.calls.liveStartedBefore(before, OVERDUE_SWEEP_BATCH);
  const limit = callLimitText(timeoutSeconds);
  return endCallsAutomatically(ctx, overdue, {
    stillDue: () => true,
    line: `System: Ended automatically: calls on this platform last at most ${limit}`,
    summaryNote: `It ended automatically at the platform's call time limit of ${limit}.`,
    endedBy: "assistant",
    endAt: () => at,
  });
}
