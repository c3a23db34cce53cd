import type { PersonalityTraits } from "../../../common/scripts";
import type { TurnAnalysis } from "../../engine";

/**
 * The persona's manner on a reply the conversation engine composed (engine/conversation.ts says
 * what: knowledge, rebuttals, the script's questions, closings): pure, no I/O.
 *
 * - Empathy acknowledges an upset caller first (the agent's empathy when it adapts to sentiment,
 *   else the script's).
 * - Formality 8 and up speaks without contractions, 3 and below with them.
 * - An agent's own introduction is said when a call is routed to it mid-call (its opening was
 *   not heard), never before a closing or the receptionist's after-hours message.
 */

export type ReplyAgent = {
  name: string;
  script: string | null;
  empathyLevel: number;
  aiSettings: { sentimentAdaptation: boolean; creativityLevel: number };
};

export type ReplyScript = { personalityTraits: PersonalityTraits };

export type ShapeInput = {
  /** What the engine would say (null: it stays silent). */
  base: string | null;
  /** The caller's words (sympathy answers distress, not a polite "sorry"). */
  text: string;
  analysis: Pick<TurnAnalysis, "classification" | "sentiment" | "informative">;
  script: ReplyScript | null;
  agent: ReplyAgent | null;
  /** The call has just been routed to this agent, after its start (its introduction is said). */
  agentIsNew: boolean;
  /** How many replies the assistant gave before this one (varies the wording). */
  replyIndex: number;
  /** The call ends with this reply. */
  ending: boolean;
};

const CONTRACTIONS: [RegExp, string][] = [
  [/\bI'm\b/g, "I am"],
  [/\bI'll\b/g, "I will"],
  [/\bI've\b/g, "I have"],
  [/\bI'd\b/g, "I would"],
  [/\byou're\b/g, "you are"],
  [/\bYou're\b/g, "You are"],
  [/\bwe're\b/g, "we are"],
  [/\bWe're\b/g, "We are"],
  [/\bwe'll\b/g, "we will"],
  [/\bWe'll\b/g, "We will"],
  [/\bit's\b/g, "it is"],
  [/\bIt's\b/g, "It is"],
  [/\bthat's\b/g, "that is"],
  [/\bThat's\b/g, "That is"],
  [/\bcan't\b/g, "cannot"],
  [/\bcouldn't\b/g, "could not"],
  [/\bdon't\b/g, "do not"],
  [/\bdoesn't\b/g, "does not"],
  [/\bwon't\b/g, "will not"],
  [/\bwho'll\b/g, "who will"],
  [/\bthere's\b/g, "there is"],
  [/\bwhat's\b/g, "what is"],
  [/\bWhat's\b/g, "What is"],
  [/\blet's\b/g, "let us"],
];

const EXPANSIONS: [RegExp, string][] = [
  [/\bI am\b/g, "I'm"],
  [/\bI will\b/g, "I'll"],
  [/\bI have\b/g, "I've"],
  [/\byou are\b/g, "you're"],
  [/\bwe are\b/g, "we're"],
  [/\bwe will\b/g, "we'll"],
  [/\bdo not\b/g, "don't"],
  [/\bcannot\b/g, "can't"],
  [/\bit is\b/g, "it's"],
  [/\bthat is\b/g, "that's"],
];

export function formal(text: string): string {
  return CONTRACTIONS.reduce((out, [re, plain]) => out.replace(re, plain), text);
}

export function casual(text: string): string {
  return EXPANSIONS.reduce((out, [re, short]) => out.replace(re, short), text);
}

/** Words of someone having a hard time (not a polite "sorry" or "no"). */
const DISTRESS =
  /\b(worried|scared|afraid|upset|angry|furious|frustrat\w*|annoy\w*|stress\w*|broke(?:n)?|leak\w*|flood\w*|pain|hurt\w*|sick|terrible|awful|horrible|nightmare|disaster|damage\w*|problem|trouble|issue|not working|doesn'?t work|stopped working|crying|panic\w*|desperate|lost|stolen|late fee|overcharged)\b/i;

const EMPATHY = [
  "I'm sorry to hear that.",
  "I understand how frustrating that must be.",
  "That sounds really stressful, I'm sorry.",
];

export function shapeReply(input: ShapeInput): string | null {
  const { base, agent, script, analysis } = input;
  if (base === null) return null;
  const traits = script?.personalityTraits;
  let reply = base;

  const empathy = agent
    ? agent.aiSettings.sentimentAdaptation
      ? agent.empathyLevel
      : 0
    : (traits?.empathy ?? 0);
  if (
    !input.ending &&
    analysis.classification !== "spam" &&
    analysis.sentiment === "negative" &&
    DISTRESS.test(input.text) &&
    empathy >= 6 &&
    !/^(i'?m sorry|oh, i'?m so sorry|sorry|i do apologi[sz]e|if )/i.test(reply)
  ) {
    const variety = agent ? agent.aiSettings.creativityLevel : 0;
    const pick = variety >= 0.5 ? EMPATHY[input.replyIndex % EMPATHY.length] : EMPATHY[0];
    reply = `${pick} ${reply}`;
  }

  const afterHours = /\bwe'?re closed\b/i.test(reply);
  if (input.agentIsNew && agent?.script && !input.ending && !afterHours) reply = `${agent.script} ${reply}`;

  if (traits && traits.formality >= 8) reply = formal(reply);
  else if (traits && traits.formality <= 3) reply = casual(reply);
  return reply.replace(/\s+/g, " ").trim();
}
