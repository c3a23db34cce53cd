import twilio from "twilio";
import type { TransferRules } from "../../../common/scripts";
import type { TurnAnalysis } from "../../engine";
import { normalizeWords } from "./routing";

/**
 * When a caller is handed to a person: the script's transfer rules
 * (keywords in what the caller says, minutes on the call, conditions), the routed agent's limits
 * (its transfer threshold on the turn's urgency, its maximum call duration), a conversation
 * flow whose next action is transfer, and, in the conversation preview only, the preview's
 * specialist phrases. Pure: no I/O.
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

/** Asking to be put through, not asking whether the assistant is a person ("are you a real person?"). */
const ASKS_FOR_PERSON =
  /\bi (?:want|need|would like|'d like) (?:(?:a|an|the) (?:real |live |actual )?(?:person|human|manager|supervisor|representative|operator)|(?:someone|somebody)(?= to (?:talk|speak)|[.?!]*$)|one of (?:your|the) \w+)\b|\b(speak|talk|have a word|deal|connect me|put me through|transfer me|get me)\b.{0,30}\b(person|human|someone|somebody|manager|supervisor|representative|rep|agents?|owner|doctor|nurse|dentist|attorney|lawyer|technician|specialist|operator|salesperson|sales rep|receptionist|staff|girls|guys|ladies|people at)s?\b|\b(?:an? )?operator,? please\b|\bconnect me\b[?.!]*$|\bput (?:a|an|someone|somebody|your|the)\b.{0,25}\bon the (?:line|phone)\b/;
const READY_TO_BUY =
  /\b(buy|purchase|sign (me )?up|order|ready to|get started|quote|make an offer|submit an offer|close the deal|subscribe)\b/;
/** "Rent, not buy", "I'm not ready to": the word said and denied. */
const DENIED = /\b(?:not|n't|never|no) (?:\w+ )?(?:buy|purchase|ready|sign|order|subscribe)/;
/** An upset caller says so: not "sorry, wrong number". */
const UPSET =
  /\b(upset|angry|furious|frustrated|annoyed|unacceptable|ridiculous|terrible|horrible|worst|fed up|sick of|complain(?:t)?|rude|disappointed|outrageous)\b/;
/** Words that say a matter is urgent, beside the classifier's urgency. */
const URGENT_WORDS = /\b(urgent(?:ly)?|emergency|asap|right away|immediately|as soon as possible)\b/;

const phraseRe = new Map<string, RegExp>();
const FUNCTION_WORDS = new Set("the and not any all our your his her its for with from".split(" "));
function saysPhrase(normalText: string, phrase: string): boolean {
  let re = phraseRe.get(phrase);
  if (!re) {
    const normal = normalizeWords(phrase);
    const ending = "(?:s|es|ed|ing)?";
    const words = normal.split(" ");
    // "A pipe burst" is the keyword "burst pipe" said the other way round.
    const reversible =
      words.length === 2 && words.every((word) => word.length >= 3 && !FUNCTION_WORDS.has(word));
    const either = reversible ? `|${words[1]}${ending} ${words[0]}` : "";
    re = normal ? new RegExp(`(?:^| )(?:${normal}${either})${ending}(?= |$)`) : /$^/;
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
          ? analysis.urgency >= 0.7 && (analysis.classification === "important" || URGENT_WORDS.test(lower))
          : condition === "upset_caller"
            ? analysis.sentiment === "negative" && analysis.urgency >= 0.3 && UPSET.test(lower)
            : condition === "important"
              ? analysis.classification === "important"
              : condition === "sales_ready"
                ? analysis.classification === "sales" &&
                  READY_TO_BUY.test(lower) &&
                  !DENIED.test(lower) &&
                  !/\?\s*$/.test(lower)
                : false;
    if (holds) return { cause: "condition", reason: `Transfer condition: ${condition.replaceAll("_", " ")}` };
  }
  if (rules?.minutes && input.minutesOnCall >= rules.minutes)
    return {
      cause: "minutes",
      reason: `The call has lasted ${input.minutesOnCall} minutes (the script transfers after ${rules.minutes})`,
    };
  // An agent hands over an urgent matter (someone needs a person), not a busy callee's "right now".
  if (agent && analysis.classification === "important" && analysis.urgency >= agent.transferThreshold)
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
