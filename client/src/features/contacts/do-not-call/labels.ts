/** How an entry got on the list (the server's `source`). */
const SOURCE_LABELS: Record<string, string> = {
  manual: "Added by hand",
  import: "Imported",
  contact: "From a contact",
};

export const doNotCallSourceLabel = (source: string) => SOURCE_LABELS[source] ?? source;

export const plural = (n: number, word: string, many = `${word}s`) =>
  `${n.toLocaleString()} ${n === 1 ? word : many}`;

/**
 * The largest file the screen sends: the server takes JSON bodies up to 1 MB, and a file grows a
 * little when it is written into JSON (each line break becomes two characters).
 */
export const MAX_IMPORT_BYTES = 900 * 1024;

export const TOO_LARGE =
  "That file is larger than 900 KB. Split it into smaller files and import them one at a time.";
