import { fixedRatioLines, type PacingSettings } from "../../server/features/dialer/pacing";
import {
  type SimulationResult,
  type SimulationSettings,
  simulateCampaign,
} from "../../server/features/dialer/simulation";
import { printTable } from "../load";
import { dialerTickBench } from "./dialer-tick";

/**
 * The autodialer:
 * (a) pacing in simulated time: the campaign (10,000 leads, 10 agents, 30% of dials
 *     answered by a person, 2 minutes of talk on average) played by the seeded discrete-event
 *     simulation for each pacing side by side, over several seeds: agent utilisation (share of
 *     logged-in time talking, up to the last lead dialled) and abandonment (over calls answered by
 *     a person). Goal: abandonment at or under 3% (target 2%) with utilisation of 80% or more,
 *     where the fixed ratio either abandons more than 3% or leaves agents idle.
 * (b) one dialer tick over 100 active campaigns, under 50 ms: the runtime's job (see below).
 */

const SEEDS = [1, 2, 3, 4, 5];
const GOAL = { maxAbandonRate: 0.03, targetAbandonRate: 0.02, minUtilisation: 0.8 };

const base = { leads: 10_000, agents: 10, talk: { meanSeconds: 120 } };
const spec: PacingSettings = { mode: "predictive", dialRatio: 2.5, maxLines: 15 };

const PACINGS: { name: string; settings: Omit<SimulationSettings, "seed" | "leads" | "agents"> }[] = [
  { name: "fixed 2.5, no limit", settings: { pacing: spec, pace: fixedRatioLines } },
  { name: "fixed 2.5, 3% ceiling", settings: { pacing: { ...spec, adaptive: false } } },
  { name: "progressive", settings: { pacing: { ...spec, mode: "progressive" } } },
  { name: "adaptive (target 2%)", settings: { pacing: spec } },
  { name: "adaptive (target 2.5%)", settings: { pacing: { ...spec, targetAbandonRate: 0.025 } } },
];

export async function dialerBench(): Promise<void> {
  pacingSideBySide();
  await dialerTickOver100Campaigns();
}

// --- (a) pacing in simulated time ------------------------------------------------------------------

function pacingSideBySide(): void {
  const rows = PACINGS.map(({ name, settings }) => {
    const started = performance.now();
    const runs = SEEDS.map((seed) => simulateCampaign({ ...base, ...settings, seed }));
    const wallMs = (performance.now() - started) / runs.length;
    return row(name, runs, wallMs);
  });
  printTable(
    `Pacing in simulated time: ${base.leads.toLocaleString("en-US")} leads, ${base.agents} agents, 30% answered by a person, ${base.talk.meanSeconds / 60}-minute mean talk; mean of seeds ${SEEDS.join(", ")} (worst seed in brackets)`,
    rows,
  );
  console.log(
    `Goal: abandonment <= ${pct(GOAL.maxAbandonRate)} (target ${pct(GOAL.targetAbandonRate)}) with utilisation >= ${pct(GOAL.minUtilisation)}.`,
  );
  console.log(
    "Mean level: adaptive, the chance of finding no agent each new line may carry, as a multiple of the target; fixed, lines per ready agent.",
  );
}

function row(name: string, runs: SimulationResult[], wallMs: number): Record<string, string | number> {
  const mean = (pick: (run: SimulationResult) => number) =>
    runs.reduce((sum, run) => sum + pick(run), 0) / runs.length;
  const utilisation = runs.map((run) => run.utilisation);
  const abandonment = runs.map((run) => run.abandonRate);
  const meetsGoal = runs.every(
    (run) => run.abandonRate <= GOAL.maxAbandonRate && run.utilisation >= GOAL.minUtilisation,
  );
  return {
    pacing: name,
    utilisation: `${pct(mean((run) => run.utilisation))} (${pct(Math.min(...utilisation))})`,
    abandonment: `${pct(
      mean((run) => run.abandonRate),
      2,
    )} (${pct(Math.max(...abandonment), 2)})`,
    "fell back to progressive": `${runs.filter((run) => run.modeChanges.length > 0).length}/${runs.length}`,
    "answered by a person": Math.round(mean((run) => run.outcomes.human)),
    // Lines the pacing hung up unanswered, 18 s or more after the dial; their leads were dialled again.
    "let go unanswered": Math.round(mean((run) => run.released)),
    "hours to dial the list": (mean((run) => run.measuredSeconds) / 3600).toFixed(1),
    "mean level": runs[0]?.finalMode === "predictive" ? mean((run) => run.averageLevel).toFixed(2) : "-",
    "meets goal": meetsGoal ? "yes" : "no",
    "wall ms per run": Math.round(wallMs),
  };
}

function pct(share: number, digits = 1): string {
  return `${(share * 100).toFixed(digits)}%`;
}

// --- (b) one dialer tick over 100 active campaigns --------------------------------------------------

/** The runtime's measurement: bench/scenarios/dialer-tick.ts (the app in this process, 100 campaigns). */
async function dialerTickOver100Campaigns(): Promise<void> {
  await dialerTickBench();
}
