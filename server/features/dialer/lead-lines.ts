import { parse } from "csv-parse/sync";
import {
  CSV_MAX_CELL_CHARS,
  CSV_MAX_COLUMNS,
  CSV_MAX_LINE_CHARS,
  csvCellTooLong,
  csvLineTooLong,
  csvTooManyColumns,
} from "../../../common/csv";
import { INVALID_PHONE, type LeadReject, lineMessage, MAX_LEADS_PER_REQUEST } from "../../../common/dialer";
import { Invalid } from "../../domain/errors";
import { phoneE164 } from "../contacts/import/phone-fast";
import type { NewLead } from "./repository";

/**
 * The add-leads dialog's text, read in a worker thread (reading-worker.ts): one
 * lead a line, "phone, first name, last name, company, email", each number read in the
 * workspace's country. Blank lines are skipped; line numbers count every line, as a person reads
 * them. A line past the CSV limits (common/csv.ts) refuses the text with a 400 naming it.
 */

/** A lead as the add-leads dialog or its objects give it, before the phone number is read. */
export type LeadFields = {
  phoneNumber: string;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  company?: string | null | undefined;
  email?: string | null | undefined;
  notes?: string | null | undefined;
  timeZone?: string | null | undefined;
  postalCode?: string | null | undefined;
  priority?: number | undefined;
  aiVoiceConsent?: boolean | undefined;
  consentSource?: string | null | undefined;
};

/** A lead ready to store, with where it came from (the line, or the contact). */
export type Candidate = { line: number; contactId: string | null; lead: NewLead };

/** A line read: a lead to store, or why not. */
export type LeadLine = { candidate: Candidate } | { reject: LeadReject };

export const TOO_MANY_LEADS = `Add at most ${MAX_LEADS_PER_REQUEST.toLocaleString("en-US")} leads at a time`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const INVALID_EMAIL = "Please enter a valid email address";
/** Lines sent back at a time. */
const LINES_EVERY = 500;

const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/**
 * Splits one line on commas; a line with a quote is read as CSV (a name may be quoted to hold a
 * comma), and a broken quote falls back to commas. Most lines have no quote: a plain split is
 * about ten times faster than the CSV parser called per line (5,000 lines: 0.15 s against 1.6 s).
 */
function cellsOf(line: string): string[] {
  if (!line.includes('"')) return line.split(",").map((cell) => cell.trim());
  try {
    const [cells] = parse(line, { relax_quotes: true, relax_column_count: true, trim: true }) as string[][];
    return cells ?? [];
  } catch {
    return line.split(",").map((cell) => cell.trim());
  }
}

/** A lead's number read in `country` and its email checked: the lead to store, or why not. */
export function candidateOf(fields: LeadFields & { line: number }, country: string): LeadLine {
  const { line } = fields;
  // The contacts import's fast reading: the same answer, some thirty times faster on the usual
  // North American spellings (libphonenumber alone took 35 µs a number).
  const e164 = phoneE164(fields.phoneNumber, country);
  if (!e164) return { reject: { line, message: lineMessage(line, INVALID_PHONE), contactId: null } };
  const email = blankToNull(fields.email);
  if (email && !EMAIL.test(email))
    return { reject: { line, message: lineMessage(line, INVALID_EMAIL), contactId: null } };
  return {
    candidate: {
      line,
      contactId: null,
      lead: {
        phoneNumber: fields.phoneNumber.trim(),
        phoneE164: e164,
        firstName: blankToNull(fields.firstName),
        lastName: blankToNull(fields.lastName),
        company: blankToNull(fields.company),
        email: email?.toLowerCase() ?? null,
        notes: blankToNull(fields.notes),
        timeZone: blankToNull(fields.timeZone),
        zipCode: blankToNull(fields.postalCode),
        priority: fields.priority ?? 1,
        aiVoiceConsent: fields.aiVoiceConsent ?? false,
        consentSource: blankToNull(fields.consentSource),
        leadSource: "imported",
      },
    },
  };
}

/** One line's cells, within the limits. */
function leadOf(raw: string, line: number): LeadFields & { line: number } {
  if (raw.length > CSV_MAX_LINE_CHARS) throw new Invalid(csvLineTooLong(line));
  const cells = cellsOf(raw);
  if (cells.length > CSV_MAX_COLUMNS) throw new Invalid(csvTooManyColumns(line));
  const long = cells.findIndex((cell) => cell.length > CSV_MAX_CELL_CHARS);
  if (long >= 0) throw new Invalid(csvCellTooLong(line, long + 1));
  const [phoneNumber = "", firstName, lastName, company, email] = cells;
  return { line, phoneNumber, firstName, lastName, company, email };
}

const LINE_END = /\r\n|\r|\n/;

/** The text's lines, piece by piece, as `text.split` would give them. */
async function* linesOf(texts: AsyncIterable<string>): AsyncGenerator<string> {
  let rest = "";
  for await (const text of texts) {
    rest += text;
    // A CR at the end may be the first half of a CR LF: it waits for the next piece.
    const cut = rest.endsWith("\r") ? rest.length - 1 : rest.length;
    const parts = rest.slice(0, cut).split(LINE_END);
    rest = (parts.pop() ?? "") + rest.slice(cut);
    for (const line of parts) yield line;
    // A line already past the limit goes as it is, to be refused, rather than grow further.
    if (rest.length > CSV_MAX_LINE_CHARS) {
      yield rest;
      return;
    }
  }
  for (const line of rest.split(LINE_END)) yield line;
}

/** The dialog's text, a piece at a time: each line read into a lead or a reason, in order. */
export async function* readLeadLines(
  init: { country: string },
  texts: AsyncIterable<string>,
): AsyncGenerator<LeadLine[]> {
  let line = 0;
  let leads = 0;
  let read: LeadLine[] = [];
  for await (const raw of linesOf(texts)) {
    line++;
    if (!raw.trim()) continue;
    if (++leads > MAX_LEADS_PER_REQUEST) throw new Invalid(TOO_MANY_LEADS);
    read.push(candidateOf(leadOf(raw, line), init.country));
    if (read.length >= LINES_EVERY) {
      yield read;
      read = [];
    }
  }
  yield read;
}
