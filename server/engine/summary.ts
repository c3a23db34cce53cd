import { callClassification, type EngineState } from "./state";
import type { Sentiment } from "./types";

export type CallOutcome = {
  summary: string;
  sentiment: Sentiment;
  importance: number;
  followUpRequired: boolean;
  actionTaken: string;
  customerSatisfaction: number;
};

/** What the call amounted to, written when it ends (by the caller, the assistant or the user). */
export function summarizeCall(
  state: EngineState,
  caller: string,
  endedBy: "caller" | "assistant" | "user",
): CallOutcome {
  const classification = callClassification(state);
  const sentiment = overallSentiment(state.sentiments);
  const actionTaken =
    state.actionTaken || (state.turns === 0 ? "Ended before the caller spoke" : "Call answered");
  const message = state.message.join(" ").trim();
  const topic = state.intent ?? (classification ? `a ${classification} call` : "an unclassified call");
  const parts = [`${caller} called about ${topic}.`, `${actionTaken}.`];
  if (message && classification !== "spam") parts.push(`Message: "${truncate(message, 400)}"`);
  if (endedBy === "user" && state.stage !== "handed_off") parts.push("You ended the call.");

  const spam = classification === "spam";
  const followUpRequired =
    !spam &&
    (state.urgent ||
      (state.appointmentPending && !state.appointmentId) ||
      (message.length > 0 && classification !== "appointment"));

  let customerSatisfaction = 3;
  // Nobody spoke, or it was spam: there is no caller experience to rate.
  if (spam || state.turns === 0) customerSatisfaction = 0;
  else if (state.appointmentId) customerSatisfaction = 5;
  else if (sentiment === "negative") customerSatisfaction = 2;
  else if (sentiment === "positive" || state.stage === "handed_off") customerSatisfaction = 4;

  return {
    summary: parts.join(" "),
    sentiment,
    importance: spam ? 0 : state.importance,
    followUpRequired,
    actionTaken,
    customerSatisfaction,
  };
}

function overallSentiment(sentiments: Sentiment[]): Sentiment {
  const negative = sentiments.filter((s) => s === "negative").length;
  const positive = sentiments.filter((s) => s === "positive").length;
  if (negative === 0 && positive === 0) return "neutral";
  return negative >= positive ? "negative" : "positive";
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
