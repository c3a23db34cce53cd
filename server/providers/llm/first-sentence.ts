/**
 * The first whole sentence of a reply still being written, once it is whole: text up to a full
 * stop, question or exclamation mark followed by a space (the space proves the sentence is over:
 * "9.30" and "3." at the end of what has arrived so far are not yet sentences). Abbreviations a
 * phone assistant says ("Dr. Lee", "9 a.m. tomorrow") do not end one. Null while none is whole.
 */
const ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "st",
  "jr",
  "sr",
  "no",
  "vs",
  "etc",
  "e.g",
  "i.e",
  "a.m",
  "p.m",
]);

export function firstSentence(text: string): string | null {
  const ends = /[.!?…]+["')\]]*(?=\s)/g;
  for (let match = ends.exec(text); match; match = ends.exec(text)) {
    const candidate = text.slice(0, match.index + match[0].length).trim();
    if (match[0].startsWith(".")) {
      const word = /([\p{L}.]+)\.$/u.exec(candidate.replace(/["')\]]+$/, ""))?.[1]?.toLowerCase();
      if (word && ABBREVIATIONS.has(word)) continue;
    }
    if (/\p{L}|\p{N}/u.test(candidate)) return candidate;
  }
  return null;
}
