import { Readable } from "node:stream";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { crlfLineEnds } from "../db/copy-out";

/**
 * CSV files the API sends (calls, the do-not-call list, admin exports, rejects): one formatter,
 * so every export guards against formulas the same way. The contacts and leads exports, which
 * the database writes itself (COPY), say the same rules in SQL (features/contacts/export.ts).
 */

const BOM = "\uFEFF";

/**
 * OWASP CSV injection: a spreadsheet runs a cell whose FIRST character is = + - @, tab or
 * carriage return as a formula; a leading apostrophe makes it plain text. Only the first
 * character of the whole cell matters: the same characters after a line break or inside the
 * text are left alone.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** RFC 4180: a cell holding a quote, a comma or a line break is quoted, its quotes doubled. */
const NEEDS_QUOTES = /[",\r\n]/;

/** Either rule applies: most cells match neither, and are written after this one test. */
const NEEDS_CARE = /^[=+\-@\t\r]|[",\r\n]/;

export function csvCell(value: unknown): string {
  const text = typeof value === "string" ? value : value === null || value === undefined ? "" : String(value);
  if (!NEEDS_CARE.test(text)) return text;
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * One CSV line. Written by hand rather than with csv-stringify: that library tops out near
 * 80,000 rows/s on this machine, below the export's 100,000 rows/s target, and the format is
 * the two rules above. A loop rather than map and join: no array per row.
 */
export function csvLine(cells: readonly unknown[]): string {
  let line = "";
  for (let i = 0; i < cells.length; i++) line += i === 0 ? csvCell(cells[i]) : `,${csvCell(cells[i])}`;
  return `${line}\r\n`;
}

/** A million rows must not become a million HTTP chunks: lines are gathered into pieces of this size. */
const CHUNK_CHARS = 64 * 1024;

/**
 * A CSV file as a stream: byte-order mark (so spreadsheets read UTF-8), the header row, then one
 * line per row as the database hands them over (through `shape` first, when given: an export
 * writing its dates in the workspace's zone). Rows are pulled one at a time, so a slow reader
 * slows the query down instead of filling memory.
 */
export function csvFileStream<Row extends readonly unknown[]>(
  headers: readonly string[],
  rows: AsyncIterable<Row>,
  shape?: (row: Row) => readonly unknown[],
): Readable {
  return Readable.from(
    (async function* () {
      let pending = BOM + csvLine(headers);
      for await (const row of rows) {
        pending += csvLine(shape ? shape(row) : row);
        if (pending.length >= CHUNK_CHARS) {
          yield pending;
          pending = "";
        }
      }
      if (pending) yield pending;
    })(),
    { objectMode: false },
  );
}

/**
 * A CSV file from the bytes the database wrote (COPY; server/db/copy-out.ts): the byte-order mark
 * and the header row, then the bytes as they come, its line ends made CR LF like every other export's.
 */
export function copiedCsvFileStream(headers: readonly string[], bytes: AsyncIterable<Uint8Array>): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.from(BOM + csvLine(headers));
      const toCrlf = crlfLineEnds();
      for await (const piece of bytes) yield toCrlf(piece);
    })(),
    { objectMode: false },
  );
}

/** Keyset batches (the embedded database's path) as one row at a time. */
export async function* flattenBatches<T>(batches: AsyncIterable<T[]>): AsyncGenerator<T> {
  for await (const batch of batches) yield* batch;
}

/** "contacts-2026-11-25.csv": the name and today's date in the workspace's time zone. */
export function datedCsvName(prefix: string, now: Date, timeZone: string): string {
  return `${prefix}-${format(new TZDate(now.getTime(), timeZone), "yyyy-MM-dd")}.csv`;
}
