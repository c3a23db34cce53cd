import twilio from "twilio";
import type { TransferRules } from "../../../common/scripts";
import type { TurnAnalysis } from "../../engine";
import { normalizeWords } from "./routing";

/**
 * When a caller is handed to a person (issue 12 parts 2, 4): the script's transfer rules
 * (keywords in what the caller says, minutes on the call, conditions), the routed agent's limits
 * (its transfer threshold on the turn's urgency, its maximum call duration), a conversation
 * flow whose next action is transfer, and, in the conversation preview only, the phrases of
 * spec 3 §2. Pure: no I/O.
 */

export type TransferCause =
  | "flow"
  | "keyword"
  | "phrase"
  | "condition"
  | "minutes"
  | "agent-urgency"
  | "agent-duration";

export type TransferDecision = { cause: TransferCause; reason: string };

export type TransferAgent = { name: string; transferThreshold: number; maxCallDuration: number };

export type TransferInput = {
  text: string;
  analysis: Pick<TurnAnalysis, "classification" | "urgency" | "sentiment">;
  rules: TransferRules | null;
  agent: TransferAgent | null;
  /** Whole minutes the call has lasted before this turn. */
  minutesOnCall: number;
  flow: { name: string; nextAction: string } | null;
  /** Phrases that transfer in this context beside the script's (the preview's spec phrases). */
  extraPhrases?: readonly string[] | undefined;
};

const ASKS_FOR_PERSON =
  /\b(speak|talk|connect me|put me through)\b.{0,20}\b(person|human|someone|somebody|manager|supervisor|representative|rep|agent|owner|doctor|attorney|lawyer|technician|specialist)\b|\b(real person|live person|human being|operator)\b/;
const READY_TO_BUY =
  /\b(buy|purchase|sign (me )?up|order|ready to|get started|quote|make an offer|submit an offer|close the deal|subscribe)\b/;

const phraseRe = new Map<string, RegExp>();
function saysPhrase(normalText: string, phrase: string): boolean {
  let re = phraseRe.get(phrase);
  if (!re) {
    const normal = normalizeWords(phrase);
    re = normal ? new RegExp(`(?:^| )${normal}(?:s|es|ed|ing)?(?= |$)`) : /$^/;
    if (phraseRe.size > 5000) phraseRe.clear();
    phraseRe.set(phrase, re);
  }
  return re.test(normalText);
}

/** The first reason (in the order above) to transfer this turn, or null. */
export function decideTransfer(input: TransferInput): TransferDecision | null {
  const { analysis, rules, agent, flow } = input;
  const lower = input.text.toLowerCase();
  const normal = normalizeWords(input.text);
  if (flow?.nextAction === "transfer")
    return { cause: "flow", reason: `Conversation flow "${flow.name}" hands the caller to a person` };
  for (const keyword of rules?.keywords ?? [])
    if (saysPhrase(normal, keyword))
      return { cause: "keyword", reason: `The caller said "${keyword}", a transfer keyword` };
  for (const phrase of input.extraPhrases ?? [])
    if (saysPhrase(normal, phrase))
      return { cause: "phrase", reason: `The caller's request is "${phrase}": a specialist takes it` };
  for (const condition of rules?.conditions ?? []) {
    const holds =
      condition === "caller_asks_for_person"
        ? ASKS_FOR_PERSON.test(lower)
        : condition === "urgent"
          ? analysis.urgency >= 0.7
          : condition === "upset_caller"
            ? analysis.sentiment === "negative" && analysis.urgency >= 0.3
            : condition === "important"
              ? analysis.classification === "important"
              : condition === "sales_ready"
                ? analysis.classification === "sales" && READY_TO_BUY.test(lower)
                : false;
    if (holds) return { cause: "condition", reason: `Transfer condition: ${condition.replaceAll("_", " ")}` };
  }
  if (rules?.minutes && input.minutesOnCall >= rules.minutes)
    return {
      cause: "minutes",
      reason: `The call has lasted ${input.minutesOnCall} minutes (the script transfers after ${rules.minutes})`,
    };
  if (agent && analysis.urgency >= agent.transferThreshold)
    return {
      cause: "agent-urgency",
      reason: `Urgency ${analysis.urgency.toFixed(2)} reaches ${agent.name}'s transfer threshold (${agent.transferThreshold})`,
    };
  if (agent && input.minutesOnCall >= agent.maxCallDuration)
    return {
      cause: "agent-duration",
      reason: `The call passed ${agent.name}'s ${agent.maxCallDuration}-minute limit`,
    };
  return null;
}

export const TRANSFER_SAYINGS = {
  hold: (who: string | null) =>
    `I'm transferring you to ${who ?? "a specialist"} who can help with that. Please hold while I connect you.`,
  fallback:
    "I'm sorry, nobody is available to take your call right now. We'll call you back as soon as possible. Goodbye.",
  noNumber:
    "I'd like to put you through to a person, but nobody can take the call right now. I've noted it as a priority and someone will call you back shortly.",
} as const;

/**
 * The transfer as TwiML (Twilio's VoiceResponse): say the hold message, dial the number (30 s),
 * say the fallback if nobody answers, hang up.
 */
export function transferTwiml(input: {
  holdMessage: string;
  transferNumber: string;
  fallbackMessage: string;
  voice?: string | undefined;
}): string {
  const response = new twilio.twiml.VoiceResponse();
  const sayAttributes = input.voice ? ({ voice: input.voice } as Parameters<typeof response.say>[0]) : {};
  response.say(sayAttributes, input.holdMessage);
  response.dial({ timeout: 30 }, input.transferNumber);
  response.say(sayAttributes, input.fallbackMessage);
  response.hangup();
  return response.toString();
}
