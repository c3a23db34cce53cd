import { sql } from "drizzle-orm";
import { isTestCallType } from "../../../../common/calls";
import type { Db } from "../../../db/client";
import { type CallerFacts, CallSession, initialState, inspectNumber } from "../../../engine";
import type { Account } from "../../../http/account";
import { assistantState, assistantViewOf } from "../assistant";
import type { CallsContext } from "../context";
import { engineAccount, type StoredEngineState } from "../engine-state";
import { type CallRow, callRepository } from "../repository";

/** The engine never reaches these before the caller's first turn. */
const unusedPorts = {
  busyIntervals: async () => [],
  bookAppointment: async () => ({ id: "" }),
  upcomingAppointment: async () => null,
  cancelAppointment: async () => {},
  moveAppointment: async () => {},
};

/** What the workspace knows about a number: a contact's name, and whether it is blocked. */
async function callerFacts(ctx: CallsContext, account: Account, rawNumber: string): Promise<CallerFacts> {
  const inspected = inspectNumber(rawNumber, account.owner.cellphoneNumber);
  const unknown = inspected.withheld || inspected.malformed;
  const [contactName, blocked] = unknown
    ? [null, false]
    : await Promise.all([
        ctx.contacts.nameForNumber(account.id, inspected.number),
        ctx.calls.isBlocked(account.id, inspected.number),
      ]);
  return { ...inspected, inContacts: contactName !== null, contactName, blocked };
}

/**
 * A simulated call from the Call Simulator screen: live at once, the assistant's greeting first
 * (the default script's opening message when there is one).
 */
export async function simulateCall(
  ctx: CallsContext,
  account: Account,
  input: { phoneNumber: string; callerName?: string | undefined },
): Promise<CallRow> {
  const [settings, view] = await Promise.all([
    ctx.settings.row(account.id),
    assistantViewOf(ctx, account.id),
  ]);
  const facts = await callerFacts(ctx, account, input.phoneNumber);
  const state = initialState();
  const at = ctx.now();
  const engine = engineAccount(account, settings);
  if (view) engine.settings = view.engineSettings(engine.settings, null);
  const session = new CallSession(
    engine,
    { phoneNumber: facts.number, callerName: null },
    () => {
      throw new Error("no turn before the greeting");
    },
    unusedPorts,
    state,
  );
  const row = await ctx.calls.insert(account.id, {
    phoneNumber: facts.number,
    callerName: input.callerName || facts.contactName,
    direction: "inbound",
    status: "in_progress",
    isActive: true,
    startTime: at,
    transcript: session.greeting().join("\n"),
    aiResponse: engine.settings.greetingMessage,
    callType: "simulation",
    lastActivityAt: at,
    engineState: { state, facts, ...assistantState(view, null) } satisfies StoredEngineState,
  });
  ctx.events.publish(account.id, { type: "call.started", callId: row.id });
  return row;
}

/**
 * A call the plan's monthly limits did not let the assistant screen: answered with `reply`,
 * ended at once, kept in History with why, and not counted (usage/service.ts).
 */
export async function recordUnscreened(
  ctx: CallsContext,
  account: Account,
  input: {
    phoneNumber: string;
    callerName: string | null;
    reply: string;
    reason: string;
    planName: string;
  },
): Promise<CallRow> {
  const at = ctx.now();
  const number = inspectNumber(input.phoneNumber, account.owner.cellphoneNumber);
  const state = {
    ...initialState(),
    stage: "ended" as const,
    actionTaken: "Not screened: monthly limit reached",
  };
  const row = await ctx.calls.insert(account.id, {
    phoneNumber: number.number,
    callerName: input.callerName,
    direction: "inbound",
    status: "missed",
    isActive: false,
    startTime: at,
    endTime: at,
    duration: 0,
    transcript: [`AI: ${input.reply}`, `System: Not screened. ${input.reason}`].join("\n"),
    aiResponse: input.reply,
    actionTaken: state.actionTaken,
    summary: `Not screened: the ${input.planName} plan's monthly limit was reached.`,
    callType: "simulation",
    engineState: {
      state,
      facts: { ...number, inContacts: false, contactName: null, blocked: false },
    } satisfies StoredEngineState,
  });
  ctx.events.publish(account.id, { type: "call.started", callId: row.id });
  ctx.events.publish(account.id, { type: "call.ended", callId: row.id });
  return row;
}

/**
 * A call that a carrier (Twilio or the built-in simulator) or a demo screen brings in. Before
 * it is answered (`answered: false`: an outbound call ringing, a test call connecting) it has
 * no transcript; answerCarrierCall greets. `admit` runs inside the transaction, under a lock on
 * the account, before the insert: the concurrent-call limit is checked there, race-free.
 */
export async function startCarrierCall(
  ctx: CallsContext,
  account: Account,
  input: {
    phoneNumber: string;
    callerName?: string | null | undefined;
    direction: "inbound" | "outbound";
    callType: string;
    providerCallSid: string | null;
    answered: boolean;
    /** What the assistant says first on an outbound call (its purpose); inbound calls get the greeting. */
    opening?: string | null | undefined;
    /** A background job's key for this call (see findByDialKey). */
    dialKey?: string | null | undefined;
    /**
     * The AI agent the call was put through to (a business number's extension, issue 17): it
     * takes the first turn and, as routing keeps the previous agent, the call. Another
     * workspace's id, or an agent no longer there, is ignored: the routing chooses as usual.
     */
    agentId?: string | null | undefined;
  },
  admit?: (tx: Db) => Promise<void>,
): Promise<{ row: CallRow; greeting: string | null }> {
  const at = ctx.now();
  const [settings, view] = await Promise.all([
    ctx.settings.row(account.id),
    assistantViewOf(ctx, account.id),
  ]);
  const facts = await callerFacts(ctx, account, input.phoneNumber);
  // An inbound call hears the default script's opening message, else the settings' greeting.
  const greeting = input.answered ? (input.opening ?? view?.greeting ?? settings.greetingMessage) : null;
  const row = await ctx.inTransaction(async (tx) => {
    if (admit) {
      await tx.execute(sql`select pg_advisory_xact_lock(725002, hashtext(${account.id}))`);
      await admit(tx);
    }
    return callRepository(tx).insert(account.id, {
      phoneNumber: facts.number,
      callerName: input.callerName || facts.contactName,
      direction: input.direction,
      status: input.answered ? "in_progress" : "ringing",
      isActive: true,
      startTime: at,
      transcript: greeting ? `AI: ${greeting}` : "",
      // An outbound call keeps its opening here until it is answered.
      aiResponse: greeting ?? input.opening ?? null,
      callType: input.callType,
      isTest: isTestCallType(input.callType),
      lastActivityAt: at,
      providerCallSid: input.providerCallSid,
      dialKey: input.dialKey ?? null,
      createdBy: account.actor?.id ?? null,
      engineState: {
        state: initialState(),
        facts,
        ...assistantState(
          view,
          input.agentId && view?.snapshot.agents.has(input.agentId) ? input.agentId : null,
        ),
      } satisfies StoredEngineState,
    });
  });
  ctx.events.publish(account.id, { type: "call.started", callId: row.id });
  return { row, greeting };
}
