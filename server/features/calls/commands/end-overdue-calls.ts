import type { Account } from "../../../http/account";
import { agentCallEnded } from "../assistant";
import type { CallsContext } from "../context";
import { appendLines, minutesText, readStored } from "../engine-state";
import { callRepository } from "../repository";
import { finalizeCall } from "./finalize-call";

/** Calls the timeout sweep ends in one pass; it runs again at the next housekeeping. */
const OVERDUE_SWEEP_BATCH = 200;

/** "5 minutes", "90 seconds": the limit as the transcript says it. */
export function callLimitText(seconds: number): string {
  return seconds % 60 === 0 ? minutesText(seconds / 60) : `${seconds} seconds`;
}

/**
 * The platform's call time limit (the administrator's defaultCallTimeout, issue 16 part 4):
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
  let ended = 0;
  const accountsSeen = new Map<string, Account | undefined>();
  for (const { id, workspaceId } of overdue) {
    if (!accountsSeen.has(workspaceId)) accountsSeen.set(workspaceId, await ctx.accounts.load(workspaceId));
    const account = accountsSeen.get(workspaceId);
    if (!account) continue;
    const row = await ctx.inTransaction(async (tx) => {
      const repository = callRepository(tx);
      const current = await repository.getForUpdate(account.id, id);
      // Ended since the list was read.
      if (!current?.isActive) return null;
      const stored = readStored(current);
      const line = `System: Ended automatically: calls on this platform last at most ${limit}`;
      const transcript = appendLines(current.transcript, [line]);
      if (current.status === "ringing") {
        stored.state.stage = "ended";
        return repository.update(account.id, id, {
          isActive: false,
          isOnHold: false,
          status: "missed",
          endTime: at,
          duration: 0,
          actionTaken: "Never answered",
          transcript,
          engineState: stored,
        });
      }
      const updated = (await repository.update(account.id, id, { transcript })) ?? current;
      return finalizeCall(ctx, tx, account, updated, stored, {
        endedBy: "assistant",
        status: stored.state.turns > 0 ? "completed" : "missed",
        at,
        summaryNote: `It ended automatically at the platform's call time limit of ${limit}.`,
      });
    });
    if (!row) continue;
    ended++;
    await agentCallEnded(ctx, account.id, row);
    ctx.events.publish(account.id, { type: "call.ended", callId: id });
    // A phone call still on the line is hung up at the carrier.
    ctx.control.notify({ type: "end", account, call: row });
  }
  return ended;
}
