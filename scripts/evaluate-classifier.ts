/**
 * `npm run eval:classifier`: how well the local AI classifies caller utterances.
 * - 5-fold cross-validation over the project corpus (server/engine/corpus/utterances*.json);
 * - accuracy and log-loss on the separately written dev set (dev-eval.json), per combination of
 *   model weight, rule weight and softmax temperature; the best one is DEFAULT_COMBINE in analyze.ts.
 * Set SHOW=1 to list the dev set's mistakes for the current defaults.
 */
import { analyzeUtterance, type CombineParams, DEFAULT_COMBINE } from "../server/engine/analyze";
import { trainClassifier } from "../server/engine/classifier";
import { loadCorpus, loadDevSet } from "../server/engine/corpus";
import { trainOn } from "../server/engine/model";
import { features, prepareText } from "../server/engine/text";

const data = loadCorpus().map((row) => ({ ...row, features: features(prepareText(row.text).terms) }));
const dev = loadDevSet();
const FOLDS = 5;
const folds = Array.from({ length: FOLDS }, (_, k) =>
  trainClassifier(data.filter((_, i) => i % FOLDS !== k)),
);
const full = trainOn(data);

function evaluate(params: CombineParams) {
  let correct = 0;
  let logLoss = 0;
  data.forEach((row, i) => {
    const analysis = analyzeUtterance(row.text, folds[i % FOLDS]!, null, params);
    if (analysis.classification === row.label) correct++;
    logLoss -= Math.log(Math.max(1e-6, analysis.scores[row.label]));
  });
  let devCorrect = 0;
  let devLoss = 0;
  const mistakes: string[] = [];
  for (const row of dev) {
    const analysis = analyzeUtterance(row.text, full, null, params);
    if (analysis.classification === row.label) devCorrect++;
    else mistakes.push(`${row.label} -> ${analysis.classification} (${analysis.confidence}) ${row.text}`);
    devLoss -= Math.log(Math.max(1e-6, analysis.scores[row.label]));
  }
  return {
    cv: (correct / data.length).toFixed(3),
    cvLogLoss: (logLoss / data.length).toFixed(3),
    dev: (devCorrect / dev.length).toFixed(3),
    devLogLoss: (devLoss / dev.length).toFixed(3),
    mistakes,
  };
}

const grid: CombineParams[] = [];
for (const ruleWeight of [0, 1, 2, 3])
  for (const temperature of [1, 2, 3, 4]) grid.push({ modelWeight: 0.5, ruleWeight, temperature });
console.log(`corpus ${data.length} utterances, dev set ${dev.length}`);
console.table(grid.map((params) => ({ ...params, ...evaluate(params), mistakes: undefined })));
if (process.env.SHOW) console.log(evaluate(DEFAULT_COMBINE).mistakes.join("\n"));
