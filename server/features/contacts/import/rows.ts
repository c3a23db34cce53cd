import { z } from "zod";
import { isTimeZone } from "../../../../common/ai-settings";
import {
  CONTACT_STATUSES,
  type ContactStatus,
  LEAD_SOURCES,
  type LeadSource,
  NAME_REQUIRED,
  PREFERRED_CONTACT_METHODS,
  type PreferredContactMethod,
} from "../../../../common/contacts";
import { MAX_INT4, MAX_YEAR, MIN_YEAR } from "../../../../common/text";
import type { ColumnPlan, ImportField } from "./columns";
import { phoneE164 } from "./phone-fast";

/**
 * One data row to a contact, or the reason it cannot be one. Cells are trimmed; the apostrophe
 * our own export puts before a cell starting with = + - @ (so spreadsheets do not run it as a
 * formula) is taken off again. Formula-looking cells are stored as text and never evaluated.
 * The limits are the contact form's (common/contacts.ts), so an imported contact could have
 * been typed in.
 */

export type ContactDraft = {
  name: string;
  phoneNumber: string | null;
  phoneE164: string | null;
  email: string | null;
  company: string | null;
  notes: string | null;
  preferredContactMethod: PreferredContactMethod | null;
  mailingAddress: string | null;
  address: string | null;
  website: string | null;
  industry: string | null;
  businessType: string | null;
  tags: string[] | null;
  isFavorite: boolean | null;
  doNotCall: boolean | null;
  leadSource: LeadSource | null;
  leadScore: number | null;
  contactStatus: ContactStatus | null;
  preferredContactTime: string | null;
  timezone: string | null;
  lastCalled: string | null;
  lastContactAttempt: string | null;
  callCount: number | null;
};

export type RowResult =
  | { ok: true; contact: ContactDraft }
  | { ok: false; column: string | null; reason: string };

export const MAX_TAGS = 50;
export const MAX_TAG_LENGTH = 50;

/** The longest value each text field keeps (the contact form's limits). */
const MAX_LENGTH = {
  name: 200,
  phoneNumber: 40,
  email: 254,
  company: 200,
  notes: 5000,
  mailingAddress: 500,
  address: 500,
  website: 500,
  industry: 100,
  businessType: 100,
  preferredContactTime: 100,
  timezone: 64,
} as const;

/** What our export puts before a cell a spreadsheet would run as a formula (server/http/csv.ts). */
const EXPORT_APOSTROPHE = /^'(?=[=+\-@\t\r])/;

/** A cell as stored: trimmed, our export's formula guard taken off. */
export function cleanCell(cell: string | undefined): string {
  if (!cell) return "";
  const trimmed = cell.trim();
  return EXPORT_APOSTROPHE.test(trimmed) ? trimmed.slice(1).trim() : trimmed;
}

const EMAIL = z.regexes.email;

const STATUS_ALIASES: Record<string, ContactStatus> = Object.fromEntries(
  CONTACT_STATUSES.map((status) => [status, status]),
);
const METHOD_ALIASES: Record<string, PreferredContactMethod> = {
  ...Object.fromEntries(PREFERRED_CONTACT_METHODS.map((method) => [method, method])),
  call: "phone",
  telephone: "phone",
  "e-mail": "email",
  text: "sms",
  post: "mail",
};
const SOURCE_ALIASES: Record<string, LeadSource> = {
  ...Object.fromEntries(LEAD_SOURCES.map((source) => [source, source])),
  imported: "import",
  csv: "import",
  csv_import: "import",
};
const YES = new Set(["yes", "y", "true", "t", "1", "x", "on"]);
const NO = new Set(["no", "n", "false", "f", "0", "off"]);

/** "Not Interested", "not-interested" and "NOT_INTERESTED" are one status. */
const asKey = (value: string) => value.toLowerCase().replace(/[\s-]+/g, "_");

const timeZones = new Map<string, boolean>();
function knownTimeZone(value: string): boolean {
  let known = timeZones.get(value);
  if (known === undefined) {
    known = isTimeZone(value);
    if (timeZones.size < 1000) timeZones.set(value, known);
  }
  return known;
}

/** A date a spreadsheet writes (2030-01-15, 2030-01-15T14:00:00Z, 1/15/2030) as ISO, or null. */
function asDate(value: string): string | null {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return null;
  const date = new Date(time);
  const year = date.getUTCFullYear();
  return year >= MIN_YEAR && year <= MAX_YEAR ? date.toISOString() : null;
}

class RowProblem {
  constructor(
    readonly column: string | null,
    readonly reason: string,
  ) {}
}

/** Reads `cells` with the plan; the first problem found is the row's reason. */
export function readRow(cells: string[], plan: ColumnPlan, country: string): RowResult {
  if (cells.length > plan.width) {
    const extra = cells.slice(plan.width).some((cell) => cell.trim() !== "");
    if (extra)
      return {
        ok: false,
        column: null,
        reason: `This row has ${countFilled(cells)} cells but the header has ${plan.width}: a value may hold an unquoted delimiter. Put the value in quotes or remove the extra cells`,
      };
  }
  try {
    return { ok: true, contact: draft(cells, plan, country) };
  } catch (error) {
    if (error instanceof RowProblem) return { ok: false, column: error.column, reason: error.reason };
    throw error;
  }
}

/** Cells up to the last one with a value. */
function countFilled(cells: string[]): number {
  let n = cells.length;
  while (n > 0 && !cells[n - 1]!.trim()) n--;
  return n;
}

const label = (plan: ColumnPlan, field: ImportField) => plan.labels[field] ?? field;

/** The first non-empty cell among the field's columns ("" when none). */
function raw(cells: string[], plan: ColumnPlan, field: ImportField): string {
  const positions = plan.columns[field];
  if (!positions) return "";
  for (const position of positions) {
    const value = cleanCell(cells[position]);
    if (value) return value;
  }
  return "";
}

function text(cells: string[], plan: ColumnPlan, field: keyof typeof MAX_LENGTH): string | null {
  const value = raw(cells, plan, field);
  if (!value) return null;
  const max = MAX_LENGTH[field];
  if (value.length > max) {
    const name = label(plan, field);
    throw new RowProblem(name, `${name} is longer than ${max} characters (it has ${value.length})`);
  }
  return value;
}

function oneOf<T extends string>(
  cells: string[],
  plan: ColumnPlan,
  field: ImportField,
  aliases: Record<string, T>,
  what: string,
  list: readonly string[],
): T | null {
  const value = raw(cells, plan, field);
  if (!value) return null;
  const found = aliases[asKey(value)];
  if (!found) throw new RowProblem(label(plan, field), `"${value}" is not ${what}: use ${list.join(", ")}`);
  return found;
}

function yesNo(cells: string[], plan: ColumnPlan, field: ImportField): boolean | null {
  const value = raw(cells, plan, field);
  if (!value) return null;
  const key = value.toLowerCase();
  if (YES.has(key)) return true;
  if (NO.has(key)) return false;
  throw new RowProblem(label(plan, field), `"${value}" is not yes or no`);
}

function wholeNumber(
  cells: string[],
  plan: ColumnPlan,
  field: ImportField,
  range: [number, number],
  what: string,
): number | null {
  const value = raw(cells, plan, field);
  if (!value) return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < range[0] || n > range[1])
    throw new RowProblem(label(plan, field), `"${value}" is not ${what}`);
  return n;
}

function date(cells: string[], plan: ColumnPlan, field: ImportField): string | null {
  const value = raw(cells, plan, field);
  if (!value) return null;
  const iso = asDate(value);
  if (!iso)
    throw new RowProblem(
      label(plan, field),
      `"${value}" is not a date: use 2030-01-15 or 2030-01-15T14:00:00Z`,
    );
  return iso;
}

function tagList(cells: string[], plan: ColumnPlan): string[] | null {
  const value = raw(cells, plan, "tags");
  if (!value) return null;
  const tags = [
    ...new Set(
      value
        .split(/[,;]/)
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
  if (tags.some((tag) => tag.length > MAX_TAG_LENGTH))
    throw new RowProblem(label(plan, "tags"), `A tag is longer than ${MAX_TAG_LENGTH} characters`);
  if (tags.length > MAX_TAGS)
    throw new RowProblem(
      label(plan, "tags"),
      `A contact can have at most ${MAX_TAGS} tags (this row has ${tags.length})`,
    );
  return tags.length > 0 ? tags : null;
}

function draft(cells: string[], plan: ColumnPlan, country: string): ContactDraft {
  // Name: its own column, or first and last name joined.
  let name = raw(cells, plan, "name");
  if (!name) name = [raw(cells, plan, "firstName"), raw(cells, plan, "lastName")].filter(Boolean).join(" ");
  if (!name) throw new RowProblem(plan.labels.name ?? plan.labels.firstName ?? "Name", NAME_REQUIRED);
  if (name.length > MAX_LENGTH.name)
    throw new RowProblem(
      plan.labels.name ?? "Name",
      `Name is longer than ${MAX_LENGTH.name} characters (it has ${name.length})`,
    );

  const phoneNumber = text(cells, plan, "phoneNumber");
  let e164: string | null = null;
  if (phoneNumber) {
    e164 = phoneE164(phoneNumber, country);
    if (!e164) throw new RowProblem(label(plan, "phoneNumber"), `"${phoneNumber}" is not a phone number`);
  }

  let email = text(cells, plan, "email");
  if (email) {
    email = email.toLowerCase();
    if (!EMAIL.test(email))
      throw new RowProblem(
        label(plan, "email"),
        `"${raw(cells, plan, "email")}" is not a valid email address`,
      );
  }

  const tags = tagList(cells, plan);
  const timezone = text(cells, plan, "timezone");
  if (timezone && !knownTimeZone(timezone))
    throw new RowProblem(
      label(plan, "timezone"),
      `"${timezone}" is not a time zone: use a name such as America/New_York`,
    );

  return {
    name,
    phoneNumber,
    phoneE164: e164,
    email,
    company: text(cells, plan, "company"),
    notes: text(cells, plan, "notes"),
    preferredContactMethod: oneOf(
      cells,
      plan,
      "preferredContactMethod",
      METHOD_ALIASES,
      "a contact method",
      PREFERRED_CONTACT_METHODS,
    ),
    mailingAddress: text(cells, plan, "mailingAddress"),
    address: text(cells, plan, "address"),
    website: text(cells, plan, "website"),
    industry: text(cells, plan, "industry"),
    businessType: text(cells, plan, "businessType"),
    tags,
    isFavorite: yesNo(cells, plan, "isFavorite"),
    doNotCall: yesNo(cells, plan, "doNotCall"),
    leadSource: oneOf(cells, plan, "leadSource", SOURCE_ALIASES, "a lead source", LEAD_SOURCES),
    leadScore: wholeNumber(
      cells,
      plan,
      "leadScore",
      [0, 100],
      "a lead score: use a whole number from 0 to 100",
    ),
    contactStatus: oneOf(cells, plan, "contactStatus", STATUS_ALIASES, "a status", CONTACT_STATUSES),
    preferredContactTime: text(cells, plan, "preferredContactTime"),
    timezone,
    lastCalled: date(cells, plan, "lastCalled"),
    lastContactAttempt: date(cells, plan, "lastContactAttempt"),
    callCount: wholeNumber(cells, plan, "callCount", [0, MAX_INT4], "a number of calls: use a whole number"),
  };
}
