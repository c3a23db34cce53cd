import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { WorkingHours } from "../../../common/ai-settings";
import {
  type AiFlowCondition,
  type AiFlowNextAction,
  type AiFlowVariable,
  renderTemplate,
} from "../../../common/ai-studio";
import type { TurnResult } from "../../engine";
import { isCertain } from "../../engine/analyze";
import { isOpenAt } from "../../engine/schedule";
import type { AiFlowRow } from "./repository";

/**
 * AI flows on calls, pure: which flow a caller's words trigger, the filled-in
 * response, and what the flow's next action does to the engine's turn. No I/O here: the service
 * hands in the workspace's active flows (cached) and the call's facts.
 */

/** A flow ready to match: its keywords normalised the way caller text is. */
export type PreparedFlow = {
  id: string;
  name: string;
  keywords: { original: string; normal: string }[];
  responseTemplate: string;
  nextAction: AiFlowNextAction;
  conditions: AiFlowCondition[];
  createdAt: number;
};

/** What a flow needs to know about the moment and the caller. */
export type FlowContext = {
  at: Date;
  timeZone: string;
  workingHours: WorkingHours;
  /** The caller's turn number on this call (1: their first words). */
  turn: number;
  /** Null when unknown (a test from the screen that does not say). */
  inContacts: boolean | null;
  callerName: string | null;
  callerNumber: string;
  businessName: string;
};

export type FlowMatch = {
  flowId: string;
  name: string;
  matchedKeyword: string;
  response: string;
  nextAction: AiFlowNextAction;
};

/** Lower case, punctuation to spaces, one space between words, padded: " i need a quote ". */
export function normalizeForMatch(text: string): string {
  return ` ${text
    .toLowerCase()
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N}']+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()} `;
}

export function prepareFlow(row: AiFlowRow): PreparedFlow {
  return {
    id: row.id,
    name: row.name,
    keywords: row.triggerKeywords
      .map((original) => ({ original, normal: normalizeForMatch(original) }))
      .filter((keyword) => keyword.normal.trim().length > 0),
    responseTemplate: row.responseTemplate,
    nextAction: row.nextAction as AiFlowNextAction,
    conditions: row.conditions,
    createdAt: row.createdAt.getTime(),
  };
}

/** The longest keyword of the flow found as whole words in the text, or null. */
export function matchedKeyword(flow: PreparedFlow, normalText: string): string | null {
  let best: { original: string; normal: string } | null = null;
  for (const keyword of flow.keywords) {
    if (normalText.includes(keyword.normal) && (!best || keyword.normal.length > best.normal.length))
      best = keyword;
  }
  return best?.original ?? null;
}

/** The flow's conditions that do not hold in this context (an unknown caller fact holds no condition). */
export function unmetConditions(
  flow: Pick<PreparedFlow, "conditions">,
  context: FlowContext,
): AiFlowCondition[] {
  const open = isOpenAt(context.at, context.timeZone, context.workingHours);
  const unmet: Record<AiFlowCondition, boolean> = {
    business_hours: !open,
    after_hours: open,
    first_turn: context.turn > 1,
    known_caller: context.inContacts !== true,
    unknown_caller: context.inContacts !== false,
  };
  return flow.conditions.filter((condition) => unmet[condition]);
}

export function flowValues(context: FlowContext): Record<AiFlowVariable, string> {
  const zoned = new TZDate(context.at.getTime(), context.timeZone);
  return {
    callerName: context.callerName?.trim() || "there",
    callerNumber: context.callerNumber,
    businessName: context.businessName,
    time: format(zoned, "h:mm a"),
    date: format(zoned, "EEEE, MMMM d"),
  };
}

/**
 * The flow that answers these words: among the active flows whose keyword is in the text and
 * whose conditions hold, the one with the longest (most specific) keyword; on a tie, the oldest.
 */
export function findFlow(flows: PreparedFlow[], text: string, context: FlowContext): FlowMatch | null {
  const normal = normalizeForMatch(text);
  let best: { flow: PreparedFlow; keyword: string } | null = null;
  for (const flow of flows) {
    const keyword = matchedKeyword(flow, normal);
    if (!keyword || unmetConditions(flow, context).length > 0) continue;
    if (
      !best ||
      keyword.length > best.keyword.length ||
      (keyword.length === best.keyword.length && flow.createdAt < best.flow.createdAt)
    )
      best = { flow, keyword };
  }
  if (!best) return null;
  return {
    flowId: best.flow.id,
    name: best.flow.name,
    matchedKeyword: best.keyword,
    response: renderTemplate(best.flow.responseTemplate, flowValues(context)),
    nextAction: best.flow.nextAction,
  };
}

const IN_EXCHANGE = new Set(["awaiting_time", "offered_slot", "handed_off", "ended"]);

/**
 * Whether a flow may answer this turn. The engine's own acts come first: blocking spam,
 * booking, forwarding an urgent call, ending; so does a caller already in the middle of
 * choosing a time (`stageBefore`). A time the engine would only now start to offer gives way.
 */
export function flowMayAnswer(turn: TurnResult, stageBefore: string): boolean {
  return (
    turn.reply !== null &&
    turn.call.end === null &&
    turn.call.forwardTo === null &&
    turn.analysis.appointment === null &&
    // An owner's flow answers a caller the engine only suspects; a sure unwanted call gets none.
    !(turn.analysis.classification === "spam" && isCertain(turn.analysis)) &&
    !IN_EXCHANGE.has(stageBefore)
  );
}

/**
 * The engine's turn with the flow's response said instead of the engine's reply, and its next
 * action taken: transfer puts the call through to the owner's cellphone (when there is one),
 * end_call ends it, take_message keeps the caller's words as the message, book_appointment asks
 * for a day and time the engine then books (when appointments are allowed).
 */
export function applyFlow(
  turn: TurnResult,
  match: FlowMatch,
  text: string,
  options: { cellphone: string | null; allowAppointments: boolean },
): TurnResult {
  const s = turn.state;
  const reply = match.response;
  const callerLines = turn.lines.filter((line) => line.startsWith("Caller: "));
  const by = `AI flow "${match.name}"`;
  const takeMessage = (note: string) => {
    s.stage = "message";
    if (!s.message.includes(text)) s.message.push(text);
    s.actionTaken = note;
  };
  let end: TurnResult["call"]["end"] = null;
  let forwardTo: string | null = null;
  // The engine may have started to ask for a time or offered one: the flow spoke instead, so
  // neither was said, and the call goes on as a message unless the flow books.
  if (s.stage === "awaiting_time" || s.stage === "offered_slot") {
    s.stage = "message";
    s.offeredSlot = null;
    s.appointmentPending = false;
    s.actionTaken = `Answered by ${by}`;
  }
  switch (match.nextAction) {
    case "continue":
      break;
    case "take_message":
      takeMessage(`Message taken by ${by}`);
      break;
    case "transfer":
      if (options.cellphone) {
        s.stage = "handed_off";
        s.actionTaken = `Transferred by ${by} to ${options.cellphone}`;
        forwardTo = options.cellphone;
      } else {
        takeMessage(
          `Message taken by ${by} (add your cellphone number in Settings to have calls transferred)`,
        );
      }
      break;
    case "end_call":
      s.stage = "ended";
      s.actionTaken = `Call ended by ${by}`;
      end = "completed";
      break;
    case "book_appointment":
      if (options.allowAppointments) {
        s.stage = "awaiting_time";
        s.appointmentPending = true;
        s.actionTaken = `Asked the caller for a day and time (${by})`;
      } else {
        takeMessage(`Appointment requested through ${by}; booking is turned off, so a message was taken`);
      }
      break;
  }
  const system = [`System: Answered by ${by}`];
  if (match.nextAction !== "continue") system.push(`System: ${s.actionTaken}`);
  return {
    ...turn,
    reply,
    lines: [...callerLines, `AI: ${reply}`, ...system],
    state: s,
    call: { ...turn.call, end, forwardTo },
  };
}
