import { endAttempt } from "./answer";
import type { AttemptOnLine } from "./attempts-repository";
import type { RuntimeContext } from "./context";
import { dialClaimed } from "./dial";

/**
 * Attempts a dead process (kill -9 mid-campaign) or a lost webhook left behind, taken up on a
 * later tick by whichever server runs it, once they are older than a live server would leave
 * them (the graces below). On the embedded database, which one process alone opens, queued and
 * waiting attempts from before this process started are known orphans and are taken up on its
 * first tick. Ringing ones keep their grace: the simulator's calls that died with the process are
 * ended at start, with their attempts (telephony's endCallsCutOffByRestart), and a carrier's
 * still-ringing call may yet be reported on:
 * - queued and never placed (the process died between the claim's commit and the dial): dialled
 *   now under the same dial key, so a call that did go out is found, not placed again; the gate
 *   is asked again, as at every dial;
 * - dialing or ringing past any ring time: the call's own record says how it ended (the
 *   simulator's calls die with their process and are ended as cut off at the restart); still
 *   live there, the attempt failed (nothing heard from the carrier);
 * - answered and still waiting for an agent long after the 2 seconds: abandoned;
 * - connected for long: ended if the call's record has ended.
 */
const QUEUED_GRACE_MS = 30_000;
/** Past the longest ring (30 s) and answering-machine detection (about 30 s), with room to spare. */
const RINGING_GRACE_MS = 2 * 60_000;
const WAITING_GRACE_MS = 30_000;
const CONNECTED_CHECK_MS = 10 * 60_000;
const PER_TICK = 50;

export const CUT_OFF_REASON = "The server stopped while the call waited for an agent";
export const NO_WORD_REASON = "The carrier never reported how the call went";

export async function recoverStale(ctx: RuntimeContext): Promise<number> {
  const now = ctx.now().getTime();
  // The later of the grace's end and this process's start (embedded database only).
  const orLeftByDeadProcess = (graceEnd: Date) =>
    ctx.orphanedBefore && ctx.orphanedBefore > graceEnd ? ctx.orphanedBefore : graceEnd;
  const stale = await ctx.repo.stale(
    {
      queuedBefore: orLeftByDeadProcess(new Date(now - QUEUED_GRACE_MS)),
      ringingBefore: new Date(now - RINGING_GRACE_MS),
      waitingBefore: orLeftByDeadProcess(new Date(now - WAITING_GRACE_MS)),
      connectedBefore: new Date(now - CONNECTED_CHECK_MS),
    },
    PER_TICK,
  );
  let recovered = 0;
  for (const attempt of stale) {
    try {
      if (await recoverOne(ctx, attempt)) recovered++;
    } catch (error) {
      ctx.log.warn({ err: error, attemptId: attempt.id }, "a stale dial attempt could not be taken up");
    }
  }
  return recovered;
}

async function recoverOne(ctx: RuntimeContext, attempt: AttemptOnLine): Promise<boolean> {
  if (attempt.state === "queued") {
    const lead = await ctx.repo.claimedAgain(attempt.id);
    const campaign = await ctx.repo.campaignForCall(attempt.campaignId);
    if (!lead || !campaign) return false;
    // Paused (or completed) since the claim: the lead goes back, undialled.
    if (campaign.status !== "active") await ctx.repo.release(attempt.id, lead.priorStatus, ctx.now());
    else await dialClaimed(ctx, campaign, lead);
    return true;
  }
  if (attempt.state === "answered") {
    await ctx.attempts.markAttempt(attempt.id, { state: "abandoned", reason: CUT_OFF_REASON });
    return true;
  }
  const account = await ctx.accounts.load(attempt.workspaceId);
  if (!account) return false;
  const call = await ctx.calls.findByDialKey(account, attempt.dialKey);
  if (!call) {
    await ctx.attempts.markAttempt(attempt.id, { state: "failed", reason: "The call was never placed" });
    return true;
  }
  if (!call.isActive) await endAttempt(ctx, attempt, call.status);
  else if (attempt.state === "dialing" || attempt.state === "ringing") {
    // Rung longer than any ring and answer detection take, and still no word from the carrier:
    // its server died with the call (another server's simulator) or the reports were lost.
    await ctx.attempts.markAttempt(attempt.id, { state: "failed", reason: NO_WORD_REASON });
  } else return false;
  return true;
}
