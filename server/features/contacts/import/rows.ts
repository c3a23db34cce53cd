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

function draft(cells: string[], plan: ColumnPlan, country: string): ContactDraft {
  const label = (field: ImportField) => plan.labels[field] ?? field;
  /** The first non-empty cell among the field's columns. */
  const raw = (field: ImportField): string => {
    const positions = plan.columns[field];
    if (!positions) return "";
    for (const position of positions) {
      const value = cleanCell(cells[position]);
      if (value) return value;
    }
    return "";
  };
  const text = (field: keyof typeof MAX_LENGTH): string | null => {
    const value = raw(field);
    if (!value) return null;
    const max = MAX_LENGTH[field];
    if (value.length > max)
      throw new RowProblem(
        label(field),
        `${label(field)} is longer than ${max} characters (it has ${value.length})`,
      );
    return value;
  };
  const oneOf = <T extends string>(
    field: ImportField,
    aliases: Record<string, T>,
    what: string,
    list: readonly string[],
  ) => {
    const value = raw(field);
    if (!value) return null;
    const found = aliases[asKey(value)];
    if (!found) throw new RowProblem(label(field), `"${value}" is not ${what}: use ${list.join(", ")}`);
    return found;
  };
  const yesNo = (field: ImportField): boolean | null => {
    const value = raw(field).toLowerCase();
    if (!value) return null;
    if (YES.has(value)) return true;
    if (NO.has(value)) return false;
    throw new RowProblem(label(field), `"${raw(field)}" is not yes or no`);
  };
  const wholeNumber = (field: ImportField, min: number, max: number, what: string): number | null => {
    const value = raw(field);
    if (!value) return null;
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new RowProblem(label(field), `"${value}" is not ${what}`);
    return n;
  };
  const date = (field: ImportField): string | null => {
    const value = raw(field);
    if (!value) return null;
    const iso = asDate(value);
    if (!iso)
      throw new RowProblem(label(field), `"${value}" is not a date: use 2030-01-15 or 2030-01-15T14:00:00Z`);
    return iso;
  };

  // Name: its own column, or first and last name joined.
  let name = raw("name");
  if (!name) name = [raw("firstName"), raw("lastName")].filter(Boolean).join(" ");
  if (!name) throw new RowProblem(plan.labels.name ?? plan.labels.firstName ?? "Name", NAME_REQUIRED);
  if (name.length > MAX_LENGTH.name)
    throw new RowProblem(
      plan.labels.name ?? "Name",
      `Name is longer than ${MAX_LENGTH.name} characters (it has ${name.length})`,
    );

  const phoneNumber = text("phoneNumber");
  let e164: string | null = null;
  if (phoneNumber) {
    e164 = phoneE164(phoneNumber, country);
    if (!e164) throw new RowProblem(label("phoneNumber"), `"${phoneNumber}" is not a phone number`);
  }

  let email = text("email");
  if (email) {
    email = email.toLowerCase();
    if (!EMAIL.test(email))
      throw new RowProblem(label("email"), `"${raw("email")}" is not a valid email address`);
  }

  let tags: string[] | null = null;
  const tagText = raw("tags");
  if (tagText) {
    tags = [
      ...new Set(
        tagText
          .split(/[,;]/)
          .map((tag) => tag.trim())
          .filter(Boolean),
      ),
    ];
    if (tags.some((tag) => tag.length > MAX_TAG_LENGTH))
      throw new RowProblem(label("tags"), `A tag is longer than ${MAX_TAG_LENGTH} characters`);
    if (tags.length > MAX_TAGS)
      throw new RowProblem(
        label("tags"),
        `A contact can have at most ${MAX_TAGS} tags (this row has ${tags.length})`,
      );
    if (tags.length === 0) tags = null;
  }

  const timezone = text("timezone");
  if (timezone && !knownTimeZone(timezone))
    throw new RowProblem(
      label("timezone"),
      `"${timezone}" is not a time zone: use a name such as America/New_York`,
    );

  return {
    name,
    phoneNumber,
    phoneE164: e164,
    email,
    company: text("company"),
    notes: text("notes"),
    preferredContactMethod: oneOf(
      "preferredContactMethod",
      METHOD_ALIASES,
      "a contact method",
      PREFERRED_CONTACT_METHODS,
    ),
    mailingAddress: text("mailingAddress"),
    address: text("address"),
    website: text("website"),
    industry: text("industry"),
    businessType: text("businessType"),
    tags,
    isFavorite: yesNo("isFavorite"),
    doNotCall: yesNo("doNotCall"),
    leadSource: oneOf("leadSource", SOURCE_ALIASES, "a lead source", LEAD_SOURCES),
    leadScore: wholeNumber("leadScore", 0, 100, "a lead score: use a whole number from 0 to 100"),
    contactStatus: oneOf("contactStatus", STATUS_ALIASES, "a status", CONTACT_STATUSES),
    preferredContactTime: text("preferredContactTime"),
    timezone,
    lastCalled: date("lastCalled"),
    lastContactAttempt: date("lastContactAttempt"),
    callCount: wholeNumber("callCount", 0, MAX_INT4, "a number of calls: use a whole number"),
  };
}
