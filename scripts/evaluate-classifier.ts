/**
 * `npm run eval:classifier`: how well the local AI classifies caller utterances.
 * - 5-fold cross-validation over the project corpus (server/engine/corpus/utterances*.json);
 * - accuracy and log-loss on the separately written dev set (dev-eval.json), per combination of
 *   model weight, rule weight and softmax temperature; the best one is DEFAULT_COMBINE in analyze.ts.
 * - real callers written by nobody on this project (../shared/datasets/calls-public/, evaluation
 *   only: never trained on): accuracy and the shares flagged spam and sales per file, and for the
 *   robocalls the share let through (appointment, support, important or legitimate).
 * Set SHOW=1 to list the dev set's mistakes for the current defaults.
 */
import { type CombineParams, combineReading, DEFAULT_COMBINE, readUtterance } from "../server/engine/analyze";
import { trainClassifier } from "../server/engine/classifier";
import { CORPUS_FILES, loadCorpus, loadDevSet, readCorpusFile } from "../server/engine/corpus";
import { trainOn } from "../server/engine/model";
import { features, prepareText } from "../server/engine/text";
import { measurePublicCalls, PUBLIC_DIR, readPublicCalls } from "./public-calls";

const data = loadCorpus().map((row) => ({ ...row, features: features(prepareText(row.text).terms) }));
const dev = loadDevSet();
const FOLDS = 5;
const folds = Array.from({ length: FOLDS }, (_, k) =>
  trainClassifier(data.filter((_, i) => i % FOLDS !== k)),
);
const full = trainOn(data);

// Each text is read once per model (the slow part); the grid only re-weighs the readings.
const cvReadings = data.map((row, i) => readUtterance(row.text, folds[i % FOLDS]!));
const devReadings = dev.map((row) => readUtterance(row.text, full));

function evaluate(params: CombineParams) {
  let correct = 0;
  let logLoss = 0;
  data.forEach((row, i) => {
    const analysis = combineReading(cvReadings[i]!, null, params);
    if (analysis.classification === row.label) correct++;
    logLoss -= Math.log(Math.max(1e-6, analysis.scores[row.label]));
  });
  let devCorrect = 0;
  let devLoss = 0;
  const mistakes: string[] = [];
  dev.forEach((row, i) => {
    const analysis = combineReading(devReadings[i]!, null, params);
    if (analysis.classification === row.label) devCorrect++;
    else mistakes.push(`${row.label} -> ${analysis.classification} (${analysis.confidence}) ${row.text}`);
    devLoss -= Math.log(Math.max(1e-6, analysis.scores[row.label]));
  });
  return {
    cv: (correct / data.length).toFixed(3),
    cvLogLoss: (logLoss / data.length).toFixed(3),
    dev: (devCorrect / dev.length).toFixed(3),
    devLogLoss: (devLoss / dev.length).toFixed(3),
    mistakes,
  };
}

// Only the ratios to the temperature matter, so the model weight stays at 0.5.
const grid: CombineParams[] = [];
for (const ruleWeight of [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 5])
  for (const temperature of [1.5, 2, 2.5, 3, 3.5, 4])
    grid.push({ modelWeight: 0.5, ruleWeight, temperature });
const results = grid.map((params) => ({ ...params, ...evaluate(params), mistakes: undefined }));
console.log(`corpus ${data.length} utterances, dev set ${dev.length}`);
console.table(results);
const best = results.reduce((a, b) => (Number(b.devLogLoss) < Number(a.devLogLoss) ? b : a));
console.log(
  `lowest dev log-loss: ruleWeight ${best.ruleWeight}, temperature ${best.temperature}; DEFAULT_COMBINE is ${JSON.stringify(DEFAULT_COMBINE)}:`,
  { ...evaluate(DEFAULT_COMBINE), mistakes: undefined },
);
if (process.env.SHOW) console.log(evaluate(DEFAULT_COMBINE).mistakes.join("\n"));

// Cross-validation per corpus file (same folds): a file written later must not make the earlier ones worse.
let start = 0;
const perFile = CORPUS_FILES.map((name) => {
  const size = readCorpusFile(name).length;
  let correct = 0;
  let logLoss = 0;
  for (let i = start; i < start + size; i++) {
    const analysis = combineReading(cvReadings[i]!, null, DEFAULT_COMBINE);
    if (analysis.classification === data[i]!.label) correct++;
    logLoss -= Math.log(Math.max(1e-6, analysis.scores[data[i]!.label]));
  }
  start += size;
  return { file: name, rows: size, cv: (correct / size).toFixed(3), cvLogLoss: (logLoss / size).toFixed(3) };
});
console.log("cross-validation per corpus file, DEFAULT_COMBINE:");
console.table(perFile);

// --- real callers (evaluation only; `npm run eval:public-calls` compares with the recorded figures) ---

const publicCalls = readPublicCalls();
if (publicCalls.size === 0) {
  console.log(`real callers: ${PUBLIC_DIR} is absent, skipped`);
} else {
  const shown = (value: number | null) => (value === null ? "" : `${value.toFixed(1)}%`);
  const rows = [...publicCalls].map(([name, calls]) => {
    const figures = measurePublicCalls(calls, full);
    return {
      file: name,
      calls: figures.calls,
      accuracy: shown(figures.accuracy),
      "flagged spam": shown(figures.flaggedSpam),
      "sure spam": shown(figures.sureSpam),
      "flagged sales": shown(figures.flaggedSales),
      "let through": shown(figures.letThrough),
      ...figures.counts,
    };
  });
  console.log(`real callers (${PUBLIC_DIR}, evaluation only), with DEFAULT_COMBINE and the full corpus:`);
  console.table(rows);
}
