import { Readable, Transform } from "node:stream";
import { TZDate } from "@date-fns/tz";
import { stringify } from "csv-stringify";
import { format } from "date-fns";
import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import { calls } from "../../db/schema";

const BOM = "\uFEFF";

/**
 * OWASP CSV injection: a spreadsheet runs a cell starting with = + - @, tab or carriage return
 * as a formula. A leading apostrophe makes it plain text. Done in SQL, so PostgreSQL's own
 * COPY can produce the file.
 */
function safe(value: SQL): SQL {
  return sql`case when ${value} ~ '^[=+@\t\r-]' then '''' || ${value} else ${value} end`;
}

/** The export's columns: header and the SQL that produces each cell as text. */
export function exportColumns(timeZone: string): Record<string, SQL> {
  return {
    Date: sql`to_char(${calls.startTime} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
    "Phone Number": safe(sql`${calls.phoneNumber}`),
    "Caller Name": safe(sql`coalesce(${calls.callerName}, '')`),
    Direction: sql`${calls.direction}`,
    Classification: sql`coalesce(${calls.classification}, '')`,
    Status: sql`${calls.status}`,
    "Duration (seconds)": sql`${calls.duration}::text`,
    Importance: sql`${calls.importance}::text`,
    Sentiment: sql`coalesce(${calls.sentiment}, '')`,
    Satisfaction: sql`coalesce(${calls.customerSatisfaction}::text, '')`,
    "Follow-up Required": sql`case when ${calls.followUpRequired} then 'yes' else 'no' end`,
    "Action Taken": safe(sql`${calls.actionTaken}`),
    Summary: safe(sql`coalesce(${calls.summary}, '')`),
    Transcript: safe(sql`${calls.transcript}`),
  };
}

export const EXPORT_HEADERS = Object.keys(exportColumns("UTC"));

/**
 * COPY takes no bind parameters: put each one in as a quoted literal (pg's escapeLiteral).
 * Placeholders are replaced from the highest number down so $1 never eats the start of $10.
 */
export function inlineParams(query: { sql: string; params: unknown[] }): string {
  let text = query.sql;
  for (let i = query.params.length; i >= 1; i--) {
    const value = query.params[i - 1];
    const literal =
      value === null || value === undefined
        ? "NULL"
        : typeof value === "number" || typeof value === "boolean"
          ? String(value)
          : pg.escapeLiteral(value instanceof Date ? value.toISOString() : String(value));
    text = text.replaceAll(`$${i}`, literal);
  }
  return text;
}

/**
 * COPY sends one small message per row; written one by one, a million rows become a million
 * HTTP chunks. Gathering them into 64 KB pieces makes the stream cost a few hundred writes.
 */
function coalesce(size = 64 * 1024): Transform {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= size) {
        this.push(Buffer.concat(pending, pendingBytes));
        pending = [];
        pendingBytes = 0;
      }
      done();
    },
    flush(done) {
      if (pendingBytes) this.push(Buffer.concat(pending, pendingBytes));
      done();
    },
  });
}

/** PostgreSQL: its own COPY writes the CSV; we prepend the byte-order mark and batch the bytes. */
export function copyCsvStream(copy: Promise<Readable>): Readable {
  const out = coalesce();
  out.write(Buffer.from(BOM));
  copy.then(
    (stream) => {
      stream.on("error", (error) => out.destroy(error));
      stream.pipe(out);
    },
    (error: unknown) => out.destroy(error as Error),
  );
  return out;
}

/** The embedded database: rows come in keyset batches of ready-made text cells. */
export function batchCsvStream(batches: AsyncIterable<string[][]>): Readable {
  const csv = stringify({ header: true, columns: EXPORT_HEADERS, bom: true });
  const source = Readable.from(
    (async function* () {
      for await (const batch of batches) for (const record of batch) yield record;
    })(),
    { objectMode: true },
  );
  source.on("error", (error) => csv.destroy(error));
  return source.pipe(csv);
}

export function exportFileName(now: Date, timeZone: string): string {
  return `call-history-${format(new TZDate(now.getTime(), timeZone), "yyyy-MM-dd")}.csv`;
}
