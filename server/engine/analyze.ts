import type { CallerFacts } from "./caller-facts";
import type { ClassOdds, TextClassifier } from "./classifier";
import { type Evidence, matchRules } from "./rules";
import { readStructure } from "./structure";
import { features, type PreparedText, prepareText } from "./text";
import { CLASSIFICATIONS, type Classification, type ClassScores, type Sentiment } from "./types";

export type TurnAnalysis = {
  classification: Classification;
  /** Probability of the chosen class, calibrated on held-out data (`npm run eval:classifier`). */
  confidence: number;
  /**
   * Sure enough of the class to act on this utterance alone (`isCertain`). A caller the engine
   * is unsure of is handled as a person would: a question back or a message, never blocked.
   */
  certain: boolean;
  scores: ClassScores;
  intent: string;
  urgency: number;
  sentiment: Sentiment;
  importance: number;
  signals: string[];
  /** False for replies that carry no meaning on their own ("yes", "ok thanks"). */
  informative: boolean;
};

/** How the classifier's odds and the rules' weights combine (fitted by `npm run eval:classifier`). */
export type CombineParams = { modelWeight: number; ruleWeight: number; temperature: number };
// Fitted by `npm run eval:classifier` (lowest log-loss on the separately written dev set, server/engine/corpus/dev-eval.json).
export const DEFAULT_COMBINE: CombineParams = { modelWeight: 0.5, ruleWeight: 3, temperature: 3 };

/**
 * The probability of the chosen class from which one utterance is enough to act on it. Out of
 * fold on the project corpus (`npm run eval:classifier`), 97.5% of the spam verdicts at or above
 * it are right, and 98% of the right ones reach it; below it, more than half of the spam verdicts
 * are wrong (a customer, a family member), so the call needs another turn before anyone is blocked.
 */
export const SURE_CONFIDENCE = 0.8;

/**
 * Whether an analysis is sure of its class: reads the scores, so it holds for an analysis whose
 * class or scores were changed after the local AI (a language model's answer, caller facts).
 */
export function isCertain(analysis: Pick<TurnAnalysis, "classification" | "scores">): boolean {
  return analysis.scores[analysis.classification] >= SURE_CONFIDENCE;
}

// A blocked number is spam whatever is said: its weight outruns any text.
const CALLER_FACT_WEIGHT = { blocked: 60, withheld: 1.2, malformed: 1.2, spoofedLooking: 1.0 } as const;

/** The intent named when no rule says more (summary.ts words each one for people). */
export const DEFAULT_INTENT: Record<Classification, string> = {
  spam: "unwanted or fraudulent call",
  sales: "commercial inquiry",
  appointment: "appointment request",
  support: "customer support request",
  important: "urgent personal matter",
  legitimate: "personal message",
};

const BASE_URGENCY: Record<Classification, number> = {
  important: 0.65,
  support: 0.35,
  appointment: 0.3,
  sales: 0.15,
  legitimate: 0.15,
  spam: 0.05,
};

const BASE_IMPORTANCE: Record<Classification, number> = {
  important: 4,
  appointment: 3,
  support: 3,
  legitimate: 2,
  sales: 1,
  spam: 0,
};

const URGENT_CUES =
  /\b(urgent(ly)?|emergency|asap|as soon as (possible|you can)|right away|immediately|right now|today|tonight|critical|serious)\b/g;
const CALM_CUES = /\b(no rush|no hurry|nothing urgent|not urgent|whenever|no big deal|next week|sometime)\b/;
const DISTRESS =
  /\b(worried|scared|afraid|upset|angry|furious|frustrated|annoyed|unacceptable|ridiculous|terrible|crying|panicking)\b/;
const CONTENT_WORDS = /[a-z]{3,}/g;
const BARE_REPLY =
  /^(yes|yeah|yep|yup|sure|ok(ay)?|no|nope|nah|thanks?( you)?|thank you( so much)?|bye|goodbye|great|perfect|sounds good|that works|alright|all right|hello|hi|hey)[\s.!,]*(please|thanks|thank you|bye)?[\s.!]*$/;

export function analyzeUtterance(
  text: string,
  classifier: TextClassifier,
  facts: CallerFacts | null,
  params: CombineParams = DEFAULT_COMBINE,
): TurnAnalysis {
  return combineReading(readUtterance(text, classifier), facts, params);
}

/** What the text says before it is weighed: the model's odds and the evidence of rules and structure. */
export type UtteranceReading = {
  prepared: PreparedText;
  odds: ClassOdds;
  /** Phrase rules that matched (rules.ts). */
  rules: Evidence[];
  /** How the utterance is built (structure.ts). */
  structure: Evidence[];
};

export function readUtterance(text: string, classifier: TextClassifier): UtteranceReading {
  const prepared = prepareText(text);
  return {
    prepared,
    odds: classifier.odds(features(prepared.terms)),
    rules: matchRules(prepared.normal),
    structure: readStructure(prepared.normal),
  };
}

/** Weighs one reading with the caller's facts (split from readUtterance so calibration reads each text once). */
export function combineReading(
  { prepared, odds, rules, structure }: UtteranceReading,
  facts: CallerFacts | null,
  params: CombineParams = DEFAULT_COMBINE,
): TurnAnalysis {
  const evidence = [...rules, ...structure];
  const factSignals: string[] = [];
  const logits = {} as Record<Classification, number>;
  for (const label of CLASSIFICATIONS) logits[label] = params.modelWeight * odds[label];
  for (const item of evidence) logits[item.label] += params.ruleWeight * item.weight;
  if (facts) applyCallerFacts(logits, facts, factSignals);

  const scores = softmax(logits, params.temperature);
  // A number in the account's contacts is never spam.
  if (facts?.inContacts) excludeSpam(scores);
  const classification = argmax(scores);
  // The reasons for the class chosen come first, strongest first: they are what "blocked because" quotes.
  const supports = (item: Evidence) => item.label === classification && item.weight > 0;
  const signals = [
    ...evidence
      .filter(supports)
      .sort((a, b) => b.weight - a.weight)
      .map(describeEvidence),
    ...factSignals,
    ...evidence.filter((item) => !supports(item)).map(describeEvidence),
  ];
  const urgency = urgencyOf(classification, prepared.normal);
  const sentiment = sentimentOf(prepared.sentiment, prepared.normal);
  const importance = Math.min(
    5,
    BASE_IMPORTANCE[classification] + (urgency >= 0.8 && classification !== "spam" ? 1 : 0),
  );
  const contentWords = prepared.normal.match(CONTENT_WORDS)?.length ?? 0;

  return {
    classification,
    confidence: round(scores[classification]),
    certain: round(scores[classification]) >= SURE_CONFIDENCE,
    scores: Object.fromEntries(CLASSIFICATIONS.map((label) => [label, round(scores[label])])) as ClassScores,
    intent: intentOf(classification, evidence),
    urgency,
    sentiment,
    importance,
    signals,
    informative: !BARE_REPLY.test(prepared.normal) && (contentWords >= 2 || rules.length > 0),
  };
}

function describeEvidence(item: Evidence): string {
  return item.weight > 0 ? `"${item.id}" (${item.label})` : `"${item.id}" (against ${item.label})`;
}

function applyCallerFacts(
  logits: Record<Classification, number>,
  facts: CallerFacts,
  signals: string[],
): void {
  if (facts.inContacts)
    signals.push(`caller is in your contacts${facts.contactName ? ` (${facts.contactName})` : ""}`);
  if (facts.blocked) {
    logits.spam += CALLER_FACT_WEIGHT.blocked;
    signals.push("number is on your block list");
  }
  if (facts.withheld) {
    logits.spam += CALLER_FACT_WEIGHT.withheld;
    signals.push("caller ID withheld");
  }
  if (facts.malformed) {
    logits.spam += CALLER_FACT_WEIGHT.malformed;
    signals.push("malformed caller number");
  }
  if (facts.spoofedLooking) {
    logits.spam += CALLER_FACT_WEIGHT.spoofedLooking;
    signals.push("number shares your area code and exchange, as neighbour-spoofed robocalls do");
  }
}

function softmax(logits: Record<Classification, number>, temperature: number): ClassScores {
  const max = Math.max(...CLASSIFICATIONS.map((label) => logits[label]));
  const exps = CLASSIFICATIONS.map((label) => Math.exp((logits[label] - max) / temperature));
  const total = exps.reduce((sum, value) => sum + value, 0);
  return Object.fromEntries(
    CLASSIFICATIONS.map((label, i) => [label, (exps[i] ?? 0) / total]),
  ) as ClassScores;
}

function excludeSpam(scores: ClassScores): void {
  const rest = 1 - scores.spam;
  scores.spam = 0;
  for (const label of CLASSIFICATIONS)
    if (label !== "spam") scores[label] = rest > 0 ? scores[label] / rest : 1 / 5;
}

function argmax(scores: ClassScores): Classification {
  return CLASSIFICATIONS.reduce((best, label) => (scores[label] > scores[best] ? label : best));
}

function intentOf(classification: Classification, rules: Evidence[]): string {
  const strongest = rules
    .filter((rule) => rule.label === classification && rule.intent && rule.weight > 0)
    .sort((a, b) => b.weight - a.weight)[0];
  return strongest?.intent ?? DEFAULT_INTENT[classification];
}

function urgencyOf(classification: Classification, normal: string): number {
  if (classification === "spam") return BASE_URGENCY.spam;
  const cues = normal.match(URGENT_CUES)?.length ?? 0;
  let urgency = BASE_URGENCY[classification] + 0.15 * Math.min(cues, 2);
  if (CALM_CUES.test(normal)) urgency -= 0.2;
  return round(Math.min(1, Math.max(0, urgency)));
}

function sentimentOf(score: number, normal: string): Sentiment {
  if (DISTRESS.test(normal) || score <= -0.15) return "negative";
  if (score >= 0.15) return "positive";
  return "neutral";
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
