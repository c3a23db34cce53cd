import type { Classification } from "../../common/calls";

export { CLASSIFICATIONS, type Classification } from "../../common/calls";

export type Sentiment = "positive" | "negative" | "neutral";

/** The probability of each class for one utterance; sums to 1. */
export type ClassScores = Record<Classification, number>;
