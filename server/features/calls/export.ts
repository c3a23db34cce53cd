import type { Readable } from "node:stream";
import { type SQL, sql } from "drizzle-orm";
import { CALL_DISPOSITION_LABELS, CALL_DISPOSITIONS } from "../../../common/calls";
import { calls } from "../../db/schema";
import { csvFileStream, datedCsvName } from "../../http/csv";

// The formatter moved to server/http/csv.ts (contacts and leads export too); kept reachable here.
export { csvCell, csvLine, flattenBatches } from "../../http/csv";

/** What the call came to, as the screens name it ("Call back"); empty when it came to nothing. */
const outcomeLabel = sql`case ${calls.disposition} ${sql.join(
  CALL_DISPOSITIONS.map((code) => sql`when ${code} then ${CALL_DISPOSITION_LABELS[code]}`),
  sql` `,
)} else '' end`;

/**
 * The export's columns: header and the SQL that produces each cell as plain text. Every value
 * in here (the time zone included) is a bound parameter: the export runs as an ordinary query
 * streamed through a cursor, never as SQL text with values pasted in.
 */
export function exportColumns(timeZone: string): Record<string, SQL> {
  return {
    Date: sql`to_char(${calls.startTime} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
    "Phone Number": sql`${calls.phoneNumber}`,
    "Caller Name": sql`coalesce(${calls.callerName}, '')`,
    Direction: sql`${calls.direction}`,
    Classification: sql`coalesce(${calls.classification}, '')`,
    Status: sql`${calls.status}`,
    Outcome: outcomeLabel,
    "Duration (seconds)": sql`${calls.duration}::text`,
    Importance: sql`${calls.importance}::text`,
    Sentiment: sql`coalesce(${calls.sentiment}, '')`,
    Satisfaction: sql`coalesce(${calls.customerSatisfaction}::text, '')`,
    "Follow-up Required": sql`case when ${calls.followUpRequired} then 'yes' else 'no' end`,
    "Action Taken": sql`${calls.actionTaken}`,
    Summary: sql`coalesce(${calls.summary}, '')`,
    Transcript: sql`${calls.transcript}`,
  };
}

export const EXPORT_HEADERS = Object.keys(exportColumns("UTC"));

/** The CSV file as a stream, in EXPORT_HEADERS' columns (see server/http/csv.ts). */
export function csvStream(rows: AsyncIterable<readonly unknown[]>): Readable {
  return csvFileStream(EXPORT_HEADERS, rows);
}

export function exportFileName(now: Date, timeZone: string): string {
  return datedCsvName("call-history", now, timeZone);
}
