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

/**
 * Windows-1252's characters for bytes 0x80 to 0x9F (where it differs from Latin-1). Written out
 * because Node 20's TextDecoder("windows-1252") decodes those bytes as Latin-1's control
 * characters: “smart quotes” and € from Excel would be lost.
 */
const CP1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";
const C1_CONTROLS = /[\u0080-\u009f]/g;

/** A TextDecoder's decode, for the encodings an import reads. */
type Decoder = { decode(chunk?: Uint8Array, options?: { stream?: boolean }): string };

/** Windows-1252: one byte a character, so no state between chunks. */
const windows1252: Decoder = {
  decode(chunk) {
    if (!chunk || chunk.length === 0) return "";
    const text = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString("latin1");
    return text.replace(C1_CONTROLS, (ch) => CP1252_HIGH[ch.charCodeAt(0) - 0x80]!);
  },
};

function decoderFor(encoding: ImportEncoding, fatal = false): Decoder {
  return encoding === "windows-1252" ? windows1252 : new TextDecoder(encoding, { fatal });
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
  private decoder: Decoder | null = null;
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
    this.decoder = decoderFor(this.known ?? "utf-8", this.known === null);
    return this.decode(head, true);
  }

  private decode(chunk: Uint8Array, stream: boolean): string {
    const decoder = this.decoder as Decoder;
    try {
      return dropNul(decoder.decode(chunk, { stream }));
    } catch {
      // Not UTF-8: what is left is read as Windows-1252 (the bytes of a character cut at the
      // previous chunk's end are lost here, which changes no row count: they are not ASCII).
      this.fellBack = true;
      this.decoder = windows1252;
      return dropNul(this.decoder.decode(chunk, { stream }));
    }
  }
}

const DECODE_PIECE_BYTES = 64 * 1024;

/** Decodes bytes in a known encoding, chunk by chunk; a byte-order mark is dropped. */
export async function* decodeChunks(
  chunks: AsyncIterable<Uint8Array>,
  encoding: ImportEncoding,
): AsyncGenerator<string> {
  const decoder = decoderFor(encoding);
  for await (const chunk of chunks) {
    // A stored piece is a megabyte: decoded in smaller pieces, no string is that large.
    for (let at = 0; at < chunk.length; at += DECODE_PIECE_BYTES) {
      const text = dropNul(decoder.decode(chunk.subarray(at, at + DECODE_PIECE_BYTES), { stream: true }));
      if (text) yield text;
    }
  }
  const rest = dropNul(decoder.decode());
  if (rest) yield rest;
}

/** Whole bytes in a known encoding (a small upload read in the request). */
export function decodeAll(bytes: Uint8Array, encoding: ImportEncoding): string {
  return dropNul(decoderFor(encoding).decode(bytes));
}
