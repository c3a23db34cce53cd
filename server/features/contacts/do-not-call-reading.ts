import { INVALID_PHONE, NO_CSV_DATA } from "../../../common/contacts";
import { Invalid } from "../../domain/errors";
import { readRecords } from "./import/parse";
import { phoneE164 } from "./import/phone-fast";
import { normalizePhone } from "./phone";

/**
 * Reading an uploaded do-not-call list, in a worker thread (reading-worker.ts): a CSV or a plain
 * list, one number a line. The column named phone or number holds the numbers, else the first;
 * each line's number is read in the workspace's country. The CSV limits (common/csv.ts) apply.
 */

/** Header cells that name the column of numbers in an uploaded list (lower case, letters only). */
const PHONE_HEADERS = new Set([
  "phone",
  "phones",
  "number",
  "numbers",
  "phonenumber",
  "phonenumbers",
  "telephone",
  "tel",
  "mobile",
  "cell",
  "cellphone",
  "e164",
]);

export const NO_NUMBER_ON_LINE = "There is no phone number on this line";
/** Lines sent back at a time. */
const LINES_EVERY = 1000;

const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Which column holds the numbers, and whether the first row is a header. */
function phoneColumn(first: string[], country: string): { column: number; header: boolean } {
  const named = first.findIndex((cell) => PHONE_HEADERS.has(headerKey(cell)));
  if (named >= 0) return { column: named, header: true };
  // No named column: the first. The first row is data if its first cell reads as a number.
  const firstCell = first[0] ?? "";
  return { column: 0, header: firstCell.trim() !== "" && normalizePhone(firstCell, country).e164 === null };
}

/** A line of the list: its number in E.164, or why it has none. */
export type DoNotCallLine = { line: number; value: string } & ({ e164: string } | { reason: string });

/** The list's text, a piece at a time: its lines read, a thousand at a time. */
export async function* readDoNotCallList(
  init: { country: string },
  texts: AsyncIterable<string>,
): AsyncGenerator<DoNotCallLine[]> {
  let first = true;
  async function* withoutMark(): AsyncGenerator<string> {
    for await (const text of texts) {
      yield first && text.startsWith("\uFEFF") ? text.slice(1) : text;
      first = false;
    }
  }
  let layout: { column: number; header: boolean } | null = null;
  let lines: DoNotCallLine[] = [];
  for await (const record of readRecords(withoutMark())) {
    if ("broken" in record)
      throw new Invalid(`That file could not be read as CSV: Line ${record.line}: ${record.broken}`);
    if (!layout) {
      layout = phoneColumn(record.cells, init.country);
      if (layout.header) continue;
    }
    const value = (record.cells[layout.column] ?? "").trim();
    // The import's fast reading: normalizePhone's answer, thirty times faster on the usual spellings.
    const e164 = value ? phoneE164(value, init.country) : null;
    lines.push(
      e164
        ? { line: record.line, value, e164 }
        : { line: record.line, value, reason: value ? INVALID_PHONE : NO_NUMBER_ON_LINE },
    );
    if (lines.length >= LINES_EVERY) {
      yield lines;
      lines = [];
    }
  }
  if (!layout) throw new Invalid(NO_CSV_DATA);
  yield lines;
}
