import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { contacts } from "../../db/schema";
import { zonedTimeFormatter } from "./zoned-time";

/**
 * The contacts and leads exports' columns: the header and the SQL giving each cell. Every value
 * is a bound parameter. The first five are the spec's import columns (Name, Phone, Email,
 * Company, Notes), so an export imports again as it is.
 *
 * Text columns go as they are (a null is an empty cell). Instants go as seconds since 1970 and
 * are written in the workspace's time zone here (`exportRowShaper`, zoned-time.ts): formatting
 * them in the database (to_char ... at time zone) was the costliest part of the contacts export.
 */

/** A column: its SQL and, for an instant, that the cell is written in the workspace's zone. */
export type ExportColumn = { value: SQL; instant?: true };
export type ExportColumns = Record<string, ExportColumn>;

const plain = (value: SQL | AnyPgColumn): ExportColumn => ({ value: sql`${value}` });
const asText = (value: SQL | AnyPgColumn): ExportColumn => ({ value: sql`${value}::text` });
const instant = (column: AnyPgColumn): ExportColumn => ({
  value: sql`date_part('epoch', ${column})`,
  instant: true,
});
const yesNo = (column: AnyPgColumn): ExportColumn => ({
  value: sql`case when ${column} then 'true' else 'false' end`,
});
const tags: ExportColumn = { value: sql`array_to_string(${contacts.tags}, ', ')` };

/** The columns' SQL by header, for the repository's query. */
export function exportSelect(columns: ExportColumns): Record<string, SQL> {
  return Object.fromEntries(Object.entries(columns).map(([header, column]) => [header, column.value]));
}

/**
 * Turns a row as the database sends it (values in header order) into the CSV's cells: each
 * instant written as "YYYY-MM-DD HH:MM:SS" in the zone. The row is changed in place: it is the
 * stream's own array, read once.
 */
export function exportRowShaper(columns: ExportColumns, timeZone: string): (row: unknown[]) => unknown[] {
  const instants = Object.values(columns).flatMap((column, index) => (column.instant ? [index] : []));
  if (instants.length === 0) return (row) => row;
  const inZone = zonedTimeFormatter(timeZone);
  return (row) => {
    for (const index of instants) row[index] = inZone(row[index]);
    return row;
  };
}

/** GET /api/contacts/export: every field of the contact. */
export function contactColumns(): ExportColumns {
  return {
    Name: plain(contacts.name),
    Phone: plain(contacts.phoneNumber),
    Email: plain(contacts.email),
    Company: plain(contacts.company),
    Notes: plain(contacts.notes),
    "Phone (E.164)": plain(contacts.phoneE164),
    "Preferred Contact Method": plain(contacts.preferredContactMethod),
    "Mailing Address": plain(contacts.mailingAddress),
    Address: plain(contacts.address),
    Website: plain(contacts.website),
    Tags: tags,
    Industry: plain(contacts.industry),
    "Business Type": plain(contacts.businessType),
    Favorite: yesNo(contacts.isFavorite),
    "Do Not Call": yesNo(contacts.doNotCall),
    "Lead Source": plain(contacts.leadSource),
    "Lead Score": asText(contacts.leadScore),
    Status: plain(contacts.contactStatus),
    "Preferred Contact Time": plain(contacts.preferredContactTime),
    "Time Zone": plain(contacts.timezone),
    "Last Called": instant(contacts.lastCalled),
    "Last Contact Attempt": instant(contacts.lastContactAttempt),
    "Call Count": asText(contacts.callCount),
    "Communication Channels": asText(contacts.communicationChannels),
    "SerpAPI Data": asText(contacts.serpApiData),
    "Campaign Id": asText(contacts.campaignId),
    "Import Batch": plain(contacts.importBatch),
    "Upload Date": instant(contacts.uploadDate),
    Created: instant(contacts.createdAt),
    Updated: instant(contacts.updatedAt),
    Id: asText(contacts.id),
  };
}

/** GET /api/leads/export: spec 3 §3's "Contact (lead side)". */
export function leadColumns(): ExportColumns {
  return {
    Id: asText(contacts.id),
    Name: plain(contacts.name),
    Company: plain(contacts.company),
    Email: plain(contacts.email),
    Phone: plain(contacts.phoneNumber),
    Address: plain(contacts.address),
    Website: plain(contacts.website),
    Notes: plain(contacts.notes),
    Industry: plain(contacts.industry),
    "Business Type": plain(contacts.businessType),
    "Lead Source": plain(contacts.leadSource),
    "Lead Score": asText(contacts.leadScore),
    Status: plain(contacts.contactStatus),
    "Last Called": instant(contacts.lastCalled),
    "Call Count": asText(contacts.callCount),
    "Search Location": plain(sql`${contacts.serpApiData} ->> 'searchLocation'`),
    "Search Keyword": plain(sql`${contacts.serpApiData} ->> 'searchKeyword'`),
    "Campaign Id": asText(contacts.campaignId),
  };
}
