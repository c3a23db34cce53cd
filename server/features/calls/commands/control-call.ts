import { displayName } from "../../../../common/user";
import type { Account } from "../../../domain/account";
import { Conflict, notFound } from "../../../domain/errors";
import { agentCallEnded } from "../assistant";
import { type CallsContext, lockActive } from "../context";
import { appendLines, readStored } from "../engine-state";
import { type CallRow, callRepository } from "../repository";
import { finalizeCall } from "./finalize-call";

/**
 * The user acts on a live call from the screen: notes, end, hold, resume, "Transfer to Me".
 * Each change is written under the call's lock, then announced to the screens (events) and to
 * the carrier layer (control), which changes a real phone call to match.
 */

/** Ending from the screen (PATCH isActive false): the server's clock sets endTime and duration. */
export async function patchCall(
  ctx: CallsContext,
  account: Account,
  callId: string,
  body: {
    isActive?: boolean | undefined;
    status?: "completed" | "missed" | undefined;
    notes?: string | undefined;
  },
): Promise<CallRow> {
  const at = ctx.now();
  const row = await ctx.inTransaction(async (tx) => {
    const calls = callRepository(tx);
    const current = await calls.getForUpdate(account.id, callId);
    if (!current) throw notFound("That call");
    let row = current;
    if (body.notes !== undefined) {
      row = (await calls.update(account.id, callId, { notes: body.notes || null })) ?? row;
    }
    if (body.isActive === false && row.isActive) {
      const stored = readStored(row);
      const transcript = appendLines(row.transcript, ["System: Call ended"]);
      row = (await calls.update(account.id, callId, { transcript })) ?? row;
      row = await finalizeCall(ctx, tx, account, row, stored, {
        endedBy: "user",
        status: body.status ?? "completed",
        at,
      });
    } else if (body.isActive === true && !row.isActive) {
      throw new Conflict("An ended call cannot be restarted");
    }
    return row;
  });
  if (body.isActive === false) {
    await agentCallEnded(ctx, account.id, row);
    ctx.events.publish(account.id, { type: "call.ended", callId });
    ctx.control.notify({ type: "end", account, call: row });
  }
  return row;
}

export async function holdCall(
  ctx: CallsContext,
  account: Account,
  callId: string,
  isOnHold: boolean,
): Promise<CallRow> {
  const row = await ctx.inTransaction(async (tx) => {
    const { row } = await lockActive(tx, account, callId);
    if (row.isOnHold === isOnHold) return row;
    const line = isOnHold ? "System: Caller placed on hold" : "System: Call resumed";
    const updated = await callRepository(tx).update(account.id, callId, {
      isOnHold,
      status: isOnHold ? "on_hold" : "in_progress",
      transcript: appendLines(row.transcript, [line]),
      lastActivityAt: ctx.now(),
    });
    return updated ?? row;
  });
  ctx.events.publish(account.id, { type: "call.updated", callId });
  ctx.control.notify({ type: isOnHold ? "hold" : "resume", account, call: row });
  return row;
}

/** "Transfer to Me": the user takes the call; the assistant stops answering. Not undoable. */
export async function transferCall(ctx: CallsContext, account: Account, callId: string): Promise<CallRow> {
  const at = ctx.now();
  const row = await ctx.inTransaction(async (tx) => {
    const { row, stored } = await lockActive(tx, account, callId);
    if (row.transferredAt) return row;
    const person = displayName(account.actor ?? account.owner);
    stored.state.stage = "handed_off";
    stored.state.actionTaken = `Transferred to ${person}`;
    const updated = await callRepository(tx).update(account.id, callId, {
      transferredAt: at,
      isOnHold: false,
      status: "in_progress",
      actionTaken: stored.state.actionTaken,
      engineState: stored,
      lastActivityAt: at,
      transcript: appendLines(row.transcript, [`System: Call transferred to ${person}`]),
    });
    return updated ?? row;
  });
  ctx.events.publish(account.id, { type: "call.updated", callId });
  ctx.control.notify({ type: "transfer", account, call: row });
  return row;
}
