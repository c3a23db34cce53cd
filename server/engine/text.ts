import { createRequire } from "node:module";
import winkNLP from "wink-nlp";

/**
 * Text preparation shared by the classifier, the rules and the sentiment reading. One wink-nlp
 * pass per utterance gives tokens, lemmas, token types and a sentiment score.
 */
type Nlp = ReturnType<typeof winkNLP>;
let loaded: Nlp | undefined;

// Named and custom entities are never read here; leaving them out of wink-nlp's pipe makes every
// utterance (and the training at first use) about a quarter faster with the same tokens, lemmas,
// types and sentiment.
const PIPE = ["sbd", "negation", "sentiment", "pos"];

/** The English model takes tens of megabytes: loaded on the first utterance, not at start-up. */
function nlp(): Nlp {
  loaded ??= winkNLP(createRequire(import.meta.url)("wink-eng-lite-web-model"), PIPE);
  return loaded;
}

export type PreparedText = {
  /** Lower-cased text with normalised spacing, for the rule patterns. */
  normal: string;
  /** Lemmas of word tokens with numbers, times, money and contact details folded into placeholders. */
  terms: string[];
  /** wink-nlp's sentiment, -1 (negative) to 1 (positive). */
  sentiment: number;
};

/** Spoken fillers that carry no meaning for any class. */
const FILLERS = new Set(["um", "uh", "uhm", "erm", "hmm", "mm", "ah", "oh", "the", "a", "an"]);

// A phone number said or typed in groups ("555 222 3333", "(844) 555-0172", "555-0149") is one
// thing, not three numbers: closed up here so the tokenizer reads it as one <phone>.
const SPOKEN_PHONE = /(\+?1[\s.-]?)?(\(\d{3}\)|\b\d{3})[\s.-]?\d{3}[\s.-]?\d{4}\b|\b\d{3}[\s.-]\d{4}\b/g;

export function prepareText(raw: string): PreparedText {
  const text = raw.replace(/\s+/g, " ").trim();
  const doc = nlp().readDoc(text.replace(SPOKEN_PHONE, (phone) => phone.replace(/\D/g, "")));
  const its = nlp().its;
  const tokens = doc.tokens();
  const types = tokens.out(its.type) as string[];
  const lemmas = tokens.out(its.lemma as never) as string[];
  const normals = tokens.out(its.normal) as string[];
  const terms: string[] = [];
  for (let i = 0; i < types.length; i++) {
    const type = types[i];
    const normal = normals[i] ?? "";
    if (type === "punctuation" || (type === "symbol" && normal !== "$")) continue;
    if (type === "number" || type === "ordinal") terms.push(normal.length >= 7 ? "<phone>" : "<num>");
    else if (type === "time") terms.push("<time>");
    else if (type === "currency" || normal === "$") terms.push("<money>");
    else if (type === "email" || type === "url") terms.push("<contact>");
    else if (/^\d/.test(normal)) terms.push(/^\d{3}\D?\d{3}\D?\d{4}$/.test(normal) ? "<phone>" : "<num>");
    else {
      const lemma = (lemmas[i] ?? normal).replace(/^'+|'+$/g, "");
      if (lemma && !FILLERS.has(lemma)) terms.push(lemma);
    }
  }
  return { normal: text.toLowerCase(), terms, sentiment: doc.out(its.sentiment) as number };
}

/** Unigrams plus adjacent bigrams: "my account" and "your account" mean different things. */
export function features(terms: string[]): string[] {
  const out = [...terms];
  for (let i = 0; i + 1 < terms.length; i++) out.push(`${terms[i]}_${terms[i + 1]}`);
  return out;
}
