/**
 * Real callers written by nobody on this project (../shared/datasets/calls-public/, see its
 * README): evaluation only. Never trained on, never copied into the project, never the source of
 * a rule or a corpus sentence. A held-out set kept elsewhere is measured alongside, so a gain here
 * that does not hold there is overfitting. CI machines may not have the folder at all.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { analyzeUtterance } from "../server/engine/analyze";
import type { TextClassifier } from "../server/engine/classifier";
import { CLASSIFICATIONS, type Classification } from "../server/engine/types";
import { projectPath } from "../server/paths";

/** The shared folder, or another one of the same form (PUBLIC_CALLS_DIR), such as a held-out set. */
export const PUBLIC_DIR =
  process.env.PUBLIC_CALLS_DIR ?? projectPath("..", "shared", "datasets", "calls-public");
/** Classes that put a caller through to the person: a robocall given one of these was let through. */
export const LET_THROUGH: Classification[] = ["appointment", "support", "important", "legitimate"];

export type PublicCall = { text: string; expected: Classification };

/** Each .jsonl file of the folder (one `{"text", "expected"}` a line), by name; none when the folder is absent. */
export function readPublicCalls(): Map<string, PublicCall[]> {
  const files = new Map<string, PublicCall[]>();
  if (!existsSync(PUBLIC_DIR)) return files;
  for (const name of readdirSync(PUBLIC_DIR)
    .filter((file) => file.endsWith(".jsonl"))
    .sort()) {
    const calls = readFileSync(`${PUBLIC_DIR}/${name}`, "utf8")
      .split("\n")
      .filter((line) => line.trim())
      .map((line) => {
        const row = JSON.parse(line) as { text: string; expected: string };
        if (!CLASSIFICATIONS.includes(row.expected as Classification))
          throw new Error(`${name}: unknown expected class "${row.expected}"`);
        return { text: row.text, expected: row.expected as Classification };
      });
    files.set(name, calls);
  }
  return files;
}

/** One file's figures, each a share of its calls in percent (one decimal). */
export type PublicFigures = {
  calls: number;
  accuracy: number;
  flaggedSpam: number;
  /** Flagged spam and sure of it: what one utterance may block on its own (analyze.ts `certain`). */
  sureSpam: number;
  flaggedSales: number;
  /** Robocall files only (every call expected spam or sales): put through to the person. */
  letThrough: number | null;
  counts: Record<Classification, number>;
};

export function measurePublicCalls(calls: PublicCall[], classifier: TextClassifier): PublicFigures {
  const counts = Object.fromEntries(CLASSIFICATIONS.map((label) => [label, 0])) as Record<
    Classification,
    number
  >;
  let correct = 0;
  let sureSpam = 0;
  for (const call of calls) {
    const { classification, certain } = analyzeUtterance(call.text, classifier, null);
    counts[classification]++;
    if (classification === call.expected) correct++;
    if (classification === "spam" && certain) sureSpam++;
  }
  const robocalls = calls.every((call) => call.expected === "spam" || call.expected === "sales");
  return {
    calls: calls.length,
    accuracy: percent(correct, calls.length),
    flaggedSpam: percent(counts.spam, calls.length),
    sureSpam: percent(sureSpam, calls.length),
    flaggedSales: percent(counts.sales, calls.length),
    letThrough: robocalls
      ? percent(
          LET_THROUGH.reduce((sum, label) => sum + counts[label], 0),
          calls.length,
        )
      : null,
    counts,
  };
}

function percent(count: number, total: number): number {
  return Math.round((count / total) * 1000) / 10;
}
