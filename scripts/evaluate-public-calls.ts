/**
 * `npm run eval:public-calls`: the local AI (trained on the whole project corpus) on the public
 * real calls, whole files: per file the accuracy, the shares flagged spam (and of those, the ones
 * the engine is sure of), flagged sales, and for the robocalls the share let through; each beside
 * the figures recorded in scripts/public-calls-figures.json (`RECORD=1` records the current ones).
 * Also the processor time of analyzeUtterance per utterance over those calls (less moved by other
 * work on the machine than the clock, not free of it; `npm run bench -- engine` is the speed goal's
 * measure). PUBLIC_CALLS_DIR reads another folder of the same form (a held-out set).
 * Skips with a message when the folder is absent.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { analyzeUtterance } from "../server/engine/analyze";
import { defaultClassifier } from "../server/engine/model";
import { projectPath } from "../server/paths";
import { measurePublicCalls, PUBLIC_DIR, type PublicFigures, readPublicCalls } from "./public-calls";

const RECORDED_PATH = projectPath("scripts", "public-calls-figures.json");
type Recorded = { note: string; files: Record<string, PublicFigures>; microsecondsPerUtterance: number };

const files = readPublicCalls();
if (files.size === 0) {
  console.log(`public calls: ${PUBLIC_DIR} is absent, nothing to measure (skipped)`);
  process.exit(0);
}

const classifier = defaultClassifier();
const figures = Object.fromEntries(
  [...files].map(([name, calls]) => [name, measurePublicCalls(calls, classifier)]),
);
const microseconds = timePerUtterance([...files.values()].flat().map((call) => call.text));

const recorded: Recorded | null = existsSync(RECORDED_PATH)
  ? (JSON.parse(readFileSync(RECORDED_PATH, "utf8")) as Recorded)
  : null;

const shown = (value: number | null | undefined) => (value == null ? "" : `${value.toFixed(1)}%`);
const beside = (before: number | null | undefined, now: number | null) =>
  before === undefined || shown(before) === shown(now) ? shown(now) : `${shown(before)} -> ${shown(now)}`;

console.log(
  `public calls (${PUBLIC_DIR}, evaluation only), whole files` +
    (recorded ? `; "a -> b" is the recorded figure (${recorded.note}) -> now` : ""),
);
console.table(
  Object.entries(figures).map(([name, now]) => {
    const before = recorded?.files[name];
    return {
      file: name,
      calls: now.calls,
      accuracy: beside(before?.accuracy, now.accuracy),
      "flagged spam": beside(before?.flaggedSpam, now.flaggedSpam),
      "sure spam": beside(before?.sureSpam, now.sureSpam),
      "flagged sales": beside(before?.flaggedSales, now.flaggedSales),
      "let through": beside(before?.letThrough, now.letThrough),
      ...now.counts,
    };
  }),
);
console.log(
  `analyzeUtterance: ${microseconds} µs of processor time per utterance (mean over the calls, best of 3 passes)` +
    (recorded ? `; recorded ${recorded.microsecondsPerUtterance} µs` : ""),
);

if (process.env.RECORD) {
  const note = process.env.RECORD === "1" ? new Date().toISOString().slice(0, 10) : process.env.RECORD;
  const record: Recorded = { note, files: figures, microsecondsPerUtterance: microseconds };
  writeFileSync(RECORDED_PATH, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`recorded in ${RECORDED_PATH}`);
}

/** Microseconds of processor time (user and system) per utterance: the best of 3 passes after a warm-up. */
function timePerUtterance(texts: string[]): number {
  for (const text of texts) analyzeUtterance(text, classifier, null);
  let best = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < 3; pass++) {
    const started = process.cpuUsage();
    for (const text of texts) analyzeUtterance(text, classifier, null);
    const used = process.cpuUsage(started);
    best = Math.min(best, (used.user + used.system) / texts.length);
  }
  return Math.round(best);
}
