import { type TextClassifier, trainClassifier } from "./classifier";
import { type LabelledUtterance, loadCorpus } from "./corpus";
import { features, prepareText } from "./text";

export function trainOn(rows: LabelledUtterance[]): TextClassifier {
  return trainClassifier(
    rows.map((row) => ({ label: row.label, features: features(prepareText(row.text).terms) })),
  );
}

let shared: TextClassifier | undefined;

/**
 * The local AI's classifier, trained once per process on the whole corpus (the test split's
 * accuracy is measured on a model trained without it; see classifier.test.ts).
 */
export function defaultClassifier(): TextClassifier {
  shared ??= trainOn(loadCorpus());
  return shared;
}
