import type { CallDirection } from "../../../../common/agents";
import type { Db } from "../../../db/client";
import type { Account } from "../../../domain/account";
import { Conflict, notFound } from "../../../domain/errors";
import type { EnginePorts, TurnResult } from "../../../engine";
import type { AnsweredTurn, AssistantView } from "../../agents/call-assistant";
import { promptContext } from "../../agents/call-brief";
import { agentCallEnded, assistantState, assistantViewOf, recordAgentTurn } from "../assistant";
import type { CallsContext, Understand } from "../context";
import { conversationOf } from "../conversation-of";
import { appendLines, engineAccount, monthOf, readStored, type StoredEngineState } from "../engine-state";
import { type CallPatch, type CallRow, callRepository } from "../repository";
import { finalizeCall } from "./finalize-call";

type Understood = Awaited<ReturnType<Understand>>;
type StoredAnalysis = NonNullable<CallRow["analysis"]> & { source: "local" | "llm" };
type Turn = { row: CallRow; turn: TurnResult; analysis: StoredAnalysis; answered: AnsweredTurn | null };

/** The engine asked to change an appointment during a lock-free turn: redo it under the lock. */
const NEEDS_LOCK = Symbol("the turn needs the call's lock");

/**
 * One caller turn: understand, decide, respond, act. Most turns change nothing but the call
 * itself and take two round trips, a read and a write that lands only if nobody wrote in between
 *. A turn that books, moves or cancels an appointment, ends the call, or
 * counts a transcription (and a turn that lost the race) runs under the call's lock instead.
 */
export async function takeTurn(
  ctx: CallsContext,
  account: Account,
  callId: string,
  text: string,
  options: { transcribed: boolean },
) {
  const at = ctx.now();
  const started = performance.now();
  // The default script and the agents, cached: read before any transaction (see assistant.ts).
  const view = await assistantViewOf(ctx, account.id);
  // A language model may take seconds: ask it before taking the call's lock, so neither the
  // lock nor (on the embedded database) anyone else's request waits for it. The local AI
  // takes a fraction of a millisecond and runs inside, saving a read.
  let understood: Understood | undefined;
  if (ctx.understand.remote) {
    const before = await ctx.calls.get(account.id, callId);
    if (!before) throw notFound("That call");
    if (!before.isActive) throw new Conflict("This call has already ended");
    const stored = readStored(before);
    const settings = await ctx.settings.row(account.id);
    const plan = view?.plan(account, settings, {
      direction: before.direction as CallDirection,
      placedAgentId: before.agentId,
      previousAgentId: stored.assistant?.agentId ?? null,
      purpose: stored.purpose ?? null,
    });
    understood = await ctx.understand(text, stored.facts, plan ? promptContext(plan.brief) : undefined);
  }

  const quick = options.transcribed
    ? undefined
    : await plainTurn(ctx, account, callId, text, at, understood, view);
  const result =
    quick ??
    (await ctx.inTransaction((tx) =>
      lockedTurn(ctx, tx, account, callId, text, at, options, understood, view),
    ));
  recordAgentTurn(ctx, account.id, result.row, result.answered, performance.now() - started);
  if (!result.row.isActive) await agentCallEnded(ctx, account.id, result.row);

  const { events } = ctx;
  events.publish(account.id, { type: "call.updated", callId, lines: result.turn.lines });
  if (result.turn.analysis.appointment) {
    events.publish(account.id, {
      type: "appointment.created",
      appointmentId: result.turn.analysis.appointment.appointmentId,
    });
  }
  if (!result.row.isActive) events.publish(account.id, { type: "call.ended", callId });
  return {
    call: result.row,
    reply: result.turn.reply,
    analysis: result.analysis,
    /** Where this turn transferred the call (the script's number, the owner's cell), if it did. */
    forwardTo: result.turn.call.forwardTo,
  };
}

/**
 * A caller turn without a lock: read the call (one round trip), let the engine decide, write
 * the call back only if it is unchanged (one round trip). Undefined when the turn needs the
 * lock instead: it wants to change an appointment, it ends the call, or another turn won.
 */
async function plainTurn(
  ctx: CallsContext,
  account: Account,
  callId: string,
  text: string,
  at: Date,
  understoodBefore: Understood | undefined,
  view: AssistantView | null,
): Promise<Turn | undefined> {
  const found = await ctx.calls.getWithVersion(account.id, callId);
  if (!found) throw notFound("That call");
  const { row, version } = found;
  if (!row.isActive) throw new Conflict("This call has already ended");
  const settings = await ctx.settings.row(account.id);
  const stored = readStored(row);
  const understood = understoodBefore ?? (await ctx.understand(text, stored.facts));
  const { ports } = ctx.appointments.enginePorts(ctx.db, account.id, row);
  const needsLock = async (): Promise<never> => {
    throw NEEDS_LOCK;
  };
  let heard: Heard;
  try {
    heard = await hearTurn(ctx, ctx.db, account, settings, row, stored, text, at, view, {
      understood,
      ports: {
        ...ports,
        bookAppointment: needsLock,
        cancelAppointment: needsLock,
        moveAppointment: needsLock,
      },
    });
  } catch (error) {
    if (error === NEEDS_LOCK) return undefined;
    throw error;
  }
  const { turn, answered } = heard;
  // Ending the call, or an outcome recorded elsewhere (a contact, the do-not-call list), takes the lock.
  if (turn.call.end || turn.effects.length > 0 || turn.call.disposition !== (row.disposition ?? null))
    return undefined;
  const analysis = { ...turn.analysis, source: understood.source ?? "local" };
  const updated = await ctx.calls.updateIfUnchanged(
    account.id,
    row.id,
    version,
    turnPatch(row, turn, analysis, stored, at),
  );
  return updated ? { row: updated, turn, analysis, answered } : undefined;
}

/** The turn under a lock on the call: it may book, end the call and count usage, all or nothing. */
async function lockedTurn(
  ctx: CallsContext,
  tx: Db,
  account: Account,
  callId: string,
  text: string,
  at: Date,
  options: { transcribed: boolean },
  understoodBefore: Understood | undefined,
  view: AssistantView | null,
): Promise<Turn> {
  const calls = callRepository(tx);
  const row = await calls.getForUpdate(account.id, callId);
  if (!row) throw notFound("That call");
  if (!row.isActive) throw new Conflict("This call has already ended");
  const settings = await ctx.settings.rowIn(tx, account.id);
  const stored = readStored(row);
  const understood = understoodBefore ?? (await ctx.understand(text, stored.facts));
  const booking = ctx.appointments.enginePorts(tx, account.id, row);
  const { turn, answered } = await hearTurn(ctx, tx, account, settings, row, stored, text, at, view, {
    understood,
    ports: booking.ports,
  });
  const analysis = { ...turn.analysis, source: understood.source ?? "local" };
  let updated = await calls.update(account.id, row.id, turnPatch(row, turn, analysis, stored, at));
  if (!updated) throw notFound("That call");
  // What the turn decided beyond words (a stop request, a call back, the disposition), recorded
  // with the turn: the reply says it is done, so it is.
  if (turn.effects.length > 0 || turn.call.disposition !== (row.disposition ?? null))
    await ctx.outcomes?.turnIn(tx, account, updated, turn);
  if (turn.call.end) {
    updated = await finalizeCall(ctx, tx, account, updated, stored, {
      endedBy: "assistant",
      status: turn.call.end,
      at,
    });
  }
  const booked = booking.booked();
  if ((booked || options.transcribed) && !row.isTest) {
    await ctx.usage.addIn(tx, account.id, monthOf(at, account.timezone), {
      appointmentsScheduled: booked ? 1 : 0,
      transcriptionsUsed: options.transcribed ? 1 : 0,
    });
  }
  return { row: updated, turn, analysis, answered };
}

type Heard = { turn: TurnResult; answered: AnsweredTurn | null };

/**
 * The call's conversation engine hears the caller under the turn's plan (the call's agent, or the
 * routing's choice, with the script for the call's direction); then the transfer rules, flows and
 * the persona's manner (the agents area), then AI Studio's flows. `stored` takes the new state
 * and the agent for the next turn.
 */
async function hearTurn(
  ctx: CallsContext,
  db: Db,
  account: Account,
  settings: Parameters<typeof engineAccount>[1],
  row: CallRow,
  stored: StoredEngineState,
  text: string,
  at: Date,
  view: AssistantView | null,
  engineInput: { understood: Understood; ports: EnginePorts },
): Promise<Heard> {
  const previousAgentId = stored.assistant?.agentId ?? null;
  const stageBefore = row.engineState?.state.stage ?? "screening";
  const direction = row.direction as CallDirection;
  const callerName = row.callerName ?? stored.facts.contactName;
  const { conversation, plan } = conversationOf(
    view,
    account,
    settings,
    {
      direction,
      phoneNumber: row.phoneNumber,
      callerName,
      startedAt: row.startTime,
      history: row.transcript ? row.transcript.split("\n") : [],
    },
    {
      text,
      analysis: engineInput.understood,
      placedAgentId: row.agentId,
      previousAgentId,
      purpose: stored.purpose ?? null,
      // A call placed with a script of its own keeps it, as it was when the call started.
      script: stored.script ?? undefined,
    },
    {
      understand: async () => engineInput.understood,
      ports: engineInput.ports,
      state: stored.state,
      model: ctx.conversationModel,
    },
  );
  const heard = await conversation.hear(text, at);
  const answered =
    view && plan
      ? view.compose(account, heard, plan, {
          callId: row.id,
          text,
          direction,
          startedAt: row.startTime,
          at,
          stageBefore,
          callerName,
        })
      : null;
  const engine = engineAccount(account, settings);
  const turn = await withStudioFlow(ctx, db, account, engine, row, stored, text, at, answered?.turn ?? heard);
  stored.state = turn.state;
  const transferredTo = turn.call.forwardTo ?? stored.assistant?.transferredTo ?? null;
  if (view) Object.assign(stored, assistantState(view, direction, answered?.agentId ?? null, transferredTo));
  return { turn, answered };
}

/**
 * AI Studio's flows: when the caller said an active flow's trigger keyword
 * (and its conditions hold), the flow's response is said instead of the engine's reply and its
 * next action is taken (transfer, end the call, take a message, ask for a time). The engine's
 * own acts (blocking, booking, forwarding, ending) come first. `db` is the turn's handle.
 */
function withStudioFlow(
  ctx: CallsContext,
  db: Db,
  account: Account,
  engine: ReturnType<typeof engineAccount>,
  row: CallRow,
  stored: StoredEngineState,
  text: string,
  at: Date,
  turn: TurnResult,
): Promise<TurnResult> {
  if (!ctx.studio) return Promise.resolve(turn);
  return ctx.studio.answerTurn(db, account, turn, {
    text,
    callerName: row.callerName ?? stored.facts.contactName,
    phoneNumber: row.phoneNumber,
    inContacts: stored.facts.inContacts,
    engine,
    at,
    stageBefore: row.engineState?.state.stage ?? "screening",
  });
}

/** What a caller turn writes to the call. */
function turnPatch(
  row: CallRow,
  turn: TurnResult,
  analysis: StoredAnalysis,
  stored: StoredEngineState,
  at: Date,
): CallPatch {
  return {
    transcript: appendLines(row.transcript, turn.lines),
    classification: turn.call.classification,
    analysis,
    aiResponse: turn.reply ?? row.aiResponse,
    importance: turn.state.importance,
    sentiment: analysis.sentiment,
    actionTaken: turn.state.actionTaken,
    followUpRequired: turn.state.urgent || row.followUpRequired,
    engineState: stored,
    disposition: turn.call.disposition,
    lastActivityAt: at,
    ...(turn.call.forwardTo ? { transferredAt: at } : {}),
  };
}
