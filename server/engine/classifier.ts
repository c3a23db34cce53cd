import naiveBayes from "wink-naive-bayes-text-classifier";
import { CLASSIFICATIONS, type Classification } from "./types";

export type LabelledExample = { text: string; label: Classification };

/** Per-class log2 odds (one class against the rest) from the trained model; 0 when nothing is known. */
export type ClassOdds = Record<Classification, number>;

export type TextClassifier = {
  odds(features: string[]): ClassOdds;
  /** wink's own computation of the same odds, feature by feature on every call (tests compare the two). */
  exactOdds(features: string[]): ClassOdds;
  vocabularySize: number;
};

/**
 * A binarised naive Bayes text classifier (wink-naive-bayes-text-classifier) over unigram and
 * bigram features. Short utterances favour presence over counts; light smoothing keeps rare but
 * telling words (a "biopsy", a "warranty") from being drowned by the prior.
 */
export function trainClassifier(examples: { features: string[]; label: Classification }[]): TextClassifier {
  const model = naiveBayes();
  model.defineConfig({ considerOnlyPresence: true, smoothingFactor: 0.5 });
  const vocabulary = new Set<string>();
  const samples = new Map<string, number>();
  for (const example of examples) {
    model.learn(example.features, example.label);
    samples.set(example.label, (samples.get(example.label) ?? 0) + 1);
    for (const feature of example.features) vocabulary.add(feature);
  }
  model.consolidate();

  // wink's one-against-the-rest odds are a sum over the known features plus the class prior, but
  // it recomputes every feature's likelihoods against every class on each call. Each feature's
  // share is the same every time: it is worked out once (from wink's own odds of the feature
  // alone, less the prior) and summed, which gives wink's figures at about twice the speed.
  const prior = CLASSIFICATIONS.map((label) => {
    const inClass = samples.get(label) ?? 0;
    return inClass > 0 ? Math.log2(inClass) - Math.log2(examples.length - inClass) : 0;
  });
  const shares = new Map<string, Float64Array>();
  function shareOf(feature: string): Float64Array {
    let share = shares.get(feature);
    if (!share) {
      share = new Float64Array(CLASSIFICATIONS.length);
      for (const [label, value] of model.computeOdds([feature])) {
        const index = CLASSIFICATIONS.indexOf(label as Classification);
        if (index >= 0) share[index] = value - (prior[index] ?? 0);
      }
      shares.set(feature, share);
    }
    return share;
  }

  return {
    vocabularySize: vocabulary.size,
    odds(features) {
      const result = Object.fromEntries(CLASSIFICATIONS.map((label) => [label, 0])) as ClassOdds;
      const known = features.filter((feature) => vocabulary.has(feature));
      if (known.length === 0) return result;
      const sums = Float64Array.from(prior);
      for (const feature of known) {
        const share = shareOf(feature);
        for (let i = 0; i < sums.length; i++) sums[i] = (sums[i] ?? 0) + (share[i] ?? 0);
      }
      CLASSIFICATIONS.forEach((label, i) => {
        result[label] = sums[i] ?? 0;
      });
      return result;
    },
    exactOdds(features) {
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
