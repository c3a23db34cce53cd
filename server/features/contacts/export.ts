import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { contacts } from "../../db/schema";

/**
 * The contacts and leads exports' columns: the header and the SQL giving each cell as text.
 * Every value (the time zone included) is a bound parameter. The first five are the spec's
 * import columns (Name, Phone, Email, Company, Notes), so an export imports again as it is.
 */

const text = (column: SQL | AnyPgColumn) => sql`coalesce(${column}::text, '')`;
const when = (column: AnyPgColumn, timeZone: string) =>
  sql`coalesce(to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS'), '')`;
const yesNo = (column: AnyPgColumn) => sql`case when ${column} then 'true' else 'false' end`;
const tags = sql`array_to_string(${contacts.tags}, ', ')`;

/** GET /api/contacts/export: every field of the contact. */
export function contactColumns(timeZone: string): Record<string, SQL> {
  return {
    Name: sql`${contacts.name}`,
    Phone: text(contacts.phoneNumber),
    Email: text(contacts.email),
    Company: text(contacts.company),
    Notes: text(contacts.notes),
    "Phone (E.164)": text(contacts.phoneE164),
    "Preferred Contact Method": sql`${contacts.preferredContactMethod}`,
    "Mailing Address": text(contacts.mailingAddress),
    Address: text(contacts.address),
    Website: text(contacts.website),
    Tags: tags,
    Industry: text(contacts.industry),
    "Business Type": text(contacts.businessType),
    Favorite: yesNo(contacts.isFavorite),
    "Do Not Call": yesNo(contacts.doNotCall),
    "Lead Source": sql`${contacts.leadSource}`,
    "Lead Score": sql`${contacts.leadScore}::text`,
    Status: sql`${contacts.contactStatus}`,
    "Preferred Contact Time": text(contacts.preferredContactTime),
    "Time Zone": sql`${contacts.timezone}`,
    "Last Called": when(contacts.lastCalled, timeZone),
    "Last Contact Attempt": when(contacts.lastContactAttempt, timeZone),
    "Call Count": sql`${contacts.callCount}::text`,
    "Communication Channels": text(sql`${contacts.communicationChannels}`),
    "SerpAPI Data": text(sql`${contacts.serpApiData}`),
    "Campaign Id": text(sql`${contacts.campaignId}`),
    "Import Batch": text(contacts.importBatch),
    "Upload Date": when(contacts.uploadDate, timeZone),
    Created: when(contacts.createdAt, timeZone),
    Updated: when(contacts.updatedAt, timeZone),
    Id: sql`${contacts.id}::text`,
  };
}

/** GET /api/leads/export: spec 3 §3's "Contact (lead side)". */
export function leadColumns(timeZone: string): Record<string, SQL> {
  return {
    Id: sql`${contacts.id}::text`,
    Name: sql`${contacts.name}`,
    Company: text(contacts.company),
    Email: text(contacts.email),
    Phone: text(contacts.phoneNumber),
    Address: text(contacts.address),
    Website: text(contacts.website),
    Notes: text(contacts.notes),
    Industry: text(contacts.industry),
    "Business Type": text(contacts.businessType),
    "Lead Source": sql`${contacts.leadSource}`,
    "Lead Score": sql`${contacts.leadScore}::text`,
    Status: sql`${contacts.contactStatus}`,
    "Last Called": when(contacts.lastCalled, timeZone),
    "Call Count": sql`${contacts.callCount}::text`,
    "Search Location": text(sql`${contacts.serpApiData} ->> 'searchLocation'`),
    "Search Keyword": text(sql`${contacts.serpApiData} ->> 'searchKeyword'`),
    "Campaign Id": text(sql`${contacts.campaignId}`),
  };
}
