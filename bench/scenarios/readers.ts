import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, openPglite, openPostgres, pgliteOptions } from "../../server/db/client";
import { load, printTable } from "../load";
import { signUp, startServer } from "../server";

/**
 * An outside probe found "under 200 concurrent readers some requests waited over 10 s". 200 connections, each
 * a signed-in browser of its own account, walk the screens' reads (the user, a history page, the
 * figures, the live call, appointments, settings, the subscription) for 20 s against the real
 * server, on the embedded database or on DATABASE_URL (a database of its own on that server).
 * Each account holds 200 screened calls, so the history page and the figures read real rows.
 * Next to it, GET /api/health at the same concurrency: the HTTP layer and one trivial query.
 * Requests are allowed 60 s before they count as timeouts, so the slowest is measured, not cut.
 */
const PORT = 5186;
const CONNECTIONS = 200;
const ACCOUNTS = 200;
const CALLS_PER_ACCOUNT = 200;
const DURATION_SECONDS = 20;
const READS = [
  "/api/user",
  "/api/calls?page=1&limit=10",
  "/api/stats",
  "/api/active-call",
  "/api/appointments",
  "/api/ai-settings",
  "/api/subscription",
];

export async function concurrentReadersBench(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aip-bench-readers-"));
  const databaseUrl = serverUrl ? await freshPostgresDatabase(serverUrl, "aip_bench_readers") : undefined;
  const env: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const engine = databaseUrl ? "PostgreSQL" : "the embedded database";

  let server = await startServer({ port: PORT, env, dataDir });
  try {
    const cookies: string[] = [];
    for (let i = 0; i < ACCOUNTS; i++) cookies.push((await signUp(server.url)).cookie);
    // PGlite: one process at a time on a data directory, so the calls go in while the server is down.
    if (!databaseUrl) await server.stop();
    const database: Database = databaseUrl
      ? openPostgres(databaseUrl, 2)
      : openPglite(await PGlite.create(path.join(dataDir, "pgdata"), pgliteOptions));
    await seedCalls(database);
    await database.close();
    if (!databaseUrl) server = await startServer({ port: PORT, env, dataDir });

    const run = (paths: string[]) =>
      load({
        url: server.url,
        connections: CONNECTIONS,
        durationSeconds: DURATION_SECONDS,
        timeoutSeconds: 60,
        paths,
        cookies,
      });
    await load({ url: server.url, connections: 20, durationSeconds: 3, paths: READS, cookies }); // warm-up
    const health = await run(["/api/health"]);
    const reads = await run(READS);
    const row = (target: string, r: Awaited<ReturnType<typeof load>>) => ({
      target,
      "req/s": r.requestsPerSecond,
      "p50 ms": r.p50,
      "p99 ms": r.p99,
      "max ms": r.max,
      errors: r.errors,
      timeouts: r.timeouts,
      "non-2xx": r.non2xx,
    });
    printTable(
      `${CONNECTIONS} concurrent readers on ${engine}, ${ACCOUNTS} accounts of ${CALLS_PER_ACCOUNT} calls, ${DURATION_SECONDS} s`,
      [
        row("GET /api/health (no session, no query)", health),
        row(`${READS.length} screen reads, in turn`, reads),
      ],
    );
    console.log("Target: no request over 10 s, no errors; p99 is the figure to watch.");
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Drops and creates a database of the bench's own on the server, so runs never collide. */
async function freshPostgresDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Gives every account the same spread of finished calls over the past month. */
async function seedCalls(database: Database): Promise<void> {
  await database.db.execute(sql`
    insert into calls (workspace_id, phone_number, caller_name, classification, status, duration,
                       transcript, action_taken, importance, start_time, end_time, created_at)
    select w.id, '+1555' || lpad(g::text, 7, '0'), 'Caller ' || g,
           (array['spam','sales','appointment','support','important','legitimate'])[1 + g % 6],
           'completed', 30 + g % 300, 'Caller: Hello, I am calling about my account.', 'message',
           1 + g % 5, t, t + interval '2 minutes', t
    from workspaces w
    cross join generate_series(1, ${CALLS_PER_ACCOUNT}) g
    cross join lateral (select now() - g * interval '3 hours' as t) times`);
}
