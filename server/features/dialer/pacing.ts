/**
 * How many lines a campaign dials on this tick: a pure function of what the dialer sees now and
 * the campaign's settings. The runtime calls it on every dialer tick, dials `lines` numbers, and
 * stores `level` (and `mode`, when it changed) for the next tick.
 *
 * Modes:
 * - **predictive** (adaptive): a model of the next seconds (modelledLines) dials one line at a
 *   time while a person answering it would find no agent at most `level` x the target of the
 *   time. It follows free agents second by second: those ready now, plus agents on a call by the
 *   chance their call ends in time given how long it has lasted and the campaign's recent handle
 *   times (counted as available ahead of time), less the people answering first on the lines
 *   ringing (each by its chance given how long it has rung), the callers waiting and the lines
 *   dialled now. Each line brings one person at most and each agent frees up once, so those
 *   counts are Poisson-binomial (they were Poisson, whose overstated spread held back lines while
 *   agents sat idle), and a person answering in the same second as another is first half the
 *   time. `level` is the abandonment budget's lever, spent against the rolling rates: it starts
 *   at the campaign's dialRatio and moves every tick (see adaptLevel): down a step for each
 *   abandoned call and for each caller waiting now, up a little for each call answered by a
 *   person (target of a step) and while agents sit idle, scaled by an intensity; over the target
 *   (the rolling 30 days or the campaign so far, whichever is worse) the rise stops and the
 *   excess is paid back. The allowance shrinks as the ceiling nears (with fewer than
 *   SPARE_FOR_FULL_ALLOWANCE abandoned calls to spare): a chance cluster of abandoned calls
 *   early on, when the ceiling is 6 calls away, no longer ends predictive dialling for good. A
 *   few abandoned calls short of the hard limit (3%), it dials like progressive; at the limit,
 *   the campaign drops to progressive for good and the decision says so (`modeChange`) for the
 *   runtime to store. maxLines caps the lines dialling at once.
 *   With `adaptive: false` (a fixed-ratio dialer, the bench's baseline) `level` stays at dialRatio
 *   and is lines ringing per ready agent, a ringing line counted by its chance of a person.
 *   Predictive may also take lines back (linesToRelease): a line that has rung the law's 15
 *   seconds unanswered (18 after the dial) and whose person would likely find no agent is hung
 *   up (no answer, its lead tried again later), which lets it dial more freely at the same
 *   abandonment.
 * - **progressive**: one line per ready agent, less the lines already ringing or waiting: a
 *   person who answers always has an agent, so it never abandons a call.
 * - **preview** and **manual**: no automatic lines (the agent clicks to dial).
 *
 * Rates are over calls answered by a person; answering machines never count either way.
 */

import {
  ABANDON_CEILING_PERCENT,
  CAMPAIGN_DEFAULTS,
  DIALING_MODES,
  type DialingMode,
  MIN_RING_SECONDS,
  SAFE_HARBOR_SECONDS,
} from "../../../common/dialer";
import {
  type AnswerModel,
  DEFAULT_ANSWER_MODEL,
  humanAnswersBySecond,
  humanChanceWhileRinging,
} from "./answer-outcomes";

export { DIALING_MODES, type DialingMode };

/** Abandoned calls among calls answered by a person (machines are never counted either way). */
export interface AbandonmentTally {
  abandoned: number;
  humanAnswered: number;
}

/** What the dialer sees at this tick ("recent stats"). */
export interface PacingSnapshot {
  /** Agents logged in to the campaign and ready for a call now. */
  readyAgents: number;
  /** Agents on one of the campaign's calls (talking or wrapping up). */
  agentsOnCall: number;
  /** Lines dialled that have not answered, failed or timed out yet. */
  linesRinging: number;
  /** Optional: how long each ringing line has rung (seconds); sharper forecasts when given. */
  ringingSeconds?: readonly number[];
  /** Calls answered by a person that wait for an agent (at most 2 seconds, then abandoned). */
  callsWaiting: number;
  /**
   * Optional: how long each agent on a call has been on it (seconds, since the call was put
   * through). With `handleTimes`, predictive counts agents likely to be free by the time a line
   * dialled now is answered as available ahead of time.
   */
  onCallSeconds?: readonly number[];
  /** Optional: how long agents stayed on the campaign's recent calls (put through to free again). */
  handleTimes?: HandleTimes;
  /**
   * The level the previous decision returned (the allowance of abandonment per new line, as a
   * multiple of the target; lines per ready agent when not adaptive); null on the first tick
   * (dialRatio).
   */
  level: number | null;
  /** Seconds since the previous decision: the level moves per second, whatever the tick rate. */
  secondsSinceLastDecision: number;
  /** Calls answered by a person and abandoned since the previous decision. */
  sincePrevious: AbandonmentTally;
  /** Over calls answered by a person: the campaign's last 30 days and the campaign so far. */
  rolling30Days: AbandonmentTally;
  campaignSoFar: AbandonmentTally;
}

/** Calls agents finished lately: how many, and the mean and spread of their length in seconds. */
export interface HandleTimes {
  calls: number;
  meanSeconds: number;
  sdSeconds: number;
}

export interface PacingSettings {
  mode: DialingMode;
  /** Predictive's starting level (lines ringing per ready agent); the spec's default is 2.5. */
  dialRatio: number;
  /** The most lines dialling at once (ringing or answered and waiting); the spec's default is 15. */
  maxLines: number;
  /** Abandonment the adaptive level aims at; 2% unless the campaign sets less. */
  targetAbandonRate?: number;
  /** The hard limit: at or over it, predictive drops to progressive. 3% unless set lower. */
  abandonCeiling?: number;
  /**
   * VICIdial's adaptive intensity, -40 to 40: how fast the level moves (0 is the default pace,
   * +20 doubles it, -20 halves it).
   */
  intensity?: number;
  /** False holds the level at dialRatio (a fixed-ratio predictive dialer); adaptive by default. */
  adaptive?: boolean;
  /** How answers come in on this campaign's lines (the carrier model); typical timings by default. */
  answerProfile?: AnswerModel;
}

export type PacingReason =
  | "not_automatic"
  | "progressive"
  | "abandon_ceiling"
  | "no_agents"
  | "predictive"
  | "max_lines"
  | "near_ceiling";

export interface PacingDecision {
  /** New lines to dial now. */
  lines: number;
  /** The level to pass back as `snapshot.level` on the next tick. */
  level: number;
  /** The mode the campaign runs in after this decision. */
  mode: DialingMode;
  /** Set when this decision changed the mode: the runtime stores it and tells the supervisor. */
  modeChange: { from: DialingMode; to: DialingMode; reason: "abandon_ceiling" } | null;
  /** The abandonment rate the decision was held to (the worse of the 30 days and the campaign). */
  abandonRate: number;
  reason: PacingReason;
}

export const DEFAULT_TARGET_ABANDON_RATE = CAMPAIGN_DEFAULTS.abandonTargetPercent / 100;
export const ABANDON_CEILING = ABANDON_CEILING_PERCENT / 100;
/**
 * Until this many calls have been answered by a person, rates are counted over this many: a
 * campaign's first abandoned call out of three answers reads as 1%, not 33%, so one unlucky
 * minute does not end predictive dialling for the day. The law's measure is 30 days of calls.
 */
export const MIN_ANSWERS_FOR_RATE = 200;
/**
 * Bounds of the level (a multiple of the target; fresh-line equivalents per agent when fixed).
 * Low enough for a list where people answer far more often than the answer model says.
 */
export const MIN_LEVEL = 0.1;
export const MAX_LEVEL = 6;

/** Predictive dials like progressive while fewer abandoned calls than this separate it from the ceiling. */
export const CEILING_RESERVE = 2;
/**
 * The share of the level one abandoned call takes off (earned back over 1/target answers). Small:
 * each step is a reaction to one chance event, and a level that wanders costs agents' time.
 */
const STEP = 0.015;
/** The step over a campaign's first answers, while the level has yet to find the list. */
const WARM_UP_STEP = 0.25;
/**
 * The full allowance needs this many abandoned calls to spare before the ceiling (beyond the
 * reserve); with fewer it shrinks in proportion. Early on, while rates are counted over 200
 * answers, the ceiling is 6 abandoned calls away, and a chance cluster of three would otherwise
 * end predictive dialling for good.
 */
const SPARE_FOR_FULL_ALLOWANCE = 4;
/** Level gained per second (as a share) when every agent sits ready with no call. */
const IDLE_RISE_PER_SECOND = 0.0005;

export function linesToDial(snapshot: PacingSnapshot, settings: PacingSettings): PacingDecision {
  const target = settings.targetAbandonRate ?? DEFAULT_TARGET_ABANDON_RATE;
  const ceiling = Math.min(settings.abandonCeiling ?? ABANDON_CEILING, ABANDON_CEILING);
  const abandonRate = Math.max(rateOf(snapshot.rolling30Days), rateOf(snapshot.campaignSoFar));
  const level = clampLevel(snapshot.level ?? settings.dialRatio);
  const base = { level, abandonRate, modeChange: null };

  if (settings.mode === "preview" || settings.mode === "manual") {
    return { ...base, lines: 0, mode: settings.mode, reason: "not_automatic" };
  }
  if (settings.mode === "progressive") {
    return {
      ...base,
      lines: progressiveLines(snapshot, settings),
      mode: "progressive",
      reason: "progressive",
    };
  }
  if (abandonRate >= ceiling) {
    return {
      ...base,
      lines: progressiveLines(snapshot, settings),
      mode: "progressive",
      modeChange: { from: "predictive", to: "progressive", reason: "abandon_ceiling" },
      reason: "abandon_ceiling",
    };
  }
  const spareDrops = dropsToCeiling(snapshot, ceiling) - ceilingReserve(snapshot, settings);
  if (spareDrops < 0) {
    // A few more abandoned calls would cross the ceiling: hold the level and dial one line per
    // ready agent (no new abandoned calls) until answered calls have made room again.
    return {
      ...base,
      mode: "predictive",
      lines: progressiveLines(snapshot, settings),
      reason: "near_ceiling",
    };
  }
  const nextLevel =
    settings.adaptive === false ? level : adaptLevel(level, snapshot, settings, target, abandonRate);
  const allowanceShare = clamp(spareDrops / SPARE_FOR_FULL_ALLOWANCE, 0, 1);
  return {
    ...base,
    level: nextLevel,
    mode: "predictive",
    ...predictiveLines(nextLevel, snapshot, settings, allowanceShare),
  };
}

/**
 * The abandoned calls to keep in hand: CEILING_RESERVE, plus the people who may still answer on
 * lines already ringing beyond the ready agents (they are dialled, whatever this tick decides).
 */
function ceilingReserve(snapshot: PacingSnapshot, settings: PacingSettings): number {
  const humanChance = humanChanceWhileRinging(0, settings.answerProfile ?? DEFAULT_ANSWER_MODEL);
  const unmatched = Math.max(0, ringingLineEquivalent(snapshot, settings) - snapshot.readyAgents);
  return CEILING_RESERVE + unmatched * humanChance;
}

/**
 * A plain fixed-ratio dialer, the baseline the adaptive pacing is measured against (the bench and
 * its tests): dialRatio lines per ready agent, less every line ringing, with no abandonment limit.
 */
export function fixedRatioLines(snapshot: PacingSnapshot, settings: PacingSettings): PacingDecision {
  const gap = snapshot.readyAgents - snapshot.callsWaiting;
  const wanted = Math.max(0, Math.floor(settings.dialRatio * gap + 1e-9) - snapshot.linesRinging);
  const room = dialRoom(snapshot, settings);
  return {
    lines: Math.min(wanted, room),
    level: settings.dialRatio,
    mode: settings.mode,
    modeChange: null,
    abandonRate: Math.max(rateOf(snapshot.rolling30Days), rateOf(snapshot.campaignSoFar)),
    reason: wanted > room ? "max_lines" : "predictive",
  };
}

/**
 * Adaptive: the lines the model allows at level x target (modelledLines), of which only
 * `allowanceShare` while fewer than SPARE_FOR_FULL_ALLOWANCE abandoned calls are left to spare
 * before the ceiling. Fixed ratio: lines for
 * the gap (ready agents less callers already waiting), `level` lines per agent in the gap, less
 * the lines already ringing for them. A ringing line counts by what it still may bring:
 * one that has rung past most answers is nearly always a no-answer, so it counts for little
 * (when the runtime passes the lines' ringing times; otherwise each counts as a fresh line).
 */
function predictiveLines(
  level: number,
  snapshot: PacingSnapshot,
  settings: PacingSettings,
  allowanceShare: number,
): Pick<PacingDecision, "lines" | "reason"> {
  if (snapshot.readyAgents + snapshot.agentsOnCall <= 0) return { lines: 0, reason: "no_agents" };
  const room = dialRoom(snapshot, settings);
  if (settings.adaptive !== false) {
    // Adaptive: as many lines as the model lets carry at most level x target of abandonment.
    const target = settings.targetAbandonRate ?? DEFAULT_TARGET_ABANDON_RATE;
    const { lines, capped } = modelledLines(snapshot, settings, room, level * target * allowanceShare);
    return { lines, reason: capped ? "max_lines" : "predictive" };
  }
  const gap = snapshot.readyAgents - snapshot.callsWaiting;
  if (gap <= 0) return { lines: 0, reason: "predictive" };
  const wanted = Math.max(0, Math.floor(level * gap - ringingLineEquivalent(snapshot, settings) + 1e-9));
  return { lines: Math.min(wanted, room), reason: wanted > room ? "max_lines" : "predictive" };
}

/** Handle times are trusted once this many recent calls have been put through and finished. */
export const MIN_CALLS_FOR_HANDLE_TIMES = 20;

/**
 * For each agent on a call, the chance their call has ended by each of `horizons` seconds from
 * now, given how long it has lasted so far, under a lognormal fitted to the mean and spread of the
 * campaign's recent handle times: an agent 20 seconds into a 2-minute average is unlikely to be
 * free within 15 seconds, one at 2 minutes much likelier. Empty without the calls' elapsed times
 * or enough finished calls (then no agent on a call is counted on).
 */
export function freeByChances(
  snapshot: Pick<PacingSnapshot, "onCallSeconds" | "handleTimes">,
  horizons: readonly number[],
): number[][] {
  const elapsed = snapshot.onCallSeconds;
  const handle = snapshot.handleTimes;
  if (!elapsed?.length || !handle || handle.calls < MIN_CALLS_FOR_HANDLE_TIMES) return [];
  if (!(handle.meanSeconds > 0)) return [];
  const survival = lognormalSurvival(handle.meanSeconds, Math.max(0, handle.sdSeconds));
  return elapsed.map((seconds) => {
    const lasted = Math.max(0, seconds);
    const still = survival(lasted);
    // Far past any call seen: no telling when it ends, so it is not counted on.
    if (still <= 1e-12) return horizons.map(() => 0);
    return horizons.map((horizon) => 1 - survival(lasted + horizon) / still);
  });
}

/**
 * Adaptive predictive's lines: one more line at a time while the model gives a person answering
 * it at most `allowance` chance of finding no agent within the 2 seconds (abandonRisk), up to
 * `room`. The model follows the next seconds: people answering on the lines ringing (each by its
 * own chance, given how long it has rung: answer-outcomes' humanAnswersBySecond), the callers
 * waiting and the lines dialled now; agents ready now, and agents on a call by the chance their
 * call ends by then (freeByChances, counted 2 seconds early: a person waits that long).
 * Each line brings at most one person and each agent frees up at most once, so the counts by
 * each second are Poisson-binomial (a sum of yes-or-no chances), not Poisson: a fresh line with a
 * 30% chance of a person varies by 0.21 where Poisson says 0.3, and over a handful of lines that
 * overstated spread read as risk that was not there and held back lines while agents sat idle.
 * `capped` says room ran out before the allowance did.
 */
export function modelledLines(
  snapshot: PacingSnapshot,
  settings: PacingSettings,
  room: number,
  allowance: number,
): { lines: number; capped: boolean } {
  if (room <= 0) return { lines: 0, capped: true };
  const model = settings.answerProfile ?? DEFAULT_ANSWER_MODEL;
  const steps = horizonSeconds(model);
  const ages =
    snapshot.ringingSeconds?.length === snapshot.linesRinging
      ? snapshot.ringingSeconds
      : Array.from({ length: snapshot.linesRinging }, () => 0);
  // For each second t from now: how many people have answered on the lines ringing by its end,
  // and how many agents on a call are free by then (each a distribution over counts).
  const answeredByLine = ages.map((age) => answeredBefore(humanAnswersBySecond(age, steps, model)));
  const answered = Array.from({ length: steps }, (_, t) =>
    answeredByLine.reduce((counts, byLine) => withOneMoreChance(counts, byLine[t]!), [1]),
  );
  const freed = agentsFreedBySecond(snapshot, steps);
  const fresh = freshAnswers(model, steps);
  const freshAnsweredBy = answeredBefore(fresh);
  let lines = 0;
  while (lines < room) {
    // "At most" the allowance: a risk equal to it, up to rounding, is within it.
    if (abandonRisk(snapshot, answered, freed, fresh) > allowance + 1e-12) return { lines, capped: false };
    lines++;
    for (let t = 0; t < steps; t++) answered[t] = withOneMoreChance(answered[t]!, freshAnsweredBy[t]!);
  }
  return { lines, capped: true };
}

/**
 * How many times the chance a new line may carry of its person finding no agent a ringing line
 * must carry before predictive lets it go: a line let go is an attempt spent, so only one whose
 * person would likely find no agent is (chosen in the bench among 1.5 to 6).
 */
export const RELEASE_RISK_MULTIPLE = 4;
/**
 * A line is let go only this long after it was dialled: the law's 15 seconds of ringing
 * (MIN_RING_SECONDS) count from when the callee's phone starts to ring, which the network's call
 * setup (post-dial delay, typically 1 to 3 seconds) puts after the dial.
 */
export const RELEASE_AFTER_SECONDS = MIN_RING_SECONDS + 3;

/**
 * Predictive's second decision: which lines still ringing to hang up unanswered. A line that has
 * rung at least the law's 15 seconds (RELEASE_AFTER_SECONDS since the dial) may be let go: it
 * ends as no answer and its lead is tried again after the campaign's gap. Predictive lets one go
 * when a person answering it would find no agent within the 2 seconds with more than
 * RELEASE_RISK_MULTIPLE x the chance each new line may carry (`level` x the target). The riskiest
 * goes first, and each line let go lowers the others' risk. A dialer that can take back a line
 * it no longer needs can dial more freely: in the bench's simulation it keeps agents over a
 * point busier at the same abandonment. Returns indexes into `ringingSeconds`, none without it.
 */
export function linesToRelease(snapshot: PacingSnapshot, settings: PacingSettings, level: number): number[] {
  const ages = snapshot.ringingSeconds;
  if (settings.mode !== "predictive" || settings.adaptive === false) return [];
  if (!ages || ages.length !== snapshot.linesRinging || !ages.some((age) => age >= RELEASE_AFTER_SECONDS))
    return [];
  const target = settings.targetAbandonRate ?? DEFAULT_TARGET_ABANDON_RATE;
  const threshold = RELEASE_RISK_MULTIPLE * clampLevel(level) * target;
  const model = settings.answerProfile ?? DEFAULT_ANSWER_MODEL;
  const steps = horizonSeconds(model);
  const freed = agentsFreedBySecond(snapshot, steps);
  const bySecond = ages.map((age) => humanAnswersBySecond(age, steps, model));
  const before = bySecond.map(answeredBefore);
  const kept = new Set(ages.keys());
  const released: number[] = [];
  for (;;) {
    let riskiest = -1;
    let highest = threshold;
    for (const line of kept) {
      if (ages[line]! < RELEASE_AFTER_SECONDS) continue;
      const own = bySecond[line]!;
      if (own.every((chance) => chance <= 0)) continue;
      // People answering on the other lines kept, before this one's person, second by second.
      const answered = Array.from({ length: steps }, (_, t) => {
        let counts = [1];
        for (const other of kept) if (other !== line) counts = withOneMoreChance(counts, before[other]![t]!);
        return counts;
      });
      const risk = abandonRisk(snapshot, answered, freed, own);
      if (risk > highest) {
        highest = risk;
        riskiest = line;
      }
    }
    if (riskiest < 0) return released;
    kept.delete(riskiest);
    released.push(riskiest);
  }
}

/** The seconds the model follows: until the last answer a line may bring. */
function horizonSeconds(model: AnswerModel): number {
  return Math.max(1, Math.ceil(Math.min(model.ringTimeoutSeconds, model.answerAfterSeconds[1])));
}

/**
 * For each second t from now, the distribution of how many agents on a call are free by t + 2
 * seconds (a person answering at t waits that long): each agent by the chance freeByChances
 * gives, so the count is Poisson-binomial.
 */
function agentsFreedBySecond(snapshot: PacingSnapshot, steps: number): number[][] {
  // freeBy[agent][t] = P(free by t + 2 seconds), t = 0..steps.
  const freeBy = freeByChances(
    snapshot,
    Array.from({ length: steps + 1 }, (_, t) => t + SAFE_HARBOR_SECONDS),
  );
  return Array.from({ length: steps }, (_, t) =>
    freeBy.reduce((counts, byAgent) => withOneMoreChance(counts, byAgent[t + 1]!), [1]),
  );
}

/** A fresh line's chances of a person answering second by second, per answer model. */
const freshAnswersOf = new WeakMap<AnswerModel, number[]>();
function freshAnswers(model: AnswerModel, steps: number): number[] {
  let chances = freshAnswersOf.get(model);
  if (!chances || chances.length !== steps) {
    chances = humanAnswersBySecond(0, steps, model);
    freshAnswersOf.set(model, chances);
  }
  return chances;
}

/**
 * The chance that a person answering a line dialled now finds no free agent: for each second it
 * may answer in, the chance that the callers waiting and the people answered by then on the other
 * lines outnumber the agents ready now plus those freed by then, averaged over when it answers.
 * A person who found no agent is still counted as taking one (the model does not follow who was
 * abandoned), which leans cautious; the adaptive level absorbs what is left of the bias.
 */
function abandonRisk(
  snapshot: Pick<PacingSnapshot, "readyAgents" | "callsWaiting">,
  answered: readonly number[][],
  freed: readonly number[][],
  fresh: readonly number[],
): number {
  let risk = 0;
  let weight = 0;
  for (let t = 0; t < fresh.length; t++) {
    const answeredAtLeast = tailSums(answered[t]!);
    let noAgent = 0;
    freed[t]!.forEach((chance, agentsFreed) => {
      // This line's person finds no agent when at least this many answered before it.
      const takesEveryAgent = Math.max(0, snapshot.readyAgents + agentsFreed - snapshot.callsWaiting);
      noAgent += chance * (answeredAtLeast[takesEveryAgent] ?? 0);
    });
    risk += fresh[t]! * noAgent;
    weight += fresh[t]!;
  }
  return weight > 0 ? risk / weight : 0;
}

/** The distribution of a count (chance of 0, 1, ...) with one more yes-or-no of this chance added. */
function withOneMoreChance(counts: readonly number[], chance: number): number[] {
  const next = new Array<number>(counts.length + 1).fill(0);
  counts.forEach((c, k) => {
    next[k] = next[k]! + c * (1 - chance);
    next[k + 1] = next[k + 1]! + c * chance;
  });
  return next;
}

/** tail[k] = P(count >= k) for a distribution over counts 0..n (tail[n + 1] = 0). */
function tailSums(counts: readonly number[]): number[] {
  const tail = new Array<number>(counts.length + 1).fill(0);
  for (let k = counts.length - 1; k >= 0; k--) tail[k] = tail[k + 1]! + counts[k]!;
  return tail;
}

/**
 * From a line's chances of a person answering in each second, the chance one has answered before
 * a person answering in that second: all of the seconds before, and half of the same second
 * (either may be first).
 */
function answeredBefore(bySecond: readonly number[]): number[] {
  let earlier = 0;
  return bySecond.map((chance) => {
    const before = earlier + chance / 2;
    earlier += chance;
    return before;
  });
}

/** P(length > t) for a lognormal with this mean and standard deviation. */
function lognormalSurvival(mean: number, sd: number): (t: number) => number {
  const sigma = Math.sqrt(Math.log(1 + (sd / mean) ** 2));
  const mu = Math.log(mean) - sigma ** 2 / 2;
  return (t) => {
    if (t <= 0) return 1;
    if (sigma === 0) return t < mean ? 1 : 0;
    return 0.5 * erfc((Math.log(t) - mu) / (sigma * Math.SQRT2));
  };
}

/** Numerical Recipes' erfcc coefficients, highest power first. */
const ERFC_COEFFICIENTS = [
  0.17087277, -0.82215223, 1.48851587, -1.13520398, 0.27886807, -0.18628806, 0.09678418, 0.37409196,
  1.00002368, -1.26551223,
];

/** The complementary error function (Numerical Recipes' erfcc: fractional error under 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const poly = ERFC_COEFFICIENTS.reduce((sum, coefficient) => sum * t + coefficient, 0);
  const r = t * Math.exp(-z * z + poly);
  return x >= 0 ? r : 2 - r;
}

function ringingLineEquivalent(snapshot: PacingSnapshot, settings: PacingSettings): number {
  const ages = snapshot.ringingSeconds;
  if (!ages || ages.length !== snapshot.linesRinging) return snapshot.linesRinging;
  const model = settings.answerProfile ?? DEFAULT_ANSWER_MODEL;
  const fresh = humanChanceWhileRinging(0, model);
  if (fresh <= 0) return snapshot.linesRinging;
  return ages.reduce((sum, age) => sum + humanChanceWhileRinging(age, model) / fresh, 0);
}

/**
 * Abandoned calls the campaign may still have before the worse of its two rates reaches the
 * ceiling (fractional: each call answered by a person adds `ceiling` of one).
 */
export function dropsToCeiling(
  snapshot: Pick<PacingSnapshot, "rolling30Days" | "campaignSoFar">,
  ceiling = ABANDON_CEILING,
): number {
  const room = (tally: AbandonmentTally) =>
    ceiling * Math.max(tally.humanAnswered, MIN_ANSWERS_FOR_RATE) - tally.abandoned;
  return Math.min(room(snapshot.rolling30Days), room(snapshot.campaignSoFar));
}

/** Abandoned over answered by a person, counted over at least MIN_ANSWERS_FOR_RATE answers. */
export function rateOf(tally: AbandonmentTally): number {
  return tally.abandoned / Math.max(tally.humanAnswered, MIN_ANSWERS_FOR_RATE);
}

/**
 * One adaptive step, on the logarithm of the level (so a change is a share of the level, the
 * same at 1.2 as at 3). The forces, each after the VICIdial idea it follows:
 * - the drop budget: each call answered by a person earns `target` of a step, each abandoned
 *   call costs a whole step, so the level settles where about `target` of answered calls are
 *   abandoned. Steps are larger for a campaign's first answers, when the starting level may
 *   be far off, and the intensity scales them all;
 * - the gap (ready agents less callers waiting): a caller waiting now is an abandoned call in
 *   under 2 seconds unless an agent frees up, so it costs a step at once; agents sitting ready
 *   nudge the level up, by the share of agents idle and the seconds elapsed;
 * - over the target (the rolling 30 days or the campaign so far, whichever is worse), the budget
 *   earned per answer shrinks with the square of how far over it is and idle agents no longer
 *   raise the level, so the excess is paid back before the pace grows again.
 */
function adaptLevel(
  level: number,
  snapshot: PacingSnapshot,
  settings: PacingSettings,
  target: number,
  abandonRate: number,
): number {
  const gain = 2 ** (clamp(settings.intensity ?? 0, -40, 40) / 20);
  const warmingUp = snapshot.campaignSoFar.humanAnswered < MIN_ANSWERS_FOR_RATE;
  const step = gain * (warmingUp ? WARM_UP_STEP : STEP);
  const agents = snapshot.readyAgents + snapshot.agentsOnCall;
  const overTarget = abandonRate > target;
  const gap = snapshot.readyAgents - snapshot.callsWaiting;

  const payBack = overTarget ? (target / abandonRate) ** 2 : 1;
  let change =
    step * (snapshot.sincePrevious.humanAnswered * target * payBack - snapshot.sincePrevious.abandoned);
  if (gap < 0) change -= step * -gap;
  if (gap > 0 && agents > 0 && !overTarget) {
    const seconds = clamp(snapshot.secondsSinceLastDecision, 0, 60);
    change += gain * IDLE_RISE_PER_SECOND * seconds * (gap / agents);
  }
  return clampLevel(level * Math.exp(change));
}

/** Lines still free under maxLines (those ringing or answered and waiting use one each). */
function dialRoom(snapshot: PacingSnapshot, settings: PacingSettings): number {
  return Math.max(0, Math.floor(settings.maxLines) - snapshot.linesRinging - snapshot.callsWaiting);
}

/** One line per ready agent, less the lines already ringing or waiting for them. */
function progressiveLines(snapshot: PacingSnapshot, settings: PacingSettings): number {
  const wanted = Math.max(0, snapshot.readyAgents - snapshot.linesRinging - snapshot.callsWaiting);
  return Math.min(wanted, dialRoom(snapshot, settings));
}

function clampLevel(level: number): number {
  return clamp(Number.isFinite(level) ? level : MIN_LEVEL, MIN_LEVEL, MAX_LEVEL);
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
