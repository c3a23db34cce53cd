import type { Account } from "../../../domain/account";
import { agentCallEnded } from "../assistant";
import type { CallsContext } from "../context";
import { appendLines, readStored } from "../engine-state";
import { type CallRow, callRepository } from "../repository";
import { finalizeCall } from "./finalize-call";

/** Why and how a sweep ends a call: what the transcript and summary say, and when it ended. */
export type AutomaticEnd = {
  /** Read again under the row's lock: false when the call changed since the list was read. */
  stillDue(current: CallRow): boolean;
  /** The transcript's System line. */
  line: string;
  summaryNote: string;
  endedBy: "caller" | "assistant";
  endAt(current: CallRow): Date;
};

/**
 * Ends the listed live calls one by one, each in its own transaction (idle-call and call-time
 * sweeps): a call never answered is missed with no duration; otherwise it is finalised, missed
 * when the caller never spoke, else completed with its summary. Each end is told to the agents,
 * the screens (call.ended) and the carrier (a phone call still on the line is hung up).
 * Returns how many calls it ended.
 */
export async function endCallsAutomatically(
  ctx: CallsContext,
  calls: readonly { id: string; workspaceId: string }[],
  why: AutomaticEnd,
): Promise<number> {
  let ended = 0;
  const accountsSeen = new Map<string, Account | undefined>();
  for (const { id, workspaceId } of calls) {
    if (!accountsSeen.has(workspaceId)) accountsSeen.set(workspaceId, await ctx.accounts.load(workspaceId));
    const account = accountsSeen.get(workspaceId);
    if (!account) continue;
    const row = await ctx.inTransaction(async (tx) => {
      const repository = callRepository(tx);
      const current = await repository.getForUpdate(account.id, id);
      if (!current?.isActive || !why.stillDue(current)) return null;
      const stored = readStored(current);
      const transcript = appendLines(current.transcript, [why.line]);
      const at = why.endAt(current);
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
        endedBy: why.endedBy,
        status: stored.state.turns > 0 ? "completed" : "missed",
        at,
        summaryNote: why.summaryNote,
      });
    });
    if (!row) continue;
    ended++;
    await agentCallEnded(ctx, account.id, row);
    ctx.events.publish(account.id, { type: "call.ended", callId: id });
    ctx.control.notify({ type: "end", account, call: row });
  }
  return ended;
}
