import { describe, expect, it } from "vitest";
import {
  ANSWER_OUTCOMES,
  type AnswerOutcome,
  answerModel,
  DEFAULT_OUTCOME_RATES,
  humanChanceWhileRinging,
  MIN_RING_TIMEOUT_SECONDS,
  outcomeShares,
  type PlannedOutcome,
  planOutcome,
  seededRandom,
} from "./answer-outcomes";

function plan(count: number, seed: number, overrides = {}): PlannedOutcome[] {
  const random = seededRandom(seed);
  const model = answerModel(overrides);
  return Array.from({ length: count }, () => planOutcome(random, model));
}

function shareOf(plans: PlannedOutcome[], outcome: AnswerOutcome): number {
  return plans.filter((planned) => planned.outcome === outcome).length / plans.length;
}

describe("seeded randomness", () => {
  it("plays the same calls for the same seed and other calls for another", () => {
    expect(plan(50, 7)).toEqual(plan(50, 7));
    expect(plan(50, 7)).not.toEqual(plan(50, 8));
  });

  it("draws uniform numbers in [0, 1)", () => {
    const random = seededRandom(1);
    const draws = Array.from({ length: 20_000 }, random);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    const mean = draws.reduce((sum, draw) => sum + draw, 0) / draws.length;
    expect(mean).toBeGreaterThan(0.49);
    expect(mean).toBeLessThan(0.51);
  });
});

describe("outcome rates", () => {
  it("follow the default rates (three in ten answered by a person)", () => {
    const plans = plan(40_000, 1);
    for (const outcome of ANSWER_OUTCOMES) {
      expect(Math.abs(shareOf(plans, outcome) - DEFAULT_OUTCOME_RATES[outcome]), outcome).toBeLessThan(0.01);
    }
  });

  it("take configured weights, normalised", () => {
    const rates = { human: 2, machine: 1, busy: 1, no_answer: 0, failed: 0 };
    expect(outcomeShares(rates)).toEqual({ human: 0.5, machine: 0.25, busy: 0.25, no_answer: 0, failed: 0 });
    const plans = plan(20_000, 2, { rates });
    expect(shareOf(plans, "human")).toBeCloseTo(0.5, 1);
    expect(shareOf(plans, "no_answer")).toBe(0);
    expect(shareOf(plans, "failed")).toBe(0);
  });

  it("can make every call one outcome", () => {
    const plans = plan(500, 3, { rates: { human: 0, machine: 1, busy: 0, no_answer: 0, failed: 0 } });
    expect(plans.every((planned) => planned.outcome === "machine")).toBe(true);
  });

  it("refuses rates that describe nothing and negative rates", () => {
    expect(() => answerModel({ rates: { human: 0, machine: 0, busy: 0, no_answer: 0, failed: 0 } })).toThrow(
      RangeError,
    );
    expect(() => answerModel({ rates: { ...DEFAULT_OUTCOME_RATES, busy: -1 } })).toThrow(RangeError);
  });
});

describe("timings", () => {
  const plans = plan(20_000, 4);
  const of = (outcome: AnswerOutcome) => plans.filter((planned) => planned.outcome === outcome);

  it("answers (person or machine) come after 5 to 25 seconds of ringing, most within 15", () => {
    const answers = [...of("human"), ...of("machine")].map((planned) => planned.afterSeconds);
    expect(Math.min(...answers)).toBeGreaterThanOrEqual(5);
    expect(Math.max(...answers)).toBeLessThanOrEqual(25);
    expect(answers.filter((seconds) => seconds <= 15).length / answers.length).toBeGreaterThan(0.6);
  });

  it("a busy signal comes within 3 seconds and a failure within 2", () => {
    expect(Math.max(...of("busy").map((planned) => planned.afterSeconds))).toBeLessThanOrEqual(3);
    expect(Math.max(...of("failed").map((planned) => planned.afterSeconds))).toBeLessThanOrEqual(2);
  });

  it("nobody answering ends at the ring timeout, never under 15 seconds", () => {
    const noAnswers = of("no_answer").map((planned) => planned.afterSeconds);
    expect(new Set(noAnswers)).toEqual(new Set([30]));
    expect(() => answerModel({ ringTimeoutSeconds: MIN_RING_TIMEOUT_SECONDS - 1 })).toThrow(
      /at least 15 seconds/,
    );
  });

  it("a machine's greeting lasts 8 to 25 seconds; a person has none", () => {
    const greetings = of("machine").map((planned) => planned.greetingSeconds!);
    expect(Math.min(...greetings)).toBeGreaterThanOrEqual(8);
    expect(Math.max(...greetings)).toBeLessThanOrEqual(25);
    expect(of("human").every((planned) => planned.greetingSeconds === null)).toBe(true);
  });

  it("with a 15-second timeout, answers that would come later are no-answers", () => {
    const short = plan(20_000, 5, { ringTimeoutSeconds: 15 });
    expect(Math.max(...short.map((planned) => planned.afterSeconds))).toBeLessThanOrEqual(15);
    expect(shareOf(short, "human")).toBeLessThan(0.27);
    expect(shareOf(short, "no_answer")).toBeGreaterThan(0.45);
  });
});

describe("humanChanceWhileRinging", () => {
  it("starts at the human rate and falls to nothing once answers stop coming", () => {
    expect(humanChanceWhileRinging(0)).toBeCloseTo(0.3, 5);
    expect(humanChanceWhileRinging(12)).toBeLessThan(humanChanceWhileRinging(4));
    expect(humanChanceWhileRinging(26)).toBe(0);
    expect(humanChanceWhileRinging(40)).toBe(0);
  });

  it("matches what the model plays: the share of people among calls still ringing at 12 s", () => {
    const plans = plan(60_000, 6);
    const stillRinging = plans.filter((planned) => planned.afterSeconds > 12);
    expect(Math.abs(shareOf(stillRinging, "human") - humanChanceWhileRinging(12))).toBeLessThan(0.01);
  });
});
