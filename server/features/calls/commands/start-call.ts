import { isSimulatedCallType, isTestCallType } from "../../../../common/calls";
import type { Db } from "../../../db/client";
import { advisoryLock } from "../../../db/locks";
import type { Account } from "../../../domain/account";
import { type CallerFacts, type EngineState, initialState, inspectNumber } from "../../../engine";
import type { AssistantView } from "../../agents/call-assistant";
import type { AiSettingsRow } from "../../ai-settings/service";
import type { ScriptForCall } from "../../scripts/service";
import { assistantState, assistantViewOf } from "../assistant";
import type { CallsContext } from "../context";
import { conversationOf, NO_TURN_BEFORE_THE_OPENING, OPENING_PORTS } from "../conversation-of";
import type { StoredEngineState } from "../engine-state";
import { type CallRow, callRepository } from "../repository";

/** What a call is placed or put through for: its agent, its purpose, the contact called. */
export type CallPlan = {
  agentId?: string | null | undefined;
  purpose?: string | null | undefined;
  contactId?: string | null | undefined;
  /** A script of the workspace the call follows instead of the direction's (its id). */
  scriptId?: string | null | undefined;
};

/**
 * What the assistant says first on a call, from the same engine that answers its turns: the
 * script's opening for the call's direction, the agent's name and the callee's, and the
 * disclosure the workspace asks for. The state notes what the opening said.
 */
export function openingOf(
  view: AssistantView | null,
  account: Account,
  settings: AiSettingsRow,
  call: { direction: "inbound" | "outbound"; phoneNumber: string; callerName: string | null; at: Date },
  plan: CallPlan,
  state: EngineState,
  script?: ScriptForCall | null,
): string {
  const { conversation } = conversationOf(
    view,
    account,
    settings,
    { ...call, startedAt: call.at },
    { placedAgentId: plan.agentId ?? null, purpose: plan.purpose ?? null, script },
    { understand: NO_TURN_BEFORE_THE_OPENING, ports: OPENING_PORTS, state },
  );
  return conversation.opening();
}

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
  const callerName = input.callerName || facts.contactName;
  const greeting = openingOf(
    view,
    account,
    settings,
    { direction: "inbound", phoneNumber: facts.number, callerName, at },
    {},
    state,
  );
  const row = await ctx.calls.insert(account.id, {
    phoneNumber: facts.number,
    callerName,
    direction: "inbound",
    status: "in_progress",
    isActive: true,
    startTime: at,
    transcript: `AI: ${greeting}`,
    aiResponse: greeting,
    callType: "simulation",
    lastActivityAt: at,
    engineState: { state, facts, ...assistantState(view, "inbound", null) } satisfies StoredEngineState,
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
    /** The agent, purpose and contact the call is placed or put through for. */
    plan?: CallPlan | undefined;
    /** A background job's key for this call (see findByDialKey). */
    dialKey?: string | null | undefined;
    /** A bulk call's run, as the reports list it among the campaigns. */
    bulkRun?: string | null | undefined;
  },
  admit?: (tx: Db) => Promise<void>,
): Promise<{ row: CallRow; greeting: string | null }> {
  const at = ctx.now();
  const [settings, view, script] = await Promise.all([
    ctx.settings.row(account.id),
    assistantViewOf(ctx, account.id),
    input.plan?.scriptId && ctx.assistant ? ctx.assistant.script(account.id, input.plan.scriptId) : null,
  ]);
  const facts = await callerFacts(ctx, account, input.phoneNumber);
  // The agent the call was placed with, or put through to (a business number's extension): it
  // takes the call. Another workspace's id, or an agent no longer there, is ignored.
  const agentId = input.plan?.agentId && view?.hasAgent(input.plan.agentId) ? input.plan.agentId : null;
  const plan: CallPlan = { ...input.plan, agentId };
  const callerName = input.callerName || facts.contactName;
  const state = initialState();
  // Said when the call is answered: now, or (a call still ringing) when answerCarrierCall says so.
  const opening = openingOf(
    view,
    account,
    settings,
    { direction: input.direction, phoneNumber: facts.number, callerName, at },
    plan,
    state,
    script,
  );
  const greeting = input.answered ? opening : null;
  const row = await ctx.inTransaction(async (tx) => {
    if (admit) {
      await advisoryLock(tx, "callStart", account.id);
      await admit(tx);
    }
    return callRepository(tx).insert(account.id, {
      phoneNumber: facts.number,
      callerName,
      direction: input.direction,
      status: input.answered ? "in_progress" : "ringing",
      isActive: true,
      startTime: at,
      transcript: greeting ? `AI: ${greeting}` : "",
      // A call still ringing keeps its opening here until it is answered.
      aiResponse: opening,
      callType: input.callType,
      isTest: isTestCallType(input.callType),
      simulated: isSimulatedCallType(input.callType),
      lastActivityAt: at,
      providerCallSid: input.providerCallSid,
      dialKey: input.dialKey ?? null,
      bulkRun: input.bulkRun ?? null,
      createdBy: account.actor?.id ?? null,
      agentId,
      contactId: plan.contactId ?? null,
      engineState: {
        state,
        facts,
        purpose: plan.purpose ?? null,
        ...(script ? { script } : {}),
        ...assistantState(view, input.direction, agentId),
      } satisfies StoredEngineState,
    });
  });
  ctx.events.publish(account.id, { type: "call.started", callId: row.id });
  return { row, greeting };
}
