import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import QueryStream from "pg-query-stream";
import { projectPath } from "../paths";
import { copyQueryText, copyStatement, probeName, settingName, settingText } from "./copy-out";
import { copySink } from "./pglite-copy-sink";
import * as schema from "./schema";
import { takeTurns } from "./take-turns";

export type Schema = typeof schema;
/**
 * The one database type the repositories see, whichever engine is underneath: Drizzle's common
 * base of a database and a transaction (`PgTransaction` extends `PgDatabase`), so a repository
 * or a service method takes the app's database and a caller's transaction alike, without casts.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** SQL text with $1..$n placeholders and their values, as Drizzle's `toSQL()` gives it. */
export type BoundQuery = { sql: string; params: unknown[] };

export type Database = {
  db: Db;
  engine: "pglite" | "postgres";
  /** Applies committed migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /**
   * PostgreSQL only: a query's rows (as arrays of column values) streamed through a cursor, for
   * bulk exports in constant memory (the calls export). The values stay bound parameters: no SQL
   * is ever built by pasting values into its text. Exports the database can write itself use
   * copyCsv below, which keeps values out of the text through settings instead.
   */
  streamRows?: (query: BoundQuery) => AsyncIterable<unknown[]>;
  /**
   * A query's rows as CSV written by the database (COPY; see copy-out.ts): UTF-8 bytes in
   * pieces cut anywhere, with line-feed line ends and no header. `settings` are set for the export alone (set_config
   * local to its transaction), for example the TimeZone its instants are written in.
   */
  copyCsv(query: BoundQuery, settings?: Record<string, string>): AsyncIterable<Uint8Array>;
  /** Connectivity check for /api/health. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

const MIGRATIONS_FOLDER = projectPath("server/db/migrations");

/** Extensions PGlite must load to run our migrations (PostgreSQL has them built in). */
export const pgliteExtensions = { pg_trgm };

/**
 * How every embedded database is opened. PGlite's default 128 MB buffer pool is resident WASM
 * memory that never shrinks; its files are read through the operating system's page cache
 * anyway, so a small pool costs little speed and keeps the server about 100 MB lighter.
 */
export const pgliteOptions = {
  extensions: pgliteExtensions,
  postgresqlconf: ["shared_buffers = 32MB"],
};

export function openPglite(client: PGlite): Database {
  takeTurns(client);
  const orm = drizzlePglite({ client, schema });
  const db: Db = orm;
  return {
    db,
    engine: "pglite",
    migrate: () => migratePglite(orm, { migrationsFolder: MIGRATIONS_FOLDER }),
    copyCsv: (query, settings) => copyCsvPglite(client, query, settings ?? {}),
    ping: () => pingWith(db),
    close: () => client.close(),
  };
}

export function openPostgres(connectionString: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const orm = drizzlePostgres({ client: pool, schema });
  const db: Db = orm;
  return {
    db,
    engine: "postgres",
    migrate: () => migratePostgres(orm, { migrationsFolder: MIGRATIONS_FOLDER }),
    streamRows: (query) => streamRows(pool, query),
    copyCsv: (query, settings) => copyCsvPostgres(pool, query, settings ?? {}),
    ping: () => pingWith(db),
    close: () => pool.end(),
  };
}

/** DATABASE_URL selects a PostgreSQL server; otherwise an embedded PGlite lives in DATA_DIR. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const dir = path.join(options.dataDir, "pgdata");
  mkdirSync(dir, { recursive: true });
  // Imported here: a server on PostgreSQL never loads the embedded engine (about 35 MB).
  const { PGlite } = await import("@electric-sql/pglite");
  const client = await PGlite.create(dir, pgliteOptions);
  return openPglite(client);
}

/**
 * Rows fetched from the cursor per round trip: big enough to keep the wire busy, small in memory.
 * Small for the garbage collector too: a batch's rows (and the stream's buffer of as many) are
 * live young objects that every scavenge copies until they are written out. The contacts
 * export of a million rows spent 1.5-1.8 s in scavenges at 2,000 rows a batch, 0.6-0.7 s at 500
 * (about 12% more rows/s); at 250 it gains little more and doubles the round trips.
 */
const CURSOR_BATCH_ROWS = 500;

/**
 * Streams a bound query's rows through a server-side cursor on a client of its own. The client
 * goes back to the pool when the rows are read to the end; a stream abandoned half-way (the
 * browser went away) or failed discards its connection, so no half-read cursor is reused.
 */
async function* streamRows(pool: pg.Pool, query: BoundQuery): AsyncGenerator<unknown[]> {
  const client = await pool.connect();
  let finished = false;
  try {
    const rows = client.query(
      new QueryStream(query.sql, query.params, { rowMode: "array", batchSize: CURSOR_BATCH_ROWS }),
    );
    for await (const row of rows) yield row as unknown[];
    finished = true;
  } finally {
    client.release(finished ? undefined : true);
  }
}

async function pingWith(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

type Run = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * The parameter types of each COPY query's text, asked once: an export's ranges share their
 * text (only the values differ), and planning a wide query to learn them costs the embedded
 * engine a few milliseconds a range. Emptied when full; the texts come from code, not requests.
 */
const parameterTypes = new Map<string, string[]>();
const PARAMETER_TYPES_KEPT = 200;

async function parameterTypesOf(run: Run, text: string): Promise<string[]> {
  const known = parameterTypes.get(text);
  if (known) return known;
  const probe = probeName();
  await run(`PREPARE ${probe} AS ${text}`);
  const { rows } = await run(
    "select parameter_types::text[] as types from pg_prepared_statements where name = $1",
    [probe],
  );
  await run(`DEALLOCATE ${probe}`);
  const types = ((rows[0] as { types: string[] | null } | undefined)?.types ?? []) as string[];
  if (parameterTypes.size >= PARAMETER_TYPES_KEPT) parameterTypes.clear();
  parameterTypes.set(text, types);
  return types;
}

/**
 * Inside the export's transaction: the types of the query's parameters (PREPARE;
 * pg_prepared_statements), then the values and the settings set local to the transaction
 * (bound set_config calls in one statement); answers the query's text reading them (copyQueryText).
 */
async function prepareCopy(run: Run, query: BoundQuery, settings: Record<string, string>): Promise<string> {
  const types = await parameterTypesOf(run, query.sql);
  const values: [string, string][] = [
    ...Object.entries(settings),
    ...query.params.map((value, i): [string, string] => [settingName(i), settingText(value)]),
  ];
  if (values.length > 0)
    await run(
      `select ${values.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(", ")}`,
      values.flat(),
    );
  return copyQueryText(query, types);
}

/**
 * The embedded database writes a COPY into memory (our device, pglite-copy-sink.ts, or else its
 * own /dev/blob), handed over whole: callers keep each query to a bounded number of rows. The
 * transaction holds the database, so the settings cannot leak into another request's queries,
 * nor another export into the device.
 */
async function* copyCsvPglite(
  client: PGlite,
  query: BoundQuery,
  settings: Record<string, string>,
): AsyncGenerator<Uint8Array> {
  const bytes = await client.transaction(async (tx) => {
    const copy = await prepareCopy((sql, params) => tx.query(sql, params), query, settings);
    const sink = copySink(client);
    if (sink) {
      sink.reset();
      await tx.query(copyStatement(copy, `'${sink.path}'` as const));
      return sink.take();
    }
    const result = await tx.query(copyStatement(copy, "'/dev/blob'"));
    return result.blob ? new Uint8Array(await result.blob.arrayBuffer()) : null;
  });
  if (bytes?.length) yield bytes;
}

/**
 * PostgreSQL streams the COPY on a client of its own, in a read-only transaction. As with the
 * cursor above: read to the end, the client goes back to the pool; abandoned or failed, its
 * connection is discarded.
 */
async function* copyCsvPostgres(
  pool: pg.Pool,
  query: BoundQuery,
  settings: Record<string, string>,
): AsyncGenerator<Uint8Array> {
  const client = await pool.connect();
  let finished = false;
  try {
    await client.query("BEGIN READ ONLY");
    const copy = await prepareCopy((sql, params) => client.query(sql, params), query, settings);
    for await (const piece of client.query(copyTo(copyStatement(copy, "STDOUT")))) yield piece as Buffer;
    await client.query("COMMIT");
    finished = true;
  } finally {
    client.release(finished ? undefined : true);
  }
}
