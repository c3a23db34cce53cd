import { describe, expect, it } from "vitest";
import { humanAnswersBySecond } from "./answer-outcomes";
import {
  ABANDON_CEILING,
  dropsToCeiling,
  fixedRatioLines,
  freeByChances,
  linesToDial,
  linesToRelease,
  MAX_LEVEL,
  MIN_ANSWERS_FOR_RATE,
  MIN_CALLS_FOR_HANDLE_TIMES,
  MIN_LEVEL,
  modelledLines,
  type PacingSettings,
  type PacingSnapshot,
  rateOf,
} from "./pacing";

const none = { abandoned: 0, humanAnswered: 0 };

function snapshot(overrides: Partial<PacingSnapshot> = {}): PacingSnapshot {
  return {
    readyAgents: 0,
    agentsOnCall: 0,
    linesRinging: 0,
    callsWaiting: 0,
    level: null,
    secondsSinceLastDecision: 0,
    sincePrevious: none,
    rolling30Days: { abandoned: 0, humanAnswered: 1000 },
    campaignSoFar: { abandoned: 0, humanAnswered: 1000 },
    ...overrides,
  };
}

const predictive: PacingSettings = { mode: "predictive", dialRatio: 2.5, maxLines: 15 };

describe("preview and manual", () => {
  it("dial nothing automatically", () => {
    for (const mode of ["preview", "manual"] as const) {
      const decision = linesToDial(snapshot({ readyAgents: 5 }), { ...predictive, mode });
      expect(decision).toMatchObject({ lines: 0, mode, reason: "not_automatic", modeChange: null });
    }
  });
});

describe("progressive", () => {
  const progressive: PacingSettings = { ...predictive, mode: "progressive" };

  it("dials one line per ready agent, less the lines already ringing or waiting", () => {
    expect(linesToDial(snapshot({ readyAgents: 4 }), progressive).lines).toBe(4);
    expect(linesToDial(snapshot({ readyAgents: 4, linesRinging: 3 }), progressive).lines).toBe(1);
    expect(
      linesToDial(snapshot({ readyAgents: 4, linesRinging: 3, callsWaiting: 1 }), progressive).lines,
    ).toBe(0);
    expect(linesToDial(snapshot({ readyAgents: 1, linesRinging: 3 }), progressive).lines).toBe(0);
  });

  it("stays under maxLines", () => {
    expect(linesToDial(snapshot({ readyAgents: 30 }), { ...progressive, maxLines: 15 }).lines).toBe(15);
  });
});

describe("predictive: the level", () => {
  it("starts at dialRatio, and dials a line per ready agent and more while the model allows", () => {
    const decision = linesToDial(snapshot({ readyAgents: 4 }), predictive);
    expect(decision).toMatchObject({ level: 2.5, mode: "predictive", reason: "predictive" });
    expect(decision.lines).toBeGreaterThanOrEqual(4);
    expect(decision.lines).toBeLessThan(15);
  });

  it("counts each line as one person at most (the counts are Poisson-binomial, not Poisson)", () => {
    // Two ready agents, two fresh lines ringing, no agent on a call: a person on a new line finds
    // no agent only when persons answered first on both others, b(t)^2 when it answers in second
    // t (b(t): a fresh line's chance of a person before then, half of the same second counted).
    // Poisson would read 1 - e^-2b(1 + 2b), about a third more at b = 0.3, and hold back a line
    // an idle agent could take.
    const fresh = humanAnswersBySecond(0, 25);
    let earlier = 0;
    let risk = 0;
    for (const chance of fresh) {
      risk += chance * (earlier + chance / 2) ** 2;
      earlier += chance;
    }
    risk /= fresh.reduce((sum, chance) => sum + chance, 0);
    const state = snapshot({ readyAgents: 2, linesRinging: 2, ringingSeconds: [0, 0] });
    expect(modelledLines(state, predictive, 15, risk * 1.001).lines).toBe(1);
    expect(modelledLines(state, predictive, 15, risk * 0.999).lines).toBe(0);
  });

  it("shrinks the allowance as the ceiling nears, before dialling like progressive", () => {
    const lines = (abandoned: number) =>
      linesToDial(
        snapshot({
          readyAgents: 4,
          agentsOnCall: 6,
          level: 3,
          campaignSoFar: { abandoned, humanAnswered: 500 },
        }),
        predictive,
      );
    // 500 answers: the ceiling is 15 abandoned calls; the reserve keeps 2 in hand.
    const roomy = lines(5);
    const close = lines(11); // 2 to spare beyond the reserve: half the allowance
    const closer = lines(13); // none to spare: no allowance
    expect(roomy.reason).toBe("predictive");
    expect(close.reason).toBe("predictive");
    expect(close.lines).toBeLessThan(roomy.lines);
    expect(closer.lines).toBeLessThanOrEqual(close.lines);
    // With no allowance, only lines whose person is sure of an agent: one per ready agent.
    expect(closer).toMatchObject({ reason: "predictive", lines: 4 });
    expect(lines(14).reason).toBe("near_ceiling");
  });

  it("allows each new line level x target of a person finding no agent: a higher level dials more", () => {
    const lines = (level: number) => linesToDial(snapshot({ readyAgents: 4, level }), predictive).lines;
    expect(lines(0.5)).toBeGreaterThanOrEqual(4);
    expect(lines(6)).toBeGreaterThan(lines(0.5));
    // A lower target is a smaller allowance at the same level.
    const strict = linesToDial(snapshot({ readyAgents: 4, level: 6 }), {
      ...predictive,
      targetAbandonRate: 0.005,
    }).lines;
    expect(strict).toBeLessThan(lines(6));
  });

  it("counts agents whose call is likely to end before a line dialled now is answered", () => {
    const handleTimes = { calls: 100, meanSeconds: 120, sdSeconds: 72 };
    const onCall = (seconds: number, overrides: Partial<PacingSnapshot> = {}) =>
      linesToDial(
        snapshot({
          readyAgents: 2,
          agentsOnCall: 8,
          level: 2,
          onCallSeconds: Array.from({ length: 8 }, () => seconds),
          handleTimes,
          ...overrides,
        }),
        predictive,
      ).lines;
    const justStarted = onCall(5);
    const nearTheAverage = onCall(150);
    expect(nearTheAverage).toBeGreaterThan(justStarted);
    // Without the handle times (or with too few finished calls), no agent on a call is counted on.
    expect(onCall(150, { handleTimes: undefined })).toBe(justStarted);
    expect(onCall(150, { handleTimes: { ...handleTimes, calls: MIN_CALLS_FOR_HANDLE_TIMES - 1 } })).toBe(
      justStarted,
    );
  });

  it("gives the chance of a call ending by each horizon, given how long it has lasted", () => {
    const handleTimes = { calls: 100, meanSeconds: 120, sdSeconds: 72 };
    const [early, late] = freeByChances({ onCallSeconds: [10, 130], handleTimes }, [5, 15, 60]);
    expect(early![0]).toBeLessThan(late![0]!);
    expect(early![1]).toBeLessThan(late![1]!);
    for (const chances of [early!, late!]) {
      expect(chances[0]).toBeLessThanOrEqual(chances[1]!);
      expect(chances[1]).toBeLessThanOrEqual(chances[2]!);
      for (const chance of chances) expect(chance).toBeGreaterThanOrEqual(0);
      for (const chance of chances) expect(chance).toBeLessThanOrEqual(1);
    }
    // A fixed handle time: a call 115 seconds into 120 ends within 10 seconds, not within 2.
    const fixed = { calls: 100, meanSeconds: 120, sdSeconds: 0 };
    expect(freeByChances({ onCallSeconds: [115], handleTimes: fixed }, [2, 10])).toEqual([[0, 1]]);
  });

  it("is capped by maxLines (ringing and waiting lines count)", () => {
    expect(linesToDial(snapshot({ readyAgents: 10 }), predictive)).toMatchObject({
      lines: 15,
      reason: "max_lines",
    });
    expect(linesToDial(snapshot({ readyAgents: 10, linesRinging: 5 }), predictive).lines).toBe(10);
  });

  it("counts fresh ringing lines by their chance of a person answering, and lines that have rung past most answers for little", () => {
    const fresh = linesToDial(
      snapshot({ readyAgents: 2, level: 2, linesRinging: 3, ringingSeconds: [0, 0, 0] }),
      predictive,
    );
    const old = linesToDial(
      snapshot({ readyAgents: 2, level: 2, linesRinging: 3, ringingSeconds: [26, 27, 28] }),
      predictive,
    );
    const none = linesToDial(snapshot({ readyAgents: 2, level: 2 }), predictive);
    expect(fresh.lines).toBeLessThan(old.lines);
    expect(old.lines).toBeLessThanOrEqual(none.lines);
    // Without the ringing times every line counts as fresh.
    expect(linesToDial(snapshot({ readyAgents: 2, level: 2, linesRinging: 3 }), predictive).lines).toBe(
      fresh.lines,
    );
  });

  it("dials nothing while callers wait for an agent, and steps the level down", () => {
    const decision = linesToDial(
      snapshot({ readyAgents: 0, agentsOnCall: 10, callsWaiting: 2, level: 2 }),
      predictive,
    );
    expect(decision.lines).toBe(0);
    expect(decision.level).toBeLessThan(2);
  });

  it("steps down for abandoned calls and up for calls answered by a person", () => {
    const busy = { readyAgents: 0, agentsOnCall: 10, level: 2 };
    const dropped = linesToDial(
      snapshot({ ...busy, sincePrevious: { abandoned: 1, humanAnswered: 1 } }),
      predictive,
    );
    const answered = linesToDial(
      snapshot({ ...busy, sincePrevious: { abandoned: 0, humanAnswered: 5 } }),
      predictive,
    );
    expect(dropped.level).toBeLessThan(2);
    expect(answered.level).toBeGreaterThan(2);
    // One abandoned call costs what 1/target answered calls earn: at 2%, fifty.
    const balanced = linesToDial(
      snapshot({ ...busy, sincePrevious: { abandoned: 1, humanAnswered: 50 } }),
      predictive,
    );
    expect(balanced.level).toBeCloseTo(2, 6);
  });

  it("rises while agents sit ready, by the share idle and the seconds elapsed", () => {
    const idle = (seconds: number, ready: number) =>
      linesToDial(
        snapshot({
          readyAgents: ready,
          agentsOnCall: 10 - ready,
          level: 2,
          secondsSinceLastDecision: seconds,
        }),
        predictive,
      ).level;
    expect(idle(0, 5)).toBe(2);
    expect(idle(10, 5)).toBeGreaterThan(2);
    expect(idle(10, 10)).toBeGreaterThan(idle(10, 5));
    expect(idle(20, 5)).toBeGreaterThan(idle(10, 5));
  });

  it("moves faster with a higher intensity (+20 doubles a step)", () => {
    const step = (intensity: number) =>
      Math.log(
        linesToDial(
          snapshot({ agentsOnCall: 10, level: 2, sincePrevious: { abandoned: 1, humanAnswered: 0 } }),
          { ...predictive, intensity },
        ).level / 2,
      );
    expect(step(20) / step(0)).toBeCloseTo(2, 6);
    expect(step(-20) / step(0)).toBeCloseTo(0.5, 6);
  });

  it("over the target, idle agents no longer raise it and answers earn less", () => {
    const over = { abandoned: 12, humanAnswered: 500 }; // 2.4%: over the 2% target, under the ceiling
    const overSnapshot = snapshot({
      readyAgents: 5,
      agentsOnCall: 5,
      level: 2,
      secondsSinceLastDecision: 10,
      campaignSoFar: over,
    });
    expect(linesToDial(overSnapshot, predictive)).toMatchObject({ level: 2, reason: "predictive" });
    const earned = (campaignSoFar: { abandoned: number; humanAnswered: number }) =>
      linesToDial(
        snapshot({
          agentsOnCall: 10,
          level: 2,
          sincePrevious: { abandoned: 0, humanAnswered: 20 },
          campaignSoFar,
        }),
        predictive,
      ).level;
    expect(earned(over)).toBeGreaterThan(2);
    expect(earned(over)).toBeLessThan(earned({ abandoned: 5, humanAnswered: 500 }));
  });

  it("stays between its bounds", () => {
    const low = linesToDial(
      snapshot({ agentsOnCall: 10, level: MIN_LEVEL, sincePrevious: { abandoned: 5, humanAnswered: 0 } }),
      predictive,
    );
    expect(low.level).toBe(MIN_LEVEL);
    const high = linesToDial(
      snapshot({ agentsOnCall: 10, level: MAX_LEVEL, sincePrevious: { abandoned: 0, humanAnswered: 500 } }),
      predictive,
    );
    expect(high.level).toBe(MAX_LEVEL);
  });

  it("is held at dialRatio when the campaign is not adaptive", () => {
    const fixed = linesToDial(
      snapshot({ readyAgents: 2, level: 2.5, sincePrevious: { abandoned: 3, humanAnswered: 0 } }),
      { ...predictive, adaptive: false },
    );
    expect(fixed).toMatchObject({ level: 2.5, lines: 5 });
  });

  it("dials nothing with no agents logged in", () => {
    expect(linesToDial(snapshot(), predictive)).toMatchObject({ lines: 0, reason: "no_agents" });
  });
});

describe("the 3% ceiling", () => {
  it("drops the campaign to progressive when the campaign so far reaches 3%", () => {
    const decision = linesToDial(
      snapshot({ readyAgents: 4, level: 2, campaignSoFar: { abandoned: 15, humanAnswered: 500 } }),
      predictive,
    );
    expect(decision).toMatchObject({
      mode: "progressive",
      modeChange: { from: "predictive", to: "progressive", reason: "abandon_ceiling" },
      reason: "abandon_ceiling",
      lines: 4,
    });
    expect(decision.abandonRate).toBeCloseTo(0.03, 6);
  });

  it("also when the rolling 30 days reach it though the campaign is under", () => {
    const decision = linesToDial(
      snapshot({
        readyAgents: 4,
        rolling30Days: { abandoned: 31, humanAnswered: 1000 },
        campaignSoFar: { abandoned: 1, humanAnswered: 300 },
      }),
      predictive,
    );
    expect(decision.modeChange?.to).toBe("progressive");
    expect(decision.abandonRate).toBeCloseTo(0.031, 6);
  });

  it("cannot be raised by a campaign setting, only lowered", () => {
    const looser = linesToDial(
      snapshot({ readyAgents: 4, campaignSoFar: { abandoned: 16, humanAnswered: 500 } }),
      { ...predictive, abandonCeiling: 0.05 },
    );
    expect(looser.mode).toBe("progressive");
    const stricter = linesToDial(
      snapshot({ readyAgents: 4, campaignSoFar: { abandoned: 10, humanAnswered: 500 } }),
      { ...predictive, abandonCeiling: 0.02 },
    );
    expect(stricter.mode).toBe("progressive");
  });

  it("counts a young campaign over at least 200 answered calls, so one early abandon is not 100%", () => {
    expect(rateOf({ abandoned: 1, humanAnswered: 1 })).toBe(1 / MIN_ANSWERS_FOR_RATE);
    expect(rateOf({ abandoned: 30, humanAnswered: 1000 })).toBe(0.03);
    const young = linesToDial(
      snapshot({ readyAgents: 4, level: 2, campaignSoFar: { abandoned: 1, humanAnswered: 3 } }),
      predictive,
    );
    expect(young).toMatchObject({ mode: "predictive", modeChange: null });
  });

  it("a few abandoned calls short of it, dials like progressive and holds the level", () => {
    expect(
      dropsToCeiling({
        rolling30Days: { abandoned: 13, humanAnswered: 500 },
        campaignSoFar: { abandoned: 13, humanAnswered: 500 },
      }),
    ).toBeCloseTo(2, 6);
    const near = snapshot({
      readyAgents: 4,
      agentsOnCall: 6,
      level: 2,
      secondsSinceLastDecision: 10,
      sincePrevious: { abandoned: 0, humanAnswered: 10 },
      campaignSoFar: { abandoned: 14, humanAnswered: 500 },
    });
    expect(linesToDial(near, predictive)).toMatchObject({
      lines: 4,
      level: 2,
      mode: "predictive",
      modeChange: null,
      reason: "near_ceiling",
    });
  });

  it("keeps more in hand when lines already ringing outnumber the ready agents", () => {
    const campaignSoFar = { abandoned: 12, humanAnswered: 500 }; // three calls from the ceiling
    expect(linesToDial(snapshot({ readyAgents: 2, level: 2, campaignSoFar }), predictive).reason).toBe(
      "predictive",
    );
    const crowded = snapshot({ readyAgents: 2, level: 2, linesRinging: 8, campaignSoFar });
    expect(linesToDial(crowded, predictive)).toMatchObject({ reason: "near_ceiling", lines: 0 });
  });

  it("is 3%", () => {
    expect(ABANDON_CEILING).toBe(0.03);
  });
});

describe("fixedRatioLines (the bench's baseline)", () => {
  it("dials dialRatio lines per ready agent less every ringing line, with no limit on abandonment", () => {
    const decision = fixedRatioLines(
      snapshot({ readyAgents: 4, linesRinging: 3, campaignSoFar: { abandoned: 100, humanAnswered: 500 } }),
      predictive,
    );
    expect(decision).toMatchObject({ lines: 7, level: 2.5, modeChange: null });
  });
});

describe("letting ringing lines go (linesToRelease)", () => {
  const agentsBusyForMinutes = {
    agentsOnCall: 2,
    onCallSeconds: [5, 5],
    handleTimes: { calls: 100, meanSeconds: 300, sdSeconds: 30 },
  };

  it("never lets a line go before it has rung 15 seconds, after a post-dial delay of up to 3", () => {
    const ringing = snapshot({ ...agentsBusyForMinutes, linesRinging: 3, ringingSeconds: [5, 14, 17.9] });
    expect(linesToRelease(ringing, predictive, 1)).toEqual([]);
  });

  it("lets go of the lines past 15 seconds whose person would find no agent", () => {
    const ringing = snapshot({ ...agentsBusyForMinutes, linesRinging: 3, ringingSeconds: [19, 3, 18] });
    expect(linesToRelease(ringing, predictive, 1).sort()).toEqual([0, 2]);
  });

  it("keeps a line a ready agent is waiting for, and only the lines beyond the ready agents", () => {
    const oneReady = snapshot({
      ...agentsBusyForMinutes,
      readyAgents: 1,
      linesRinging: 1,
      ringingSeconds: [18],
    });
    expect(linesToRelease(oneReady, predictive, 1)).toEqual([]);
    const crowded = snapshot({ readyAgents: 1, linesRinging: 4, ringingSeconds: [18, 18, 18, 18] });
    const letGo = linesToRelease(crowded, predictive, 1);
    expect(letGo.length).toBeGreaterThan(0);
    expect(letGo.length).toBeLessThan(4);
  });

  it("lets nothing go in progressive, with a fixed ratio, or without the lines' ringing times", () => {
    const ringing = snapshot({ ...agentsBusyForMinutes, linesRinging: 2, ringingSeconds: [20, 20] });
    expect(linesToRelease(ringing, { ...predictive, mode: "progressive" }, 1)).toEqual([]);
    expect(linesToRelease(ringing, { ...predictive, adaptive: false }, 1)).toEqual([]);
    expect(linesToRelease({ ...ringing, ringingSeconds: undefined }, predictive, 1)).toEqual([]);
  });
});
