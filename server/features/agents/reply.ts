import type { PersonalityTraits } from "../../../common/scripts";
import type { TurnAnalysis } from "../../engine";

/**
 * The local reply composer's options (issue 12 part 2): how the default script and the routed
 * agent reshape what the engine would say. Pure: no I/O.
 *
 * - Business rules and the agent's knowledge base are facts: the one sharing most words with the
 *   caller's question is said first ("Unlimited gives up to 150 Mbps ... for $150 a month.").
 * - Conversation-flow steps are the script's questions, asked in order, one per turn: a step
 *   takes the place of the engine's closing question (never during an appointment exchange).
 * - An objection ("too expensive", "not interested") gets the agent's rebuttal.
 * - Personality: empathy acknowledges an upset caller first (the agent's sentiment adaptation
 *   and empathy level, or the script's empathy); formality 8 and up speaks without contractions,
 *   3 and below with them; a persistent (assertive) sales agent ends with a call to action.
 * - The agent's script introduces it when a call first reaches it; its closing style replaces
 *   the goodbye.
 */

export type ReplyAgent = {
  name: string;
  script: string | null;
  closingStyle: string | null;
  knowledgeBase: string | null;
  rebuttalPlaybook: readonly string[];
  empathyLevel: number;
  assertivenessLevel: number;
  aiSettings: { sentimentAdaptation: boolean; creativityLevel: number };
};

export type ReplyScript = {
  businessRules: readonly string[];
  conversationFlow: readonly string[];
  personalityTraits: PersonalityTraits;
};

export type ShapeInput = {
  /** What the engine would say (null: it stays silent). */
  base: string | null;
  text: string;
  analysis: Pick<TurnAnalysis, "classification" | "sentiment" | "informative">;
  script: ReplyScript | null;
  agent: ReplyAgent | null;
  /** The call has just reached this agent (its introduction is said). */
  agentIsNew: boolean;
  /** How many replies the assistant gave before this one (the next flow step's index). */
  replyIndex: number;
  /** The engine is asking about a time (its question must stay). */
  inAppointmentExchange: boolean;
  /** The call ends with this reply. */
  ending: boolean;
};

const STOPWORDS = new Set(
  "a an and are as at be been but by can could do does did for from had has have how i if in is it its me my of on or our please so that the their them there they this to us was we what when where which who why will with would you your yes no hi hello hey just about any some want need like know tell get".split(
    " ",
  ),
);

/** Words about when, not what: they never make a fact relevant ("on Friday", "per month"). */
const TIME_WORDS = new Set(
  "monday tuesday wednesday thursday friday saturday sunday today tomorrow tonight yesterday morning afternoon evening night week weekend month year day hour minute time next last".split(
    " ",
  ),
);

/** Content words, crudely stemmed, for matching a question to a fact. */
export function contentWords(text: string): Set<string> {
  const words = text.toLowerCase().match(/[a-z0-9$]+/g) ?? [];
  const out = new Set<string>();
  for (const word of words) {
    if (word.length < 3 || STOPWORDS.has(word) || TIME_WORDS.has(word)) continue;
    out.add(word.replace(/(ing|ed|es|s)$/, "") || word);
  }
  return out;
}

const QUESTION = /\?\s*$|^(how|what|when|where|which|who|why|do|does|is|are|can|could|will|would)\b/i;

/**
 * The fact sharing most content words with the text, or null: two shared words, or one when the
 * caller asks a question (a statement about one word is not a question about it).
 */
export function bestFact(text: string, facts: readonly string[], minimum?: number): string | null {
  const asked = contentWords(text);
  if (asked.size === 0) return null;
  const needed = minimum ?? (QUESTION.test(text.trim()) ? 1 : 2);
  let best: { fact: string; score: number } | null = null;
  for (const fact of facts) {
    let score = 0;
    for (const word of contentWords(fact)) if (asked.has(word)) score += 1;
    if (score >= needed && (!best || score > best.score)) best = { fact, score };
  }
  return best?.fact ?? null;
}

const OBJECTION =
  /\b(too (expensive|much|pricey)|can'?t afford|not interested|no thanks|already have|happy with (my|our)|need to think|think about it|call (me )?back later|send (me )?(some )?info|not (right )?now|no budget|cheaper)\b/i;

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

const EMPATHY = [
  "I'm sorry to hear that.",
  "I understand how frustrating that must be.",
  "That sounds really stressful, I'm sorry.",
];

/** Sentences of a reply (keeps the punctuation). */
function sentences(text: string): string[] {
  return (
    text
      .match(/[^.!?]+[.!?]+["')]*\s*|[^.!?]+$/g)
      ?.map((s) => s.trim())
      .filter(Boolean) ?? [text]
  );
}

/** The reply without its closing question, and whether it had one. */
function withoutClosingQuestion(text: string): { rest: string; hadQuestion: boolean } {
  const parts = sentences(text);
  const last = parts.at(-1) ?? "";
  if (parts.length > 1 && last.endsWith("?"))
    return { rest: parts.slice(0, -1).join(" "), hadQuestion: true };
  return { rest: text, hadQuestion: false };
}

export function shapeReply(input: ShapeInput): string | null {
  const { base, agent, script, analysis } = input;
  if (base === null) return null;
  const traits = script?.personalityTraits;
  let reply = base;

  if (input.ending) {
    if (agent?.closingStyle) {
      const parts = sentences(reply);
      reply = [...parts.slice(0, -1), agent.closingStyle].join(" ");
    }
  } else if (analysis.classification !== "spam") {
    const facts = [...(script?.businessRules ?? []), ...splitLines(agent?.knowledgeBase)];
    // While booking, the booking is the answer: a fact must match the question closely.
    const minimum = analysis.classification === "appointment" ? 2 : undefined;
    const fact = facts.length ? bestFact(input.text, facts, minimum) : null;
    const rebuttal =
      agent && agent.rebuttalPlaybook.length > 0 && OBJECTION.test(input.text)
        ? (bestFact(input.text, agent.rebuttalPlaybook, 1) ??
          agent.rebuttalPlaybook[input.replyIndex % agent.rebuttalPlaybook.length] ??
          null)
        : null;
    const step = input.inAppointmentExchange ? null : (script?.conversationFlow[input.replyIndex] ?? null);

    if (rebuttal) {
      reply = `${withoutClosingQuestion(reply).rest} ${rebuttal}`;
    } else if (step && analysis.informative) {
      reply = `${withoutClosingQuestion(reply).rest} ${step}`;
    }
    if (fact && !reply.includes(fact)) reply = `${fact} ${reply}`;

    const persistent = agent && agent.assertivenessLevel >= 7 && analysis.classification === "sales";
    if (persistent && !rebuttal && !reply.trim().endsWith("?"))
      reply = `${reply} Would you like me to set up a time to go over the details?`;

    const empathy = agent
      ? agent.aiSettings.sentimentAdaptation
        ? agent.empathyLevel
        : 0
      : (traits?.empathy ?? 0);
    if (
      analysis.sentiment === "negative" &&
      empathy >= 6 &&
      !/^(i'?m sorry|oh, i'?m so sorry|sorry|i do apologi[sz]e)/i.test(reply)
    ) {
      const variety = agent ? agent.aiSettings.creativityLevel : 0;
      const pick = variety >= 0.5 ? EMPATHY[input.replyIndex % EMPATHY.length] : EMPATHY[0];
      reply = `${pick} ${reply}`;
    }
  }

  if (input.agentIsNew && agent?.script && !input.ending) reply = `${agent.script} ${reply}`;

  if (traits && traits.formality >= 8) reply = formal(reply);
  else if (traits && traits.formality <= 3) reply = casual(reply);
  return reply.replace(/\s+/g, " ").trim();
}

export function splitLines(text: string | null | undefined): string[] {
  return (text ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
