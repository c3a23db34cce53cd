import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { contacts } from "../../db/schema";
import { shownZone } from "./zone-filter";

/**
 * The contacts and leads exports' columns: the header and the SQL giving each cell as the CSV
 * writes it. The database writes the file itself (COPY, server/db/copy-out.ts), so the cells'
 * rules are said here in SQL, the same as csvCell's in server/http/csv.ts:
 * - a cell starting with = + - @, a tab or a carriage return gets a leading apostrophe, so a
 *   spreadsheet does not run it as a formula (OWASP CSV injection);
 * - an empty text is written as an empty cell, as a null is (COPY would write it as "");
 * - instants are written "YYYY-MM-DD HH:MM:SS" in the workspace's time zone: the export sets the
 *   transaction's TimeZone to it (cheaper than naming the zone in each cell) and DateStyle to ISO
 *   (exportSettings), and each instant goes out as a timestamp cut to the second, in the
 *   database's own output format (on PGlite half the cost of to_char's pattern).
 * Quoting (a cell with a comma, a quote or a line break) is COPY's own, to RFC 4180.
 * The first five columns are the spec's import columns (Name, Phone, Email, Company, Notes), so
 * an export imports again as it is.
 */
export type ExportColumns = Record<string, SQL>;

/** Text a person may have typed, or any value that could start with a formula character. */
const text = (value: SQL | AnyPgColumn): SQL =>
  sql`case when ascii((${value})::text) in (9, 13, 43, 45, 61, 64) then '''' || (${value})::text else nullif((${value})::text, '') end`;
/**
 * A value from a fixed list or a number the API keeps in range (status, lead source, preferred
 * contact method, lead score 0-100, call count): none starts with a formula character, so the
 * test is spared (each test costs the database about 0.1 µs a cell; the export writes millions).
 */
const known = (value: AnyPgColumn | SQL): SQL => sql`${value}::text`;
/** An id: hexadecimal digits and dashes, nothing to guard. */
const id = (column: AnyPgColumn): SQL => sql`${column}::text`;
/** A number in E.164 always starts with +: always guarded, without a test. */
const e164 = (column: AnyPgColumn): SQL => sql`'''' || ${column}`;
const instant = (column: AnyPgColumn): SQL => sql`date_trunc('second', ${column})::timestamp`;
const yesNo = (column: AnyPgColumn): SQL => sql`case when ${column} then 'true' else 'false' end`;
const tags = text(sql`array_to_string(${contacts.tags}, ', ')`);

/**
 * The settings an export runs under: instants in the workspace's zone, in ISO's order; and a
 * plan that reads the range in the index's order. Each range is planned once and run once, and
 * its bounds are settings the planner cannot see, so on PostgreSQL (1,000,000 contacts, ranges
 * of 100,000) it chose two parallel workers each sorting its share on disk, plus JIT
 * compilation: 640-880 ms a range, against 260 ms for the ordered index scan it takes without
 * them.
 */
export const exportSettings = (timeZone: string): Record<string, string> => ({
  TimeZone: timeZone,
  DateStyle: "ISO, MDY",
  jit: "off",
  max_parallel_workers_per_gather: "0",
});

/** GET /api/contacts/export: every field of the contact. */
export function contactColumns(): ExportColumns {
  return {
    Name: text(contacts.name),
    Phone: text(contacts.phoneNumber),
    Email: text(contacts.email),
    Company: text(contacts.company),
    Notes: text(contacts.notes),
    "Phone (E.164)": e164(contacts.phoneE164),
    "Preferred Contact Method": known(contacts.preferredContactMethod),
    "Mailing Address": text(contacts.mailingAddress),
    Address: text(contacts.address),
    Website: text(contacts.website),
    Tags: tags,
    Industry: text(contacts.industry),
    "Business Type": text(contacts.businessType),
    Favorite: yesNo(contacts.isFavorite),
    "Do Not Call": yesNo(contacts.doNotCall),
    "Lead Source": known(contacts.leadSource),
    "Lead Score": known(contacts.leadScore),
    Status: known(contacts.contactStatus),
    "Preferred Contact Time": text(contacts.preferredContactTime),
    // As the screens show it: the recorded zone, else the number's, else New York.
    "Time Zone": known(shownZone()),
    "Last Called": instant(contacts.lastCalled),
    "Last Contact Attempt": instant(contacts.lastContactAttempt),
    "Call Count": known(contacts.callCount),
    "Communication Channels": text(contacts.communicationChannels),
    "SerpAPI Data": text(contacts.serpApiData),
    "Campaign Id": id(contacts.campaignId),
    "Import Batch": text(contacts.importBatch),
    "Upload Date": instant(contacts.uploadDate),
    Created: instant(contacts.createdAt),
    Updated: instant(contacts.updatedAt),
    Id: id(contacts.id),
  };
}

/** GET /api/leads/export: the spec's "Contact (lead side)". */
export function leadColumns(): ExportColumns {
  return {
    Id: id(contacts.id),
    Name: text(contacts.name),
    Company: text(contacts.company),
    Email: text(contacts.email),
    Phone: text(contacts.phoneNumber),
    Address: text(contacts.address),
    Website: text(contacts.website),
    Notes: text(contacts.notes),
    Industry: text(contacts.industry),
    "Business Type": text(contacts.businessType),
    "Lead Source": known(contacts.leadSource),
    "Lead Score": known(contacts.leadScore),
    Status: known(contacts.contactStatus),
    "Last Called": instant(contacts.lastCalled),
    "Call Count": known(contacts.callCount),
    "Search Location": text(sql`${contacts.serpApiData} ->> 'searchLocation'`),
    "Search Keyword": text(sql`${contacts.serpApiData} ->> 'searchKeyword'`),
    "Campaign Id": id(contacts.campaignId),
  };
}
