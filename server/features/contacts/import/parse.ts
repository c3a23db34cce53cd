import { once } from "node:events";
import { type CsvError, parse } from "csv-parse";
import {
  CSV_MAX_CELL_CHARS,
  CSV_MAX_COLUMNS,
  CSV_MAX_LINE_CHARS,
  csvCellTooLong,
  csvLineTooLong,
  csvTooManyColumns,
} from "../../../../common/csv";
import { Invalid } from "../../../domain/errors";
import { cutAt } from "../../../offload/pieces";

/**
 * CSV text to rows, streaming (csv-parse): CRLF, LF or CR line ends (mixed, even), quoted cells
 * with line breaks and doubled quotes, a stray quote inside an unquoted cell kept as text, rows
 * of any length. The delimiter is read from the first line: whichever of comma, semicolon, tab
 * and pipe it has most of, outside quotes (a comma when it has none).
 *
 * Each row carries its line number as a spreadsheet shows it: the first row is line 1 and a
 * quoted cell's line breaks do not start a new line. Blank rows (nothing but delimiters and
 * spaces) are left out but keep their line number, so the lines reported match the file.
 *
 * A file past the CSV limits (common/csv.ts: a cell, a line, the columns of a line) is refused
 * with a 400 naming the line, as soon as the parser reaches the limit: a megabyte of one line,
 * its thousandth cell. Nothing larger is ever held. This runs in a worker thread (reading.ts).
 */

export const DELIMITERS = [",", ";", "\t", "|"] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** A row as read, or a place where the file could not be read (a quote never closed). */
export type CsvRecord = { line: number; cells: string[] } | { line: number; broken: string };

export const UNCLOSED_QUOTE =
  'A quoted cell starting on this line is never closed, so the rest of the file was read as one cell: add the missing closing quote (")';

/** Text handed to the parser at a time: some 1,500 rows, a few milliseconds of the event loop. */
const PARSE_PIECE_CHARS = 64 * 1024;

/** How far into the file the first line is looked for. */
const FIRST_LINE_CHARS = 64 * 1024;

/** The delimiter a header (or first) line uses most, outside quotes. */
export function detectDelimiter(firstLine: string): Delimiter {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (DELIMITERS as readonly string[]).includes(ch))
      counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best: Delimiter = ",";
  let most = 0;
  for (const delimiter of DELIMITERS) {
    const n = counts.get(delimiter) ?? 0;
    if (n > most) {
      best = delimiter;
      most = n;
    }
  }
  return best;
}

/** The text up to the first line end outside quotes (or all of it, when there is none yet). */
function firstLineOf(text: string): { line: string; complete: boolean } {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) return { line: text.slice(0, i), complete: true };
  }
  return { line: text, complete: false };
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === "");

/**
 * The rows of a CSV given as text chunks (already decoded). `delimiter` is what was found on the
 * first line (detected here when not given).
 */
export async function* readRecords(
  texts: AsyncIterable<string>,
  onDelimiter?: (delimiter: Delimiter) => void,
): AsyncGenerator<CsvRecord> {
  const source = texts[Symbol.asyncIterator]();
  // Read until the first line is complete (or the file ends), to choose the delimiter.
  let head = "";
  let ended = false;
  for (;;) {
    const found = firstLineOf(head);
    if (found.complete || head.length >= FIRST_LINE_CHARS) break;
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    head += next.value;
  }
  const delimiter = detectDelimiter(firstLineOf(head).line);
  onDelimiter?.(delimiter);

  // Lines finished (read or given up on) before the one being read, and the characters of the
  // current line's finished cells: what the limits' messages and checks need.
  let linesBefore = 0;
  let lineChars = 0;
  const endLine = () => {
    linesBefore++;
    lineChars = 0;
  };
  const parser = parse({
    delimiter,
    record_delimiter: ["\r\n", "\n", "\r"],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    skip_records_with_error: true,
    // The parser's own check counts the characters of a line's cells, the unfinished one too.
    max_record_size: CSV_MAX_LINE_CHARS,
    // Called for each cell as it ends: a line of endless delimiters stops at its 1,001st cell.
    cast: (value, context) => {
      if (context.index >= CSV_MAX_COLUMNS) throw new Invalid(csvTooManyColumns(linesBefore + 1));
      if (value.length > CSV_MAX_CELL_CHARS)
        throw new Invalid(csvCellTooLong(linesBefore + 1, context.index + 1));
      lineChars += value.length;
      return value;
    },
    on_record: (record) => {
      endLine();
      return record;
    },
    // A row the parser gives up on takes its place among the rows, in order.
    on_skip: (error) => {
      if (error?.code === "CSV_MAX_RECORD_SIZE") {
        // The unfinished cell holds what the finished ones do not: one cell, or many long ones.
        const unfinished = CSV_MAX_LINE_CHARS - lineChars;
        const column = Number((error as CsvError & { index?: number }).index ?? 0) + 1;
        throw new Invalid(
          unfinished > CSV_MAX_CELL_CHARS
            ? csvCellTooLong(linesBefore + 1, column)
            : csvLineTooLong(linesBefore + 1),
        );
      }
      endLine();
      parser.push({ broken: brokenReason(error) } satisfies Broken);
    },
  });
  // The parser reads a written piece in one go, on the event loop: pieces stay small.
  const write = async (text: string) => {
    for (let at = 0; at < text.length; ) {
      // A surrogate pair (an emoji) stays whole: the parser turns each piece into UTF-8 bytes.
      const end = cutAt(text, at + PARSE_PIECE_CHARS);
      if (!parser.write(text.slice(at, end))) await once(parser, "drain");
      at = end;
    }
  };
  const feeding = (async () => {
    try {
      if (head) await write(head);
      if (!ended) {
        for (;;) {
          const next = await source.next();
          if (next.done) break;
          await write(next.value);
        }
      }
      parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();

  let line = 0;
  for await (const item of parser as AsyncIterable<string[] | Broken>) {
    line++;
    if (!Array.isArray(item)) yield { line, broken: item.broken };
    else if (!isBlank(item)) yield { line, cells: item };
  }
  await feeding;
}

type Broken = { broken: string };

/**
 * With quotes and column counts relaxed, what is left to fail is a quote never closed (found
 * at the end of the file: everything from its line on is that one cell).
 */
function brokenReason(error: CsvError | undefined): string {
  if (!error || error.code === "CSV_QUOTE_NOT_CLOSED") return UNCLOSED_QUOTE;
  return `This line could not be read as CSV (${error.message})`;
}
