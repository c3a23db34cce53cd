import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { projectPath } from "../paths";
import { CLASSIFICATIONS, type Classification } from "./types";

export type LabelledUtterance = { text: string; label: Classification };

/** In the order they were written: each file adds to the ones before (eval:classifier reports each). */
export const CORPUS_FILES = [
  "utterances.json",
  "utterances-extra.json",
  "utterances-callers.json",
  "utterances-everyday.json",
];

export function readCorpusFile(name: string): LabelledUtterance[] {
  const rows = JSON.parse(
    readFileSync(projectPath("server/engine/corpus", name), "utf8"),
  ) as LabelledUtterance[];
  for (const row of rows) {
    if (!CLASSIFICATIONS.includes(row.label)) throw new Error(`${name}: unknown label "${row.label}"`);
  }
  return rows;
}

/** The project's labelled utterances (server/engine/corpus), written for this product. */
export function loadCorpus(): LabelledUtterance[] {
  return CORPUS_FILES.flatMap(readCorpusFile);
}

/** The separately written evaluation set used to fit how rules and model combine. */
export function loadDevSet(): LabelledUtterance[] {
  return readCorpusFile("dev-eval.json");
}

/**
 * A stable 80/20 split: an utterance's place depends only on its text, so adding data never
 * moves old examples between the sides.
 */
export function splitCorpus(rows: LabelledUtterance[]): {
  train: LabelledUtterance[];
  test: LabelledUtterance[];
} {
  const train: LabelledUtterance[] = [];
  const test: LabelledUtterance[] = [];
  for (const row of rows) {
    const bucket = createHash("sha256").update(row.text.toLowerCase()).digest()[0] ?? 0;
    (bucket < 256 * 0.2 ? test : train).push(row);
  }
  return { train, test };
}
