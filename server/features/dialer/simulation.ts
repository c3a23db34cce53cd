import { SAFE_HARBOR_SECONDS } from "../../../common/dialer";
import {
  type AnswerModel,
  type AnswerOutcome,
  answerModel,
  type PlannedOutcome,
  planOutcome,
  type Random,
  seededRandom,
} from "./answer-outcomes";
import {
  type AbandonmentTally,
  type DialingMode,
  type HandleTimes,
  linesToDial,
  linesToRelease,
  type PacingDecision,
  type PacingSettings,
  type PacingSnapshot,
} from "./pacing";

export type PacingFunction = (snapshot: PacingSnapshot, settings: PacingSettings) => PacingDecision;

/**
 * A seeded discrete-event simulation of one campaign in simulated time: agents, a lead list, the
 * carrier's answer outcomes (answer-outcomes.ts) and the pacing function (pacing.ts), exactly as
 * the runtime would call it. It runs hours of dialling in milliseconds and plays the same calls
 * for the same seed, so unit tests and the bench can hold the pacing to numbers:
 *
 * - a tick every few seconds asks `linesToDial` and dials that many leads; before it, with the
 *   product's pacing, `linesToRelease` may hang up lines that rang at least 18 s unanswered, and
 *   their leads go back to the list to be dialled again;
 * - a person who answers is put through to the longest-ready agent; with no agent free within
 *   2 seconds of the answer the call is abandoned: the safe-harbor message plays and it counts
 *   against the abandonment rate;
 * - a machine is never put through to an agent and never counts as abandoned;
 * - an agent talks for a lognormal talk time (mean and spread set), then wraps up, then is ready.
 *
 * Utilisation is the share of the agents' logged-in time spent talking, measured from the start
 * until the last lead is dialled (after that the list is empty and idling is no pacing's fault).
 */

export interface SimulationSettings {
  seed: number;
  leads: number;
  agents: number;
  pacing: PacingSettings;
  /** The carrier model (outcome rates, ring timeout, timings); defaults from answer-outcomes. */
  answers?: Partial<AnswerModel>;
  /** Mean talk time in seconds and its coefficient of variation (lognormal). */
  talk?: { meanSeconds: number; variation?: number; minSeconds?: number };
  /** After-call work before the agent is ready again (0 by default). */
  wrapUpSeconds?: number;
  /** Seconds between dialer ticks (1 by default, as the runtime ticks). */
  tickSeconds?: number;
  /** A person who answers waits at most this long for an agent (the 2-second rule). */
  abandonAfterSeconds?: number;
  /** Abandonment from earlier campaigns in the rolling 30 days, before this one starts. */
  history?: AbandonmentTally;
  /** The pacing policy; `linesToDial` unless a test or the bench compares another (a fixed ratio). */
  pace?: PacingFunction;
  /**
   * Whether lines that rang 18 s unanswered may be let go (`linesToRelease`): by default with the
   * product's pacing, never with another `pace`.
   */
  release?: boolean;
  /** Stops the run if the list takes longer than this (a safety net; 7 days by default). */
  maxSimulatedSeconds?: number;
}

export interface SimulationResult {
  dials: number;
  outcomes: Record<AnswerOutcome, number>;
  /** Answered by a person and put through to an agent. */
  connected: number;
  /** Answered by a person with no agent within the 2 seconds: the safe-harbor message played. */
  abandoned: number;
  /** Lines hung up unanswered after ringing at least 18 s (linesToRelease); their leads were dialled again. */
  released: number;
  /** abandoned / answered by a person. */
  abandonRate: number;
  /** Talking time over logged-in time, from the start to the last dial. */
  utilisation: number;
  /** Seconds from the start to the last lead dialled. */
  measuredSeconds: number;
  /** Seconds until the last call ended. */
  simulatedSeconds: number;
  /** Mean of the pacing level over the ticks (lines in flight per agent). */
  averageLevel: number;
  /** The most lines dialling at once (ringing, or answered and waiting). */
  peakLinesDialling: number;
  /** The shortest ring before the dialer gave up on a number nobody answered. */
  shortestUnansweredRingSeconds: number | null;
  /** The shortest ring before pacing let a line go (linesToRelease). */
  shortestReleasedRingSeconds: number | null;
  /** The longest a person waited before an agent was put through. */
  longestConnectedWaitSeconds: number;
  finalMode: DialingMode;
  modeChanges: { atSeconds: number; from: DialingMode; to: DialingMode; reason: string }[];
}

export const SIMULATION_DEFAULTS = {
  tickSeconds: 1,
  abandonAfterSeconds: SAFE_HARBOR_SECONDS,
  wrapUpSeconds: 0,
  talk: { meanSeconds: 120, variation: 0.6, minSeconds: 10 },
  maxSimulatedSeconds: 7 * 24 * 3600,
};

type SimEvent =
  | { kind: "tick" }
  | { kind: "outcome"; plan: PlannedOutcome; line: number }
  | { kind: "agent_ready"; agent: number }
  | { kind: "give_up_waiting"; caller: number };

/** A call answered by a person: when it was put through (if it was) and how long the agent held it. */
type AnsweredCall = { connectedAt: number | null; handleSeconds: number | null };

/**
 * Handle times are read over the campaign's last this-many calls answered by a person (those put
 * through and finished), as the runtime reads them.
 */
export const HANDLE_TIMES_OVER_ANSWERS = 100;

export function simulateCampaign(settings: SimulationSettings): SimulationResult {
  return new CampaignSimulation(settings).run();
}

class CampaignSimulation {
  private readonly random: Random;
  private readonly model: AnswerModel;
  private readonly queue = new EventQueue<SimEvent>();
  private readonly tickSeconds: number;
  private readonly abandonAfter: number;
  private readonly talk: Required<NonNullable<SimulationSettings["talk"]>>;
  private readonly pacing: PacingSettings;

  private now = 0;
  private leadsLeft: number;
  private lastDialAt = 0;
  /** Lines ringing, by id, with the time each was dialled. */
  private readonly ringingSince = new Map<number, number>();
  /** Lines hung up while ringing, whose planned outcome is still queued. */
  private readonly releasedLines = new Set<number>();
  private nextLine = 0;
  /** Callers answered and waiting, by id, with the time they answered. */
  private readonly waiting = new Map<number, { answeredAt: number; call: AnsweredCall }>();
  private nextCaller = 0;
  /** Ready agents, longest-ready first, with the time each became ready. */
  private readonly readyAgents: { agent: number; since: number }[] = [];
  private agentsOnCall = 0;
  /** Agents on a call, with the call (put through at `connectedAt`). */
  private readonly onCall = new Map<number, AnsweredCall>();
  /** The last HANDLE_TIMES_OVER_ANSWERS calls answered by a person, oldest first. */
  private readonly recentAnswers: AnsweredCall[] = [];
  private readonly talkSpans: [number, number][] = [];

  private level: number | null = null;
  private lastDecisionAt = 0;
  private levelSum = 0;
  private ticks = 0;
  private sincePrevious = { abandoned: 0, humanAnswered: 0 };
  private readonly campaign = { abandoned: 0, humanAnswered: 0 };
  private readonly result: SimulationResult;

  constructor(private readonly settings: SimulationSettings) {
    this.random = seededRandom(settings.seed);
    this.model = answerModel(settings.answers);
    this.tickSeconds = settings.tickSeconds ?? SIMULATION_DEFAULTS.tickSeconds;
    this.abandonAfter = settings.abandonAfterSeconds ?? SIMULATION_DEFAULTS.abandonAfterSeconds;
    this.talk = { ...SIMULATION_DEFAULTS.talk, ...settings.talk };
    this.pacing = { ...settings.pacing };
    this.leadsLeft = settings.leads;
    for (let agent = 0; agent < settings.agents; agent++) this.readyAgents.push({ agent, since: 0 });
    this.result = {
      dials: 0,
      outcomes: { human: 0, machine: 0, busy: 0, no_answer: 0, failed: 0 },
      connected: 0,
      abandoned: 0,
      released: 0,
      abandonRate: 0,
      utilisation: 0,
      measuredSeconds: 0,
      simulatedSeconds: 0,
      averageLevel: 0,
      peakLinesDialling: 0,
      shortestUnansweredRingSeconds: null,
      shortestReleasedRingSeconds: null,
      longestConnectedWaitSeconds: 0,
      finalMode: settings.pacing.mode,
      modeChanges: [],
    };
  }

  run(): SimulationResult {
    const limit = this.settings.maxSimulatedSeconds ?? SIMULATION_DEFAULTS.maxSimulatedSeconds;
    this.queue.push(0, { kind: "tick" });
    for (let next = this.queue.pop(); next; next = this.queue.pop()) {
      if (next.at > limit) break;
      this.now = next.at;
      this.handle(next.event);
    }
    return this.finish();
  }

  private handle(event: SimEvent): void {
    switch (event.kind) {
      case "tick":
        this.tick();
        return;
      case "outcome":
        this.outcome(event.plan, event.line);
        return;
      case "agent_ready":
        this.agentReady(event.agent);
        return;
      case "give_up_waiting":
        this.giveUp(event.caller);
        return;
    }
  }

  private snapshot(): PacingSnapshot {
    return {
      readyAgents: this.readyAgents.length,
      agentsOnCall: this.agentsOnCall,
      linesRinging: this.ringingSince.size,
      ringingSeconds: [...this.ringingSince.values()].map((since) => this.now - since),
      callsWaiting: this.waiting.size,
      onCallSeconds: [...this.onCall.values()].map((call) => this.now - (call.connectedAt ?? this.now)),
      handleTimes: this.handleTimes(),
      level: this.level,
      secondsSinceLastDecision: this.now - this.lastDecisionAt,
      sincePrevious: this.sincePrevious,
      rolling30Days: addTallies(this.settings.history, this.campaign),
      campaignSoFar: { ...this.campaign },
    };
  }

  /** Hangs up the lines linesToRelease lets go; their leads go back to the list. */
  private releaseLines(): void {
    if (!(this.settings.release ?? !this.settings.pace) || this.level === null) return;
    const lines = [...this.ringingSince.entries()];
    for (const index of linesToRelease(this.snapshot(), this.pacing, this.level)) {
      const [line, since] = lines[index]!;
      const rang = this.now - since;
      const shortest = this.result.shortestReleasedRingSeconds;
      this.result.shortestReleasedRingSeconds = shortest === null ? rang : Math.min(shortest, rang);
      this.ringingSince.delete(line);
      this.releasedLines.add(line);
      this.result.released++;
      this.leadsLeft++;
    }
  }

  private tick(): void {
    this.releaseLines();
    const pace = this.settings.pace ?? linesToDial;
    const decision = pace(this.snapshot(), this.pacing);
    this.level = decision.level;
    this.lastDecisionAt = this.now;
    this.sincePrevious = { abandoned: 0, humanAnswered: 0 };
    this.levelSum += decision.level;
    this.ticks++;
    if (decision.modeChange) {
      this.result.modeChanges.push({ atSeconds: this.now, ...decision.modeChange });
      this.pacing.mode = decision.modeChange.to;
    }

    const lines = Math.min(decision.lines, this.leadsLeft);
    for (let line = 0; line < lines; line++) this.dial();
    this.result.peakLinesDialling = Math.max(
      this.result.peakLinesDialling,
      this.ringingSince.size + this.waiting.size,
    );

    // Keep ticking while there are leads to dial; once the list is empty, calls just finish.
    if (this.leadsLeft > 0) this.queue.push(this.now + this.tickSeconds, { kind: "tick" });
  }

  private dial(): void {
    this.leadsLeft--;
    this.lastDialAt = this.now;
    this.result.dials++;
    const line = this.nextLine++;
    this.ringingSince.set(line, this.now);
    const plan = planOutcome(this.random, this.model);
    this.queue.push(this.now + plan.afterSeconds, { kind: "outcome", plan, line });
  }

  private outcome(plan: PlannedOutcome, line: number): void {
    // Hung up before this outcome came: the carrier's plan for it never plays.
    if (this.releasedLines.delete(line)) return;
    this.ringingSince.delete(line);
    this.result.outcomes[plan.outcome]++;
    if (plan.outcome === "no_answer") {
      const shortest = this.result.shortestUnansweredRingSeconds;
      this.result.shortestUnansweredRingSeconds =
        shortest === null ? plan.afterSeconds : Math.min(shortest, plan.afterSeconds);
    }
    // Machines, busy lines, failures and no-answers never reach an agent.
    if (plan.outcome !== "human") return;

    this.campaign.humanAnswered++;
    this.sincePrevious.humanAnswered++;
    const call: AnsweredCall = { connectedAt: null, handleSeconds: null };
    this.recentAnswers.push(call);
    if (this.recentAnswers.length > HANDLE_TIMES_OVER_ANSWERS) this.recentAnswers.shift();
    if (this.readyAgents.length > 0) {
      this.connect(this.readyAgents.shift()!.agent, this.now, call);
      return;
    }
    const caller = this.nextCaller++;
    this.waiting.set(caller, { answeredAt: this.now, call });
    this.queue.push(this.now + this.abandonAfter, { kind: "give_up_waiting", caller });
  }

  private agentReady(agent: number): void {
    this.agentsOnCall--;
    const ended = this.onCall.get(agent);
    this.onCall.delete(agent);
    if (ended) ended.handleSeconds = this.now - (ended.connectedAt ?? this.now);
    // The caller who has waited longest (still within the 2 seconds) goes first.
    const first = this.waiting.entries().next();
    if (!first.done) {
      const [caller, { answeredAt, call }] = first.value;
      this.waiting.delete(caller);
      this.connect(agent, answeredAt, call);
      return;
    }
    this.readyAgents.push({ agent, since: this.now });
  }

  private giveUp(caller: number): void {
    if (!this.waiting.delete(caller)) return; // already put through to an agent
    // The 2-second rule: the safe-harbor message plays and the call is abandoned.
    this.result.abandoned++;
    this.campaign.abandoned++;
    this.sincePrevious.abandoned++;
  }

  private connect(agent: number, answeredAt: number, call: AnsweredCall): void {
    this.result.connected++;
    call.connectedAt = this.now;
    this.onCall.set(agent, call);
    this.result.longestConnectedWaitSeconds = Math.max(
      this.result.longestConnectedWaitSeconds,
      this.now - answeredAt,
    );
    this.agentsOnCall++;
    const talkSeconds = this.talkSeconds();
    this.talkSpans.push([this.now, this.now + talkSeconds]);
    const wrapUp = this.settings.wrapUpSeconds ?? SIMULATION_DEFAULTS.wrapUpSeconds;
    this.queue.push(this.now + talkSeconds + wrapUp, { kind: "agent_ready", agent });
  }

  /** Over the last calls answered by a person, those put through and finished (as the runtime reads). */
  private handleTimes(): HandleTimes {
    let calls = 0;
    let sum = 0;
    let squares = 0;
    for (const call of this.recentAnswers) {
      if (call.handleSeconds === null) continue;
      calls++;
      sum += call.handleSeconds;
      squares += call.handleSeconds ** 2;
    }
    const meanSeconds = calls ? sum / calls : 0;
    const variance = calls > 1 ? (squares - calls * meanSeconds ** 2) / (calls - 1) : 0;
    return { calls, meanSeconds, sdSeconds: Math.sqrt(Math.max(0, variance)) };
  }

  /** Lognormal with the set mean and coefficient of variation, never under the minimum. */
  private talkSeconds(): number {
    const { meanSeconds, variation, minSeconds } = this.talk;
    const sigma = Math.sqrt(Math.log(1 + variation ** 2));
    const mu = Math.log(meanSeconds) - sigma ** 2 / 2;
    return Math.max(minSeconds, Math.exp(mu + sigma * standardNormal(this.random)));
  }

  private finish(): SimulationResult {
    const measured = this.lastDialAt;
    const talked = this.talkSpans.reduce(
      (sum, [start, end]) => sum + Math.max(0, Math.min(end, measured) - start),
      0,
    );
    const humans = this.result.outcomes.human;
    return {
      ...this.result,
      abandonRate: humans ? this.result.abandoned / humans : 0,
      utilisation: measured > 0 && this.settings.agents > 0 ? talked / (measured * this.settings.agents) : 0,
      measuredSeconds: measured,
      simulatedSeconds: this.now,
      averageLevel: this.ticks ? this.levelSum / this.ticks : 0,
      finalMode: this.pacing.mode,
    };
  }
}

function addTallies(a: AbandonmentTally | undefined, b: AbandonmentTally): AbandonmentTally {
  return {
    abandoned: (a?.abandoned ?? 0) + b.abandoned,
    humanAnswered: (a?.humanAnswered ?? 0) + b.humanAnswered,
  };
}

/** Box-Muller: one standard normal draw from two uniforms. */
function standardNormal(random: Random): number {
  const u = 1 - random(); // (0, 1]: log stays finite
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A binary min-heap of timed events; events at the same time leave in the order they came. */
class EventQueue<T> {
  private readonly heap: { at: number; order: number; event: T }[] = [];
  private order = 0;

  push(at: number, event: T): void {
    const heap = this.heap;
    heap.push({ at, order: this.order++, event });
    let index = heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.before(heap[index]!, heap[parent]!)) break;
      [heap[index], heap[parent]] = [heap[parent]!, heap[index]!];
      index = parent;
    }
  }

  pop(): { at: number; event: T } | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (!top || !last) return undefined;
    if (heap.length > 0) {
      heap[0] = last;
      let index = 0;
      for (;;) {
        const left = index * 2 + 1;
        const right = left + 1;
        let smallest = index;
        if (left < heap.length && this.before(heap[left]!, heap[smallest]!)) smallest = left;
        if (right < heap.length && this.before(heap[right]!, heap[smallest]!)) smallest = right;
        if (smallest === index) break;
        [heap[index], heap[smallest]] = [heap[smallest]!, heap[index]!];
        index = smallest;
      }
    }
    return top;
  }

  private before(a: { at: number; order: number }, b: { at: number; order: number }): boolean {
    return a.at < b.at || (a.at === b.at && a.order < b.order);
  }
}
