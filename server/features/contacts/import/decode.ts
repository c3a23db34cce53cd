/**
 * Bytes to text for an import. Spreadsheets write CSV in one of a few encodings: UTF-8 with or
 * without a byte-order mark, UTF-16 with a mark (Excel's "Unicode text"), or Windows-1252 (Excel's
 * plain "CSV" on Windows). Which one is decided from the bytes themselves:
 *
 * - a byte-order mark names it (EF BB BF, FF FE, FE FF);
 * - no mark, but every other byte of the start is zero: UTF-16 without a mark;
 * - otherwise UTF-8 if every byte sequence is valid UTF-8, and Windows-1252 if any is not.
 *
 * CSV's structure (quotes, delimiters, line breaks) is ASCII, which UTF-8 and Windows-1252 write
 * the same way, so rows can be counted while the bytes arrive, before the encoding is known for
 * sure. NUL characters cannot be stored by PostgreSQL and mean nothing in a CSV: they are dropped.
 */

export const IMPORT_ENCODINGS = ["utf-8", "utf-16le", "utf-16be", "windows-1252"] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

/** How many leading bytes decide a byte-order mark or mark-less UTF-16. */
export const SNIFF_BYTES = 64;

/** The encoding a byte-order mark or a mark-less UTF-16 start names, or null (UTF-8 or Windows-1252). */
export function encodingFromStart(head: Uint8Array): ImportEncoding | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return "utf-8";
  if (head[0] === 0xff && head[1] === 0xfe) return "utf-16le";
  if (head[0] === 0xfe && head[1] === 0xff) return "utf-16be";
  const pairs = Math.floor(Math.min(head.length, SNIFF_BYTES) / 2);
  if (pairs < 2) return null;
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (head[i] === 0) zeroEven++;
    if (head[i + 1] === 0) zeroOdd++;
  }
  // ASCII text in UTF-16: one zero byte in every pair, on the same side.
  if (zeroOdd === pairs && zeroEven === 0) return "utf-16le";
  if (zeroEven === pairs && zeroOdd === 0) return "utf-16be";
  return null;
}

const NUL = "\u0000";
const dropNul = (text: string) => (text.includes(NUL) ? text.replaceAll(NUL, "") : text);

/**
 * Decodes a stream of bytes whose encoding is still to be found: the first SNIFF_BYTES decide a
 * byte-order mark or UTF-16; after that the text is read as UTF-8 until a byte sequence is not
 * valid UTF-8, and as Windows-1252 from there on (the whole file is then Windows-1252, which
 * `encoding` reports once the input has ended). Used while an upload arrives, to count its rows.
 */
export class SniffingDecoder {
  private head: Uint8Array[] = [];
  private headLength = 0;
  private decoder: TextDecoder | null = null;
  private known: ImportEncoding | null = null;
  private fellBack = false;

  /** The encoding found so far; final after `end()`. */
  get encoding(): ImportEncoding {
    return this.known ?? (this.fellBack ? "windows-1252" : "utf-8");
  }

  write(chunk: Uint8Array): string {
    if (!this.decoder) {
      this.head.push(chunk);
      this.headLength += chunk.length;
      if (this.headLength < SNIFF_BYTES) return "";
      return this.start();
    }
    return this.decode(chunk, true);
  }

  end(): string {
    const text = this.decoder ? "" : this.start();
    return text + this.decode(new Uint8Array(0), false);
  }

  private start(): string {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.known = encodingFromStart(head);
    this.decoder = new TextDecoder(this.known ?? "utf-8", { fatal: this.known === null });
    return this.decode(head, true);
  }

  private decode(chunk: Uint8Array, stream: boolean): string {
    const decoder = this.decoder as TextDecoder;
    try {
      return dropNul(decoder.decode(chunk, { stream }));
    } catch {
      // Not UTF-8: what is left is read as Windows-1252 (the bytes of a character cut at the
      // previous chunk's end are lost here, which changes no row count: they are not ASCII).
      this.fellBack = true;
      this.decoder = new TextDecoder("windows-1252");
      return dropNul(this.decoder.decode(chunk, { stream }));
    }
  }
}

/** Decodes bytes in a known encoding, chunk by chunk; a byte-order mark is dropped. */
export async function* decodeChunks(
  chunks: AsyncIterable<Uint8Array>,
  encoding: ImportEncoding,
): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of chunks) {
    const text = dropNul(decoder.decode(chunk, { stream: true }));
    if (text) yield text;
  }
  const rest = dropNul(decoder.decode());
  if (rest) yield rest;
}

/** Whole bytes in a known encoding (a small upload read in the request). */
export function decodeAll(bytes: Uint8Array, encoding: ImportEncoding): string {
  return dropNul(new TextDecoder(encoding).decode(bytes));
}
