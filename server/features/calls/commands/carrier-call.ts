import type { Account } from "../../../http/account";
import { notFound } from "../../../http/errors";
import { agentCallEnded, assistantViewOf } from "../assistant";
import { type CallsContext, lockActive } from "../context";
import { appendLines, readStored } from "../engine-state";
import { type CallRow, callRepository } from "../repository";
import { finalizeCall } from "./finalize-call";

/** The carrier says the call was answered: it goes live and the assistant speaks first. Idempotent. */
export async function answerCarrierCall(
  ctx: CallsContext,
  account: Account,
  callId: string,
  input: { providerCallSid?: string | undefined; opening?: string | null | undefined },
): Promise<{ row: CallRow; greeting: string | null }> {
  const at = ctx.now();
  // Read before the transaction: on the embedded database it holds the one connection.
  const view = await assistantViewOf(ctx, account.id);
  const result = await ctx.inTransaction(async (tx) => {
    const { row } = await lockActive(tx, account, callId);
    if (row.status !== "ringing") return { row, greeting: null };
    const settings = await ctx.settings.rowIn(tx, account.id);
    // An outbound call states its purpose; an inbound one hears the default script's opening.
    const greeting =
      input.opening ??
      (row.direction === "outbound" ? row.aiResponse : null) ??
      view?.greeting ??
      settings.greetingMessage;
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
 * The carrier ended the call: the caller hung up (completed), or it never connected (busy,
 * no answer, failed, missed). An answered call gets its summary and counts as usage; the
 * carrier's own duration, when it sends one, is the call's duration. A call that already
 * ended (the assistant blocked it or said goodbye) only takes the carrier's duration.
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
      return (await repository.update(account.id, callId, { duration: input.duration })) ?? current;
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
    });
    if (input.duration !== undefined && input.duration !== row.duration)
      row = (await repository.update(account.id, callId, { duration: input.duration })) ?? row;
    return row;
  });
  if (ended) {
    await agentCallEnded(ctx, account.id, row);
    ctx.events.publish(account.id, { type: "call.ended", callId });
  }
  return row;
}
