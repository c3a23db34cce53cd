import type { FastifyBaseLogger } from "fastify";
import { analyzeUtterance, type CallerFacts, type Classification, type TurnAnalysis } from "../../engine";
import type { TextClassifier } from "../../engine/classifier";
import type { LanguageModel } from "../../providers/llm";
import type { Understand } from "./context";

/**
 * The engine's "understand" step. With a language model configured it asks the model first;
 * a slow (over the timeout) or malformed answer falls back to the local AI with a warning.
 * Caller facts bind either way: a contact is never spam, a blocked number always is.
 */
export function createUnderstand(options: {
  /** The local AI's classifier, trained on first use (see engine/model.ts). */
  classifier: () => TextClassifier;
  llm: LanguageModel | null;
  log: FastifyBaseLogger;
}): Understand {
  const { classifier, llm, log } = options;
  const understand: Understand = async (text: string, facts: CallerFacts, business?: string[]) => {
    const local = analyzeUtterance(text, classifier(), facts);
    if (!llm) return { ...local, source: "local" as const };
    try {
      const answer = await llm.analyze(text, { callerFacts: describeFacts(facts), business });
      let classification = answer.classification;
      if (facts.blocked) classification = "spam";
      if (facts.inContacts && classification === "spam")
        classification = local.classification === "spam" ? "legitimate" : local.classification;
      const confidence = classification === answer.classification ? answer.confidence : local.confidence;
      const analysis: TurnAnalysis = {
        ...local,
        classification,
        confidence,
        // The class scores must agree with the class chosen: the call's classification is built from them.
        scores: rescale(local.scores, classification, confidence),
        sentiment: answer.sentiment,
        ...(classification === answer.classification
          ? {
              intent: answer.intent,
              urgency: answer.urgency,
              importance: answer.importance,
              signals: [...answer.signals, ...local.signals.filter((signal) => !signal.startsWith('"'))],
            }
          : // The caller's facts overruled the model: its reasons no longer explain the class.
            { signals: local.signals.filter((signal) => !signal.startsWith('"')) }),
      };
      return { ...analysis, source: "llm" as const };
    } catch (error) {
      log.warn({ err: error, provider: llm.name }, "language model failed; the local AI answered");
      return { ...local, source: "local" as const };
    }
  };
  understand.remote = llm !== null;
  return understand;
}

function describeFacts(facts: CallerFacts): string[] {
  const out: string[] = [];
  if (facts.inContacts) out.push("the number is in the user's contacts");
  if (facts.blocked) out.push("the user has blocked this number");
  if (facts.withheld) out.push("caller ID withheld");
  if (facts.malformed) out.push("the caller number is malformed");
  if (facts.spoofedLooking)
    out.push(
      "the number shares the user's area code and exchange, as neighbour-spoofed robocalls do (weak evidence on its own)",
    );
  return out;
}

/** Scores where `label` has `probability` and the other classes share the rest as the local AI weighed them. */
function rescale(
  scores: TurnAnalysis["scores"],
  label: Classification,
  probability: number,
): TurnAnalysis["scores"] {
  const others = Object.entries(scores).filter(([key]) => key !== label);
  const restTotal = others.reduce((sum, [, value]) => sum + value, 0);
  const rest = Math.max(0, 1 - probability);
  const out = { ...scores, [label]: probability };
  for (const [key, value] of others) {
    out[key as Classification] = restTotal > 0 ? (value / restTotal) * rest : rest / others.length;
  }
  return out;
}
