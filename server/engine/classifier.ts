import naiveBayes from "wink-naive-bayes-text-classifier";
import { CLASSIFICATIONS, type Classification } from "./types";

export type LabelledExample = { text: string; label: Classification };

/** Per-class log2 odds (one class against the rest) from the trained model; 0 when nothing is known. */
export type ClassOdds = Record<Classification, number>;

export type TextClassifier = { odds(features: string[]): ClassOdds; vocabularySize: number };

/**
 * A binarised naive Bayes text classifier (wink-naive-bayes-text-classifier) over unigram and
 * bigram features. Short utterances favour presence over counts; light smoothing keeps rare but
 * telling words (a "biopsy", a "warranty") from being drowned by the prior.
 */
export function trainClassifier(examples: { features: string[]; label: Classification }[]): TextClassifier {
  const model = naiveBayes();
  model.defineConfig({ considerOnlyPresence: true, smoothingFactor: 0.5 });
  const vocabulary = new Set<string>();
  for (const example of examples) {
    model.learn(example.features, example.label);
    for (const feature of example.features) vocabulary.add(feature);
  }
  model.consolidate();
  return {
    vocabularySize: vocabulary.size,
    odds(features) {
      const result = Object.fromEntries(CLASSIFICATIONS.map((label) => [label, 0])) as ClassOdds;
      const known = features.filter((feature) => vocabulary.has(feature));
      if (known.length === 0) return result;
      for (const [label, value] of model.computeOdds(known)) {
        if (label in result) result[label as Classification] = value;
      }
      return result;
    },
  };
}
