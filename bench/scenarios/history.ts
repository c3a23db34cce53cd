import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { CallListParams } from "../../common/calls";
import { type Database, openPglite, openPostgres, pgliteOptions } from "../../server/db/client";
import { callRepository } from "../../server/features/calls/repository";
import { printTable } from "../load";
import { signUp, startServer } from "../server";

/**
 * The call history at scale. One account with 1,000,000 calls on PostgreSQL
 * (DATABASE_URL) or 100,000 on the embedded database (BENCH_CALLS overrides):
 * - p50 and p95 of a history page for each sort and for searches, through HTTP, next to the
 *   same SQL (page, count and summary queries) run bare through the driver;
 * - CSV export rows per second and the server's peak memory, next to PostgreSQL's own COPY.
 */
const PORT = 5184;
const REQUESTS = 150;

type Scenario = { name: string; query: Partial<CallListParams> };
const SCENARIOS: Scenario[] = [
  { name: "latest first", query: { sortBy: "createdAt", sortOrder: "desc" } },
  { name: "oldest first", query: { sortBy: "createdAt", sortOrder: "asc" } },
  { name: "longest", query: { sortBy: "duration", sortOrder: "desc" } },
  { name: "shortest", query: { sortBy: "duration", sortOrder: "asc" } },
  { name: "highest priority", query: { sortBy: "importance", sortOrder: "desc" } },
  { name: "filter spam", query: { filter: "spam" } },
  // Outcomes are not in the counters: the count reads the calls (up to the cap).
  { name: "outcome booked", query: { outcome: "booked" } },
  { name: "outcome do not call (rare)", query: { outcome: "do_not_call" } },
  { name: "search name 'patel'", query: { search: "patel" } },
  { name: "search number '212555'", query: { search: "212555" } },
  { name: "search class 'support'", query: { search: "support" } },
];

function params(query: Partial<CallListParams>, page: number): Omit<CallListParams, "active"> {
  const { active: _active, ...rest } = query;
  // The history screen leaves test calls out unless asked (testCalls=exclude).
  return {
    page,
    limit: 10,
    filter: "all",
    outcome: "all",
    sortBy: "createdAt",
    sortOrder: "desc",
    testCalls: "exclude",
    ...rest,
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

/** Pages 1 to 20: where people look. */
const pageFor = (i: number) => 1 + (i % 20);

async function time(run: () => Promise<unknown>, n: number): Promise<number[]> {
  for (let i = 0; i < 5; i++) await run();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await run();
    out.push(performance.now() - start);
  }
  return out;
}

function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

function seed(count: number, email: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "scripts/seed.ts", "--calls", String(count), "--account", email],
      {
        stdio: ["ignore", "inherit", "inherit"],
        env: { ...process.env, ...env },
      },
    );
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed exited ${code}`))));
  });
}

export async function historyBench(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  const count = Number(process.env.BENCH_CALLS ?? (serverUrl ? 1_000_000 : 100_000));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aip-bench-history-"));
  let databaseUrl: string | undefined;
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query("drop database if exists aip_bench_history with (force)");
    await admin.query("create database aip_bench_history");
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = "/aip_bench_history";
    databaseUrl = url.toString();
  }
  const env: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir };

  console.log(
    `Seeding ${count.toLocaleString()} calls on ${databaseUrl ? "PostgreSQL" : "the embedded database"}...`,
  );
  let server = await startServer({ port: PORT, env, dataDir });
  const { cookie, email } = await signUp(server.url);
  if (!databaseUrl) await server.stop(); // PGlite: one process at a time on a data directory.
  await seed(count, email, env);
  if (!databaseUrl) server = await startServer({ port: PORT, env, dataDir });

  try {
    const me = (await (await fetch(`${server.url}/api/user`, { headers: { cookie } })).json()) as {
      id: string;
      workspace: { id: string };
    };
    const rows: Record<string, string | number>[] = [];
    const bare: Database = databaseUrl
      ? openPostgres(databaseUrl, 4)
      : openPglite(await PGlite.create(pgliteOptions));
    // PGlite bare figures need the server stopped; they are measured after the HTTP runs below.
    const httpTimes = new Map<string, number[]>();
    for (const scenario of SCENARIOS) {
      let i = 0;
      httpTimes.set(
        scenario.name,
        await time(async () => {
          const p = params(scenario.query, pageFor(i++));
          const qs = new URLSearchParams(Object.entries(p).map(([k, v]) => [k, String(v)]));
          const res = await fetch(`${server.url}/api/calls?${qs}`, { headers: { cookie } });
          if (!res.ok) throw new Error(`history page answered ${res.status}`);
          await res.arrayBuffer();
        }, REQUESTS),
      );
    }

    // CSV export: all rows, streamed; the server's memory sampled throughout.
    const rssBefore = rssMegabytes(server.pid);
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMegabytes(server.pid));
    }, 50);
    const exportStart = performance.now();
    const response = await fetch(`${server.url}/api/calls/export?format=csv`, { headers: { cookie } });
    let bytes = 0;
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
    }
    const exportSeconds = (performance.now() - exportStart) / 1000;
    clearInterval(sampler);

    let copySeconds: number | null = null;
    if (databaseUrl) {
      const copyStart = performance.now();
      await new Promise<void>((resolve, reject) => {
        // No value is pasted into the SQL: psql quotes the account id itself (:'uid'), and \copy
        // reads it back through current_setting, since COPY takes no parameters.
        const psql = spawn(
          "psql",
          ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-v", `uid=${me.workspace.id}`, databaseUrl],
          {
            stdio: ["pipe", "ignore", "inherit"],
          },
        );
        psql.stdin?.end(
          [
            "select set_config('bench.user_id', :'uid', false) \\g /dev/null",
            "\\copy (select * from calls where workspace_id = current_setting('bench.user_id')::uuid order by created_at desc) to '/dev/null' with csv header",
            "",
          ].join("\n"),
        );
        psql.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`psql exited ${code}`))));
      });
      copySeconds = (performance.now() - copyStart) / 1000;
    } else {
      await server.stop();
    }

    // The same SQL, bare through the driver.
    const bareDb = databaseUrl
      ? bare
      : openPglite(await PGlite.create(path.join(dataDir, "pgdata"), pgliteOptions));
    const repo = callRepository(bareDb.db);
    for (const scenario of SCENARIOS) {
      let i = 0;
      const bareTimes = await time(async () => {
        const queries = repo.listQueries(me.workspace.id, params(scenario.query, pageFor(i++)));
        await Promise.all([queries.page, queries.count, repo.summaryQuery(me.workspace.id)]);
      }, REQUESTS);
      const http = httpTimes.get(scenario.name)!;
      rows.push({
        scenario: scenario.name,
        "HTTP p50 ms": percentile(http, 50),
        "HTTP p95 ms": percentile(http, 95),
        "bare SQL p50 ms": percentile(bareTimes, 50),
        "bare SQL p95 ms": percentile(bareTimes, 95),
        "overhead p50": `${(percentile(http, 50) / Math.max(0.1, percentile(bareTimes, 50))).toFixed(2)}x`,
      });
    }
    await bareDb.close();

    printTable(
      `History page (limit 10, pages 1-20), ${count.toLocaleString()} calls in one account, ${REQUESTS} requests each`,
      rows,
    );
    console.log("Target: page p95 under 50 ms on PostgreSQL.");
    // Every seeded call is exported (transcripts hold line breaks, so lines are not rows).
    const exportedRows = count;
    printTable("CSV export of every call", [
      {
        what: "GET /api/calls/export",
        rows: exportedRows,
        seconds: exportSeconds.toFixed(1),
        "rows/s": Math.round(exportedRows / exportSeconds),
        MB: Math.round(bytes / 1024 / 1024),
        "server RSS before MB": rssBefore,
        "server peak RSS MB": peak,
      },
      ...(copySeconds === null
        ? []
        : [
            {
              what: "PostgreSQL COPY (psql \\copy)",
              rows: exportedRows,
              seconds: copySeconds.toFixed(1),
              "rows/s": Math.round(exportedRows / copySeconds),
            },
          ]),
    ]);
    console.log("Target: at least 100,000 rows/s with the server under 200 MB RSS throughout.");
  } finally {
    if (databaseUrl) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
