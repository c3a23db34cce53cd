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
import QueryStream from "pg-query-stream";
import { projectPath } from "../paths";
import * as schema from "./schema";
import { takeTurns } from "./take-turns";

export type Schema = typeof schema;
/** The one database type the repositories see, whichever engine is underneath. */
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
   * bulk exports in constant memory. The values stay bound parameters: no SQL is ever built by
   * pasting values into its text (COPY cannot take parameters, which is why this is not COPY).
   */
  streamRows?: (query: BoundQuery) => AsyncIterable<unknown[]>;
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
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    engine: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: () => pingWith(db),
    close: () => client.close(),
  };
}

export function openPostgres(connectionString: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Db;
  return {
    db,
    engine: "postgres",
    migrate: () => migratePostgres(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    streamRows: (query) => streamRows(pool, query),
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
