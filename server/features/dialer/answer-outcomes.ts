/**
 * The carrier simulator's model of what happens when the dialer rings a number: a person answers,
 * an answering machine picks up, the line is busy, nobody answers before the ring timeout, or the
 * call fails in the network. Rates are configurable (normalised weights) and timings follow what
 * outbound dialers see in practice:
 *
 * - a person or a machine answers after 5 to 25 seconds of ringing (most around 8 to 15 s);
 * - a busy signal comes back within about 3 seconds, a network failure within about 2;
 * - nobody answering ends the attempt at the ring timeout, which is never under 15 seconds (a
 *   dialer must let a phone ring at least 15 s before giving up);
 * - a machine's greeting lasts 8 to 25 seconds before the beep (where a voicemail drop starts).
 *
 * Pure and seeded: the same seed plays the same calls, so tests and the bench are repeatable.
 */

import { MIN_RING_SECONDS } from "../../../common/dialer";

export const ANSWER_OUTCOMES = ["human", "machine", "busy", "no_answer", "failed"] as const;
export type AnswerOutcome = (typeof ANSWER_OUTCOMES)[number];

/** Relative weights of each outcome; they need not add up to 1 (they are normalised). */
export type OutcomeRates = Record<AnswerOutcome, number>;

/** The least time a dialer lets a number ring before it counts as not answered (15 s). */
export const MIN_RING_TIMEOUT_SECONDS = MIN_RING_SECONDS;

export interface AnswerModel {
  rates: OutcomeRates;
  /** Seconds the dialer lets a number ring before giving up (at least 15). */
  ringTimeoutSeconds: number;
  /** Range of ringing before a person or a machine answers. */
  answerAfterSeconds: readonly [number, number];
  /** A busy signal arrives within this many seconds. */
  busyWithinSeconds: number;
  /** A network failure (unallocated number, congestion) arrives within this many seconds. */
  failedWithinSeconds: number;
  /** Range of an answering machine's greeting, up to the beep. */
  machineGreetingSeconds: readonly [number, number];
}

/** A typical consumer list: three in ten answered by a person (the bench scenario). */
export const DEFAULT_OUTCOME_RATES: OutcomeRates = {
  human: 0.3,
  machine: 0.17,
  busy: 0.08,
  no_answer: 0.4,
  failed: 0.05,
};

export const DEFAULT_ANSWER_MODEL: AnswerModel = {
  rates: DEFAULT_OUTCOME_RATES,
  ringTimeoutSeconds: 30,
  answerAfterSeconds: [5, 25],
  busyWithinSeconds: 3,
  failedWithinSeconds: 2,
  machineGreetingSeconds: [8, 25],
};

/** What the carrier will do with one dialled number, decided when it is dialled. */
export interface PlannedOutcome {
  outcome: AnswerOutcome;
  /**
   * Seconds from dialling to the outcome: the answer (human, machine), the busy signal, the
   * failure, or the ring timeout (no answer).
   */
  afterSeconds: number;
  /** For a machine: its greeting's length before the beep. */
  greetingSeconds: number | null;
}

/** A function returning uniform numbers in [0, 1). */
export type Random = () => number;

/**
 * A small, fast seeded generator (mulberry32): good enough statistics for simulation, and the
 * same sequence for the same seed on every machine.
 */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Merges overrides onto the defaults and checks the model can describe a lawful dialer. */
export function answerModel(overrides: Partial<AnswerModel> = {}): AnswerModel {
  const model: AnswerModel = {
    ...DEFAULT_ANSWER_MODEL,
    ...overrides,
    rates: { ...DEFAULT_OUTCOME_RATES, ...overrides.rates },
  };
  if (!(model.ringTimeoutSeconds >= MIN_RING_TIMEOUT_SECONDS)) {
    throw new RangeError(
      `The ring timeout must be at least ${MIN_RING_TIMEOUT_SECONDS} seconds (got ${model.ringTimeoutSeconds}).`,
    );
  }
  const weights = ANSWER_OUTCOMES.map((outcome) => model.rates[outcome]);
  if (weights.some((weight) => !(weight >= 0)) || weights.every((weight) => weight === 0)) {
    throw new RangeError("Outcome rates must be zero or more, and at least one above zero.");
  }
  assertRange("answerAfterSeconds", model.answerAfterSeconds);
  assertRange("machineGreetingSeconds", model.machineGreetingSeconds);
  return model;
}

function assertRange(name: string, [low, high]: readonly [number, number]): void {
  if (!(low >= 0 && high >= low))
    throw new RangeError(`${name} must be a range [low, high] with 0 <= low <= high.`);
}

/** The share of dials each outcome gets (the weights normalised to add up to 1). */
export function outcomeShares(rates: OutcomeRates): OutcomeRates {
  const total = ANSWER_OUTCOMES.reduce((sum, outcome) => sum + rates[outcome], 0);
  return Object.fromEntries(
    ANSWER_OUTCOMES.map((outcome) => [outcome, rates[outcome] / total]),
  ) as OutcomeRates;
}

/**
 * Decides what happens to one dialled number. A person or machine whose answer would come after
 * the ring timeout is a no-answer: a shorter timeout loses some answers, as it does on a real line.
 */
export function planOutcome(random: Random, model: AnswerModel = DEFAULT_ANSWER_MODEL): PlannedOutcome {
  const drawn = drawOutcome(random(), model.rates);
  switch (drawn) {
    case "human":
    case "machine": {
      const answerAfter = answerDelay(random, model.answerAfterSeconds);
      if (answerAfter > model.ringTimeoutSeconds) {
        return { outcome: "no_answer", afterSeconds: model.ringTimeoutSeconds, greetingSeconds: null };
      }
      const greetingSeconds = drawn === "machine" ? uniform(random, model.machineGreetingSeconds) : null;
      return { outcome: drawn, afterSeconds: answerAfter, greetingSeconds };
    }
    case "busy":
      return {
        outcome: "busy",
        afterSeconds: uniform(random, [0.5, model.busyWithinSeconds]),
        greetingSeconds: null,
      };
    case "failed":
      return {
        outcome: "failed",
        afterSeconds: uniform(random, [0.2, model.failedWithinSeconds]),
        greetingSeconds: null,
      };
    case "no_answer":
      return { outcome: "no_answer", afterSeconds: model.ringTimeoutSeconds, greetingSeconds: null };
  }
}

function drawOutcome(draw: number, rates: OutcomeRates): AnswerOutcome {
  const shares = outcomeShares(rates);
  let cumulative = 0;
  for (const outcome of ANSWER_OUTCOMES) {
    cumulative += shares[outcome];
    if (draw < cumulative) return outcome;
  }
  // Rounding can leave the last share a hair short of 1: the last outcome with weight takes it.
  return [...ANSWER_OUTCOMES].reverse().find((outcome) => shares[outcome] > 0)!;
}

/**
 * Ringing before an answer: a triangular distribution over the range with its peak a third of
 * the way in (most people pick up after two or three rings; a few let it ring on).
 */
function answerDelay(random: Random, [low, high]: readonly [number, number]): number {
  const peak = low + (high - low) / 3;
  const u = random();
  const split = (peak - low) / (high - low || 1);
  if (u < split) return low + Math.sqrt(u * (high - low) * (peak - low));
  return high - Math.sqrt((1 - u) * (high - low) * (high - peak));
}

function uniform(random: Random, [low, high]: readonly [number, number]): number {
  return low + random() * (high - low);
}

/**
 * The chance that a line still ringing after `ringingSeconds` ends with a person answering, under
 * the model. A fresh line has about the human rate; a line that has rung past most answers is
 * mostly a no-answer in waiting. Pacing uses it to count ringing lines by what they will bring.
 */
export function humanChanceWhileRinging(
  ringingSeconds: number,
  model: AnswerModel = DEFAULT_ANSWER_MODEL,
): number {
  return humanAnswerWithin(ringingSeconds, Number.POSITIVE_INFINITY, model);
}

/**
 * The chance that a line still ringing after `ringingSeconds` is answered by a person within the
 * next `withinSeconds` (never after the ring timeout), under the model.
 */
export function humanAnswerWithin(
  ringingSeconds: number,
  withinSeconds: number,
  model: AnswerModel = DEFAULT_ANSWER_MODEL,
): number {
  const t = Math.max(0, ringingSeconds);
  if (t >= model.ringTimeoutSeconds) return 0;
  const until = Math.min(model.ringTimeoutSeconds, t + Math.max(0, withinSeconds));
  const shares = outcomeShares(model.rates);
  const [low, high] = model.answerAfterSeconds;
  // Answers that would come after the timeout are no-answers (as planOutcome decides).
  const answerLeft = answerSurvival(t, low, high) - answerSurvival(model.ringTimeoutSeconds, low, high);
  const human = shares.human * (answerSurvival(t, low, high) - answerSurvival(until, low, high));
  const stillRinging =
    (shares.human + shares.machine) * answerLeft +
    shares.busy * uniformSurvival(t, 0.5, model.busyWithinSeconds) +
    shares.failed * uniformSurvival(t, 0.2, model.failedWithinSeconds) +
    shares.no_answer +
    (shares.human + shares.machine) * answerSurvival(model.ringTimeoutSeconds, low, high);
  return stillRinging > 0 ? human / stillRinging : 0;
}

/**
 * humanAnswerWithin second by second: for a line that has rung `ringingSeconds`, the chance a
 * person answers it in each of the next `seconds` seconds (entry t: between t and t + 1 from now).
 */
export function humanAnswersBySecond(
  ringingSeconds: number,
  seconds: number,
  model: AnswerModel = DEFAULT_ANSWER_MODEL,
): number[] {
  const total = humanAnswerWithin(ringingSeconds, Number.POSITIVE_INFINITY, model);
  const t0 = Math.max(0, ringingSeconds);
  const [low, high] = model.answerAfterSeconds;
  const answerLeft = answerSurvival(t0, low, high) - answerSurvival(model.ringTimeoutSeconds, low, high);
  const byAnswer = (t: number) => {
    const until = Math.min(model.ringTimeoutSeconds, t0 + t);
    return answerLeft > 0
      ? (answerSurvival(t0, low, high) - answerSurvival(until, low, high)) / answerLeft
      : 0;
  };
  // The chance of a person by then is the total chance scaled by the share of answers come by then.
  return Array.from({ length: seconds }, (_, t) => total * (byAnswer(t + 1) - byAnswer(t)));
}

/** P(answer delay > t) for answerDelay's triangular distribution. */
function answerSurvival(t: number, low: number, high: number): number {
  if (t <= low) return 1;
  if (t >= high) return 0;
  const peak = low + (high - low) / 3;
  if (t < peak) return 1 - (t - low) ** 2 / ((high - low) * (peak - low));
  return (high - t) ** 2 / ((high - low) * (high - peak));
}

function uniformSurvival(t: number, low: number, high: number): number {
  if (t <= low) return 1;
  if (t >= high) return 0;
  return (high - t) / (high - low);
}
