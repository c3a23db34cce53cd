import type { NextAction } from "../../../common/agents";
import { TRANSFER_PHRASES } from "../../../common/agents";
import type { TurnResult } from "../../engine";
import type { ScriptForCall } from "../scripts/service";
import { shapeReply } from "./reply";
import type { RoutingChoice } from "./routing";
import type { AgentRow } from "./service";
import { decideTransfer, TRANSFER_SAYINGS, type TransferDecision, transferTwiml } from "./transfer";

/**
 * One caller turn as the default script and the routed agent shape it, after the engine's own
 *: pure, shared by the conversation preview and the call's turn flow.
 * - a transfer (script keywords, minutes, conditions, the agent's limits, a flow that hands
 *   over, the preview's phrases) puts the call through: the hold message is said, the state is
 *   handed off and `call.forwardTo` carries the number, as the engine's own forwarding does; with
 *   no number to call, a priority message is taken instead;
 * - else a conversation flow's response is said and its next action taken;
 * - else the engine's reply is said in the persona's manner (reply.ts).
 */

export type TurnTransfer = TransferDecision & {
  /** Null when there is nowhere to transfer to (no script number and no owner's cell). */
  transferNumber: string | null;
  holdMessage: string;
  fallbackMessage: string;
  twiml: string | null;
};

export type ComposeInput = {
  turn: TurnResult;
  text: string;
  script: ScriptForCall | null;
  routing: RoutingChoice<AgentRow>;
  /** The call has just reached this agent. */
  agentIsNew: boolean;
  /** Replies the assistant gave before this one. */
  replyIndex: number;
  /** The engine was asking about a time before this turn. */
  inAppointmentExchange: boolean;
  minutesOnCall: number;
  /** The preview's phrases of the spec transfer too. */
  previewPhrases: boolean;
  ownerCell: string | null;
  allowAppointments: boolean;
  names: { callerName: string | null; businessName: string; ownerName: string };
};

export type ComposedTurn = {
  turn: TurnResult;
  reply: string | null;
  transfer: TurnTransfer | null;
  nextAction: NextAction;
};

/** {callerName}, {agentName}, {businessName}, {ownerName} in a flow's response. */
export function fillTemplate(
  template: string,
  values: { callerName: string | null; agentName: string; businessName: string; ownerName: string },
): string {
  return template
    .replace(/\{\s*callerName\s*\}/gi, values.callerName ?? "there")
    .replace(/\{\s*agentName\s*\}/gi, values.agentName)
    .replace(/\{\s*businessName\s*\}/gi, values.businessName)
    .replace(/\{\s*ownerName\s*\}/gi, values.ownerName);
}

/** The transcript lines with the assistant's line said as `reply` (and any system notes after it). */
function withReply(
  lines: string[],
  engineReply: string | null,
  reply: string | null,
  notes: string[],
): string[] {
  const out = lines.filter((line) => !(engineReply !== null && line === `AI: ${engineReply}`));
  const callerAt = out.findIndex((line) => line.startsWith("Caller: "));
  const said = reply === null ? [] : [`AI: ${reply}`];
  out.splice(callerAt + 1, 0, ...said, ...notes.map((note) => `System: ${note}`));
  return out;
}

export function composeTurn(input: ComposeInput): ComposedTurn {
  const { turn, routing, script, text } = input;
  const agent = routing.agent;
  const analysis = turn.analysis;
  const state = { ...turn.state, message: [...turn.state.message] };
  const blocked = turn.call.end === "blocked";

  let decision = decideTransfer({
    text,
    analysis,
    rules: script?.transferRules ?? null,
    agent,
    minutesOnCall: input.minutesOnCall,
    flow: routing.flow,
    extraPhrases: input.previewPhrases ? TRANSFER_PHRASES : undefined,
  });
  // A caller the engine screens out as spam is transferred only for words the owner named.
  if (blocked && decision && decision.cause !== "keyword" && decision.cause !== "flow") decision = null;
  // What the engine settled (a call back, a stop request, a wrong number, a goodbye) is not
  // undone by a rule: only a conversation flow the owner made hands over then.
  // Nor is a call back the engine is arranging ("when would be a better time?").
  const settled =
    turn.effects.length > 0 ||
    turn.state.awaiting === "callback_time" ||
    (turn.call.end !== null && !blocked) ||
    ["call_back", "do_not_call", "wrong_number", "voicemail", "not_interested"].includes(
      turn.call.disposition ?? "",
    );
  if (settled && decision && decision.cause !== "flow") decision = null;
  // A question that merely uses a keyword ("do I need pre-approval before I make an offer?") and
  // that the business's own words answer is answered, not handed over.
  if (decision?.cause === "keyword" && turn.answeredQuestion) decision = null;
  // The engine forwards urgent calls by itself (settings): the same transfer, said our way.
  const engineForwarded = !decision && turn.call.forwardTo !== null;
  if (engineForwarded)
    decision = { cause: "condition", reason: "The assistant forwards urgent calls (settings)" };

  const notes: string[] = [];
  let end = turn.call.end;
  let forwardTo = turn.call.forwardTo;
  let transfer: TurnTransfer | null = null;
  let reply: string | null;
  let nextAction: NextAction | null = null;

  if (decision) {
    const transferNumber = script?.transferRules.transferNumber ?? turn.call.forwardTo ?? input.ownerCell;
    const holdMessage = TRANSFER_SAYINGS.hold(null);
    const fallbackMessage = TRANSFER_SAYINGS.fallback;
    transfer = {
      ...decision,
      transferNumber,
      holdMessage,
      fallbackMessage,
      twiml: transferNumber ? transferTwiml({ holdMessage, transferNumber, fallbackMessage }) : null,
    };
    end = null;
    if (transferNumber) {
      // The engine's own forwarding (an urgent caller) keeps its words: what it said (safety
      // advice first) and what it did. Safety advice is never dropped for a hold message.
      reply = engineForwarded
        ? turn.reply
        : turn.safetyAdvice
          ? `${turn.safetyAdvice} ${holdMessage}`
          : holdMessage;
      state.stage = "handed_off";
      state.disposition = "transferred";
      if (!engineForwarded) state.actionTaken = `Transferred to ${transferNumber}: ${decision.reason}`;
      forwardTo = transferNumber;
      nextAction = "transfer";
    } else {
      reply = TRANSFER_SAYINGS.noNumber;
      state.stage = "message";
      state.urgent = true;
      if (!state.message.includes(text)) state.message.push(text);
      state.actionTaken = `Priority message taken: ${decision.reason}, but there is no number to transfer to (add a cellphone number in Settings or a transfer number to the script)`;
      forwardTo = null;
      nextAction = "take_message";
    }
    if (!engineForwarded) notes.push(state.actionTaken);
  } else if (routing.flow && !blocked && !input.inAppointmentExchange) {
    const flow = routing.flow;
    reply = fillTemplate(flow.response, {
      callerName: input.names.callerName,
      agentName: agent?.name ?? "the assistant",
      businessName: input.names.businessName,
      ownerName: input.names.ownerName,
    });
    const by = `Conversation flow "${flow.name}"`;
    if (state.stage === "awaiting_time" || state.stage === "offered_slot") {
      state.stage = "message";
      state.offeredSlot = null;
      state.appointmentPending = false;
    }
    switch (flow.nextAction) {
      case "end_call":
        state.stage = "ended";
        state.actionTaken = `Call ended by ${by}`;
        end = "completed";
        break;
      case "take_message":
        state.stage = "message";
        if (!state.message.includes(text)) state.message.push(text);
        state.actionTaken = `Message taken by ${by}`;
        break;
      case "schedule_appointment":
        if (input.allowAppointments) {
          state.stage = "awaiting_time";
          state.appointmentPending = true;
          state.actionTaken = `Asked the caller for a day and time (${by})`;
        }
        break;
      default:
        break;
    }
    nextAction = flow.nextAction as NextAction;
    notes.push(`Answered by ${by}`);
  } else {
    reply = shapeReply({
      base: turn.reply,
      text,
      analysis,
      script,
      agent,
      agentIsNew: input.agentIsNew,
      replyIndex: input.replyIndex,
      ending: turn.call.end !== null,
    });
  }

  const stage = state.stage;
  nextAction ??= end
    ? "end_call"
    : stage === "awaiting_time" || stage === "offered_slot" || analysis.appointment
      ? "schedule_appointment"
      : stage === "message"
        ? "take_message"
        : "continue";

  const changed = reply !== turn.reply || notes.length > 0;
  return {
    turn: {
      ...turn,
      reply,
      lines: changed ? withReply(turn.lines, turn.reply, reply, notes) : turn.lines,
      state,
      call: { ...turn.call, end, forwardTo, disposition: state.disposition },
    },
    reply,
    transfer,
    nextAction,
  };
}
