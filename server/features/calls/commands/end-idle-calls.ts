import type { Account } from "../../../http/account";
import { agentCallEnded } from "../assistant";
import type { CallsContext } from "../context";
import { appendLines, minutesText, readStored } from "../engine-state";
import { callRepository } from "../repository";
import { finalizeCall } from "./finalize-call";

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
  let ended = 0;
  const accountsSeen = new Map<string, Account | undefined>();
  for (const { id, workspaceId } of idle) {
    if (!accountsSeen.has(workspaceId)) accountsSeen.set(workspaceId, await ctx.accounts.load(workspaceId));
    const account = accountsSeen.get(workspaceId);
    if (!account) continue;
    const row = await ctx.inTransaction(async (tx) => {
      const repository = callRepository(tx);
      const current = await repository.getForUpdate(account.id, id);
      // A turn may have come in since the list was read.
      if (!current?.isActive || current.lastActivityAt >= before) return null;
      const stored = readStored(current);
      const line = `System: Ended automatically: nothing happened on this call for ${minutesText(idleCallMinutes)}`;
      const transcript = appendLines(current.transcript, [line]);
      const endAt = current.providerCallSid ? at : current.lastActivityAt;
      if (current.status === "ringing") {
        stored.state.stage = "ended";
        return repository.update(account.id, id, {
          isActive: false,
          isOnHold: false,
          status: "missed",
          endTime: endAt,
          duration: 0,
          actionTaken: "Never answered",
          transcript,
          engineState: stored,
        });
      }
      const updated = (await repository.update(account.id, id, { transcript })) ?? current;
      return finalizeCall(ctx, tx, account, updated, stored, {
        endedBy: "caller",
        status: stored.state.turns > 0 ? "completed" : "missed",
        at: endAt,
        summaryNote: `It ended automatically after ${minutesText(idleCallMinutes)} without activity.`,
      });
    });
    if (!row) continue;
    ended++;
    await agentCallEnded(ctx, account.id, row);
    ctx.events.publish(account.id, { type: "call.ended", callId: id });
    // A simulated phone call still playing (on hold, say) is hung up at the carrier too.
    ctx.control.notify({ type: "end", account, call: row });
  }
  return ended;
}
