import {
  AI_FLOW_LIMIT,
  type AiFlowTestResult,
  MAX_AI_FLOWS,
  renderTemplate,
} from "../../../common/ai-studio";
import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import { Conflict, notFound } from "../../domain/errors";
import type { EngineAccount, TurnResult } from "../../engine";
import { engineAccount } from "../calls/service";
import type { AiStudioContext } from "./context";
import {
  applyFlow,
  type FlowContext,
  type FlowMatch,
  findFlow,
  flowMayAnswer,
  flowValues,
  matchedKeyword,
  normalizeForMatch,
  prepareFlow,
  unmetConditions,
} from "./flows";
import type { AiFlowRow, NewAiFlow } from "./repository";

/** AI Studio's flows: the screen's list and editor, its test, and the port a caller's turn calls. */

type FlowFields = Pick<
  NewAiFlow,
  "name" | "triggerKeywords" | "responseTemplate" | "nextAction" | "conditions" | "isActive"
>;

export function listFlows(ctx: AiStudioContext, account: Account): Promise<AiFlowRow[]> {
  return ctx.repo.listFlows(account.id);
}

export async function createFlow(
  ctx: AiStudioContext,
  account: Account,
  fields: FlowFields,
): Promise<AiFlowRow> {
  const row = await ctx.repo.insertFlowWithin(account.id, MAX_AI_FLOWS, fields);
  if (!row) throw new Conflict(AI_FLOW_LIMIT);
  ctx.changed(account.id);
  return row;
}

export async function updateFlow(
  ctx: AiStudioContext,
  account: Account,
  id: string,
  change: Partial<FlowFields>,
): Promise<AiFlowRow> {
  const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
  const row = await ctx.repo.updateFlow(account.id, id, defined);
  if (!row) throw notFound("That AI flow");
  ctx.changed(account.id);
  return row;
}

export async function deleteFlow(ctx: AiStudioContext, account: Account, id: string): Promise<void> {
  if (!(await ctx.repo.deleteFlow(account.id, id))) throw notFound("That AI flow");
  ctx.changed(account.id);
}

/** The context a flow sees outside a call: now, the workspace's hours, a first turn. */
async function screenContext(
  ctx: AiStudioContext,
  account: Account,
  caller: { callerName?: string | undefined; knownCaller?: boolean | undefined },
): Promise<FlowContext> {
  const settings = await ctx.settings.row(account.id);
  return {
    at: ctx.now(),
    timeZone: account.timezone,
    workingHours: settings.workingHours,
    turn: 1,
    inContacts: caller.knownCaller ?? null,
    callerName: caller.callerName ?? null,
    callerNumber: "+15555550123",
    businessName: engineAccount(account, settings).ownerName,
  };
}

/**
 * POST /api/ai-flows/:id/test: whether the words trigger this flow now (its keywords and its
 * conditions at this moment), what it would say and do. An inactive flow is tested all the
 * same, and says so: it never answers on calls.
 */
export async function testFlow(
  ctx: AiStudioContext,
  account: Account,
  id: string,
  input: { testMessage: string; callerName?: string | undefined; knownCaller?: boolean | undefined },
): Promise<AiFlowTestResult> {
  const row = await ctx.repo.getFlow(account.id, id);
  if (!row) throw notFound("That AI flow");
  const flow = prepareFlow(row);
  const context = await screenContext(ctx, account, input);
  const keyword = matchedKeyword(flow, normalizeForMatch(input.testMessage));
  const unmet = keyword ? unmetConditions(flow, context) : [];
  const triggered = keyword !== null && unmet.length === 0;
  return {
    triggered,
    matchedKeyword: keyword,
    unmetConditions: unmet,
    response: triggered ? renderTemplate(flow.responseTemplate, flowValues(context)) : null,
    nextAction: flow.nextAction,
    isActive: row.isActive,
  };
}

/** What a caller's turn tells the flows about the call. */
export type FlowTurnInput = {
  text: string;
  callerName: string | null;
  phoneNumber: string;
  inContacts: boolean;
  engine: EngineAccount;
  at: Date;
  /** Where the conversation was before this turn. */
  stageBefore: string;
};

/**
 * The port a caller's turn calls (server/features/calls/commands/take-turn.ts): the engine's
 * turn, or, when an active flow's keyword is in the caller's words and its conditions hold,
 * the flow's response said instead and its next action taken. `db` is the turn's handle (its
 * transaction under the lock). The flows are cached, so most turns ask the database nothing here.
 */
export async function answerTurn(
  ctx: AiStudioContext,
  db: Db,
  account: Account,
  turn: TurnResult,
  input: FlowTurnInput,
): Promise<TurnResult> {
  return (await answerWithFlow(ctx, db, account, turn, input)).turn;
}

/** answerTurn, saying which flow answered (null: the engine's own reply stands). */
export async function answerWithFlow(
  ctx: AiStudioContext,
  db: Db,
  account: Account,
  turn: TurnResult,
  input: FlowTurnInput,
): Promise<{ turn: TurnResult; match: FlowMatch | null }> {
  if (!flowMayAnswer(turn, input.stageBefore)) return { turn, match: null };
  const { flows } = await ctx.live(db, account.id);
  if (flows.length === 0) return { turn, match: null };
  const match = findFlow(flows, input.text, {
    at: input.at,
    timeZone: input.engine.timeZone,
    workingHours: input.engine.settings.workingHours,
    turn: turn.state.turns,
    inContacts: input.inContacts,
    callerName: input.callerName,
    callerNumber: input.phoneNumber,
    businessName: input.engine.ownerName,
  });
  if (!match) return { turn, match: null };
  const answered = applyFlow(turn, match, input.text, {
    cellphone: input.engine.cellphoneNumber,
    allowAppointments: input.engine.settings.allowAppointments,
  });
  return { turn: answered, match };
}
