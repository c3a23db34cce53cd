import { CSV_COLUMNS } from "../../../../common/business";

/**
 * Which column of an upload holds which contact field. Header cells are matched whatever their
 * case, spaces, underscores, hyphens and dots ("E-mail", "phone_number", "Lead Score"), by the
 * field's own name, a common alias ("Mobile", "Tel", "Organization", "Favourite"), or a
 * misspelling one letter away from either ("Compnay", "Adress"). A file whose first row names
 * no known field has no header: its columns are the spec's Name, Phone, Email, Company, Notes.
 *
 * Cells that match nothing are reported as unknown columns, never silently dropped. When two
 * columns hold the same field ("Phone" and "Mobile"), the first one's value is used and the
 * next one's when the first is empty.
 */

/** The fields an upload can fill, in the order the spec's form lists them. */
export const IMPORT_FIELDS = [
  "name",
  "firstName",
  "lastName",
  "phoneNumber",
  "email",
  "company",
  "notes",
  "preferredContactMethod",
  "mailingAddress",
  "address",
  "website",
  "industry",
  "businessType",
  "tags",
  "isFavorite",
  "doNotCall",
  "leadSource",
  "leadScore",
  "contactStatus",
  "preferredContactTime",
  "timezone",
  "lastCalled",
  "lastContactAttempt",
  "callCount",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The columns of a file without a header row, in order. */
export const HEADERLESS_COLUMNS = CSV_COLUMNS;
const HEADERLESS_FIELDS: ImportField[] = ["name", "phoneNumber", "email", "company", "notes"];

/** The names (normalised: lower-case letters and digits only) each field is known by. */
const ALIASES: Record<ImportField, string[]> = {
  name: ["name", "fullname", "contactname", "contact", "displayname", "customername", "clientname", "person"],
  firstName: ["firstname", "first", "givenname", "forename"],
  lastName: ["lastname", "last", "surname", "familyname"],
  phoneNumber: [
    "phone",
    "phonenumber",
    "phoneno",
    "telephone",
    "telephonenumber",
    "tel",
    "mobile",
    "mobilephone",
    "mobilenumber",
    "cell",
    "cellphone",
    "cellnumber",
    "contactnumber",
    "primaryphone",
    "workphone",
    "businessphone",
    "homephone",
    "number",
  ],
  email: ["email", "emailaddress", "mail", "emailaddr", "primaryemail", "workemail"],
  company: [
    "company",
    "companyname",
    "organization",
    "organisation",
    "org",
    "business",
    "businessname",
    "employer",
    "accountname",
  ],
  notes: ["notes", "note", "comments", "comment", "remarks", "description"],
  preferredContactMethod: ["preferredcontactmethod", "contactmethod", "preferredcontact", "preferredmethod"],
  mailingAddress: ["mailingaddress", "postaladdress", "mailaddress"],
  address: ["address", "streetaddress", "street", "location"],
  website: ["website", "web", "url", "site", "homepage", "websiteurl"],
  industry: ["industry", "sector"],
  businessType: ["businesstype", "typeofbusiness", "businesscategory", "category"],
  tags: ["tags", "tag", "labels", "label", "groups"],
  isFavorite: ["isfavorite", "favorite", "favourite", "isfavourite", "starred", "star"],
  doNotCall: ["donotcall", "dnc", "nocall", "donotphone"],
  leadSource: ["leadsource", "source"],
  leadScore: ["leadscore", "score"],
  contactStatus: ["contactstatus", "status", "leadstatus", "stage"],
  preferredContactTime: ["preferredcontacttime", "besttime", "besttimetocall", "contacttime"],
  timezone: ["timezone", "tz"],
  lastCalled: ["lastcalled", "lastcall"],
  lastContactAttempt: ["lastcontactattempt", "lastattempt"],
  callCount: ["callcount", "numberofcalls", "calls"],
};

/** Lower-case letters and digits only: "E-mail" and "e_mail" are both "email". */
export function normaliseHeader(cell: string): string {
  return cell
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

const EXACT = new Map<string, ImportField>();
for (const field of IMPORT_FIELDS) for (const alias of ALIASES[field]) EXACT.set(alias, field);

/** Optimal string alignment distance, stopping early past 1. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length && i === b.length) return true;
  const restA = a.slice(i);
  const restB = b.slice(i);
  return (
    restA.slice(1) === restB.slice(1) || // a changed letter
    restA.slice(1) === restB || // a letter too many
    restA === restB.slice(1) || // a letter missing
    (restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2)) // two swapped
  );
}

/** The field a header cell names, or null. A misspelling must be one letter from a single field's name. */
export function fieldForHeader(cell: string): ImportField | null {
  const key = normaliseHeader(cell);
  if (!key) return null;
  const exact = EXACT.get(key);
  if (exact) return exact;
  // Short names are too close to each other ("tel", "tag") for a guess to be safe.
  if (key.length < 5) return null;
  const near = new Set<ImportField>();
  for (const [alias, field] of EXACT) if (alias.length >= 5 && withinOneEdit(key, alias)) near.add(field);
  return near.size === 1 ? [...near][0]! : null;
}

/** Where each field is read from: column positions, first choice first. */
export type ColumnPlan = {
  hasHeader: boolean;
  /** The header as the rejects file repeats it (the spec's columns for a file without one). */
  header: string[];
  /** How many columns a row is expected to have. */
  width: number;
  columns: Partial<Record<ImportField, number[]>>;
  /** The header cell each field was read from, for reasons ("E-mail: ..."). */
  labels: Partial<Record<ImportField, string>>;
  unknownColumns: string[];
};

/** Reads the first row: a header when it names at least one known field. */
export function planColumns(firstRow: string[]): ColumnPlan {
  const fields = firstRow.map((cell) => fieldForHeader(cell));
  if (fields.some((field) => field !== null)) {
    const columns: ColumnPlan["columns"] = {};
    const labels: ColumnPlan["labels"] = {};
    const unknownColumns: string[] = [];
    fields.forEach((field, index) => {
      const label = firstRow[index]!.trim();
      if (!field) {
        if (label) unknownColumns.push(label);
        return;
      }
      const positions = columns[field] ?? [];
      positions.push(index);
      columns[field] = positions;
      labels[field] ??= label;
    });
    // Trailing empty header cells (a spreadsheet's "Name,Phone,,") widen nothing.
    let width = firstRow.length;
    while (width > 0 && !firstRow[width - 1]!.trim()) width--;
    return { hasHeader: true, header: firstRow, width, columns, labels, unknownColumns };
  }
  return headerlessPlan();
}

export function headerlessPlan(): ColumnPlan {
  const columns: ColumnPlan["columns"] = {};
  const labels: ColumnPlan["labels"] = {};
  HEADERLESS_FIELDS.forEach((field, index) => {
    columns[field] = [index];
    labels[field] = HEADERLESS_COLUMNS[index]!;
  });
  return {
    hasHeader: false,
    header: [...HEADERLESS_COLUMNS],
    width: HEADERLESS_COLUMNS.length,
    columns,
    labels,
    unknownColumns: [],
  };
}

/** The header a stored import was read with, planned again (a rerun of a queued import). */
export function planFromStored(header: string[], hasHeader: boolean): ColumnPlan {
  return hasHeader ? planColumns(header) : headerlessPlan();
}
