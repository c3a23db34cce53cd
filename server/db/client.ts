import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
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
import { projectPath } from "../paths";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type the repositories see, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  engine: "pglite" | "postgres";
  /** Applies committed migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /**
   * PostgreSQL only: streams `COPY (<query>) TO STDOUT` as it is produced (bulk exports in
   * constant memory). The query must be self-contained: COPY takes no bind parameters.
   */
  copyOut?: (query: string) => Promise<Readable>;
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
    async copyOut(query) {
      const client = await pool.connect();
      const stream = client.query(copyTo(`COPY (${query}) TO STDOUT WITH (FORMAT csv, HEADER)`));
      let released = false;
      const release = (error?: Error) => {
        if (released) return;
        released = true;
        client.release(error);
      };
      stream.on("end", () => release());
      stream.on("error", (error) => release(error));
      stream.on("close", () => release());
      return stream;
    },
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

async function pingWith(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
