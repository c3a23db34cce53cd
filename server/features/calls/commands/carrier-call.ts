import type { Account } from "../../../domain/account";
import { notFound } from "../../../domain/errors";
import { agentCallEnded, assistantState, assistantViewOf } from "../assistant";
import { type CallsContext, lockActive } from "../context";
import { appendLines, readStored } from "../engine-state";
import { type CallRow, callRepository } from "../repository";
import { finalizeCall } from "./finalize-call";
import { openingOf } from "./start-call";

/** The carrier says the call was answered: it goes live and the assistant speaks first. Idempotent. */
export async function answerCarrierCall(
  ctx: CallsContext,
  account: Account,
  callId: string,
  input: { providerCallSid?: string | undefined; opening?: string | null | undefined },
): Promise<{ row: CallRow; greeting: string | null }> {
  const at = ctx.now();
  const result = await ctx.inTransaction(async (tx) => {
    const { row } = await lockActive(tx, account, callId);
    if (row.status !== "ringing") return { row, greeting: null };
    // The opening the engine wrote when the call started ringing (startCarrierCall).
    const greeting =
      input.opening ?? row.aiResponse ?? (await ctx.settings.rowIn(tx, account.id)).greetingMessage;
    const updated = await callRepository(tx).update(account.id, callId, {
      status: "in_progress",
      startTime: at,
      lastActivityAt: at,
      transcript: appendLines(row.transcript, [`AI: ${greeting}`]),
      aiResponse: greeting,
      ...(input.providerCallSid && !row.providerCallSid ? { providerCallSid: input.providerCallSid } : {}),
    });
    return { row: updated ?? row, greeting };
  });
  if (result.greeting) ctx.events.publish(account.id, { type: "call.updated", callId });
  return result;
}

/**
 * A call still ringing is given to an AI agent (an autodialer campaign's, chosen when a person
 * answered): the agent takes the call, and its opening is what the person hears first.
 */
export async function assignCallAgent(
  ctx: CallsContext,
  account: Account,
  callId: string,
  agentId: string,
): Promise<void> {
  const at = ctx.now();
  // Read before the transaction: on the embedded database it holds the one connection.
  const [view, settings] = await Promise.all([
    assistantViewOf(ctx, account.id),
    ctx.settings.row(account.id),
  ]);
  if (!view?.hasAgent(agentId)) return;
  await ctx.inTransaction(async (tx) => {
    const { row } = await lockActive(tx, account, callId);
    if (row.status !== "ringing" || row.agentId === agentId) return;
    const stored = readStored(row);
    const direction = row.direction === "outbound" ? "outbound" : "inbound";
    const opening = openingOf(
      view,
      account,
      settings,
      { direction, phoneNumber: row.phoneNumber, callerName: row.callerName, at },
      { agentId, purpose: stored.purpose ?? null, contactId: row.contactId },
      stored.state,
      stored.script ?? null,
    );
    await callRepository(tx).update(account.id, callId, {
      agentId,
      aiResponse: opening,
      engineState: { ...stored, ...assistantState(view, direction, agentId) },
    });
  });
}

/**
 * The carrier ended the call: the caller hung up (completed), or it never connected (busy,
 * no answer, failed, missed). An answered call gets its summary and counts as usage; the
 * carrier's own duration, when it sends one, is the call's duration. A call that already
 * ended (the assistant blocked it or said goodbye) only takes the carrier's duration (and so
 * does its contact's phone log).
 */
export async function endCarrierCall(
  ctx: CallsContext,
  account: Account,
  callId: string,
  input: {
    status: string;
    duration?: number | undefined;
    line?: string | undefined;
    countUsage?: boolean;
    /** For a call refused before it was answered (a blocked number is spam). */
    classification?: string | undefined;
  },
): Promise<CallRow> {
  const at = ctx.now();
  let ended = false;
  const row = await ctx.inTransaction(async (tx) => {
    const repository = callRepository(tx);
    const current = await repository.getForUpdate(account.id, callId);
    if (!current) throw notFound("That call");
    if (!current.isActive) {
      if (input.duration === undefined || current.duration === input.duration) return current;
      // The assistant hung up first; the carrier's completed status comes after, with the
      // length it measured: the call and its contact's phone log take it.
      const measured = await repository.update(account.id, callId, { duration: input.duration });
      if (measured) await ctx.outcomes?.measuredIn(tx, account, measured);
      return measured ?? current;
    }
    ended = true;
    const stored = readStored(current);
    const lines = input.line ? [input.line] : [];
    if (current.status === "ringing") {
      stored.state.stage = "ended";
      return (
        (await repository.update(account.id, callId, {
          isActive: false,
          isOnHold: false,
          status: input.status,
          endTime: at,
          duration: 0,
          actionTaken: input.line?.replace(/^System: /, "") ?? "",
          ...(input.classification ? { classification: input.classification } : {}),
          transcript: appendLines(current.transcript, lines),
          engineState: stored,
        })) ?? current
      );
    }
    let row = current;
    if (lines.length)
      row =
        (await repository.update(account.id, callId, {
          transcript: appendLines(row.transcript, lines),
        })) ?? row;
    row = await finalizeCall(ctx, tx, account, row, stored, {
      endedBy: "caller",
      status: input.status,
      at,
      countUsage: input.countUsage ?? true,
      duration: input.duration,
    });
    return row;
  });
  if (ended) {
    await agentCallEnded(ctx, account.id, row);
    ctx.events.publish(account.id, { type: "call.ended", callId });
  }
  return row;
}
