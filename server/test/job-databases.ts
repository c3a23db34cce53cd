import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type Database, openDatabase, openPostgres } from "../db/client";
import { freshDatabase } from "./database";
import { databaseName, databaseUrlFor } from "./postgres-url";

/** The engine the tests run on: PostgreSQL when TEST_DATABASE_URL names a server. */
export const testEngine = (): "pglite" | "postgres" =>
  process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * Two handles on one test database, as two app servers would have: on PostgreSQL two pools
 * on one new database; on PGlite the same handle twice (an embedded database has one
 * connection and one process), which still runs two queues side by side.
 */
export async function twoServersOnOneDatabase(): Promise<{
  first: Database;
  second: Database;
  /** The PostgreSQL database's address (for a LISTEN/NOTIFY bus per server); absent on PGlite. */
  url?: string;
  close(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await freshDatabase();
    return { first: database, second: database, close: () => database.close() };
  }
  const name = databaseName(`aip_test_jobs_${randomBytes(6).toString("hex")}`);
  await adminQuery(serverUrl, `create database ${name}`);
  const url = databaseUrlFor(serverUrl, name);
  const first = openPostgres(url, 5);
  await first.migrate();
  const second = openPostgres(url, 5);
  return {
    first,
    second,
    url,
    async close() {
      await first.close();
      await second.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * An empty database for a child process, named the way the server is told its database: a
 * DATA_DIR holding the embedded one, or a DATABASE_URL of its own. `open` opens it in the test
 * process (for PGlite only while no child has it open).
 */
export async function databaseForChildProcess(): Promise<{
  env: Record<string, string>;
  open(): Promise<Database>;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "aip-test-jobs-"));
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = databaseName(`aip_test_crash_${randomBytes(6).toString("hex")}`);
  await adminQuery(serverUrl, `create database ${name}`);
  const url = databaseUrlFor(serverUrl, name);
  return {
    env: { DATABASE_URL: url },
    open: async () => openPostgres(url, 2),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
