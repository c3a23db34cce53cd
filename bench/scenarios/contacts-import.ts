import { spawn } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openPglite, pgliteOptions } from "../../server/db/client";
import { printTable } from "../load";
import { signUp, startServer } from "../server";

/**
 * A 1,000,000-row messy CSV (BENCH_IMPORT_ROWS overrides) uploaded to the real
 * server (POST /api/contacts/upload, the contact manager's path) and imported by the
 * contacts.import job, on the embedded database and, when DATABASE_URL or TEST_DATABASE_URL
 * names a PostgreSQL server, on PostgreSQL too. Printed: rows per second from the first byte
 * sent to the import's completion, the server's peak RSS (sampled every 100 ms from /proc), the
 * outcome counts, the server's event-loop delay (max and p99, measured inside it) and GET
 * /api/health's p99 while the import runs; next to them, for the same rows into the same table and indexes, the bare
 * figure: PostgreSQL's own COPY (psql \copy into a copy of the contacts table) or, on the
 * embedded database, multi-row INSERTs of 1,000 rows straight through the driver.
 */
const PORT = 5191;
const PROBE_MODULE = path.resolve(import.meta.dirname, "../event-loop-probe.mjs");
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);

const PHONE_FORMATS = [
  (d: string) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
  (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`,
  (d: string) => `+1 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`,
  (d: string) => `1${d}`,
  (d: string) => `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`,
];

/** Row i of the file: five phone spellings, a bad email every 1,000 rows, a repeated phone every 997. */
function row(i: number): [string, string, string] {
  const digits = `555${String(i % 10_000_000).padStart(7, "0")}`;
  const dup = i % 997 === 996 ? `555${String((i - 1) % 10_000_000).padStart(7, "0")}` : digits;
  const name = i % 200 === 0 ? `Lee, Pat ${i}` : `Pat Lee ${i}`;
  const email = i % 1000 === 999 ? "not-an-email" : `p${i}@ex.io`;
  return [name, PHONE_FORMATS[i % 5]!(dup), email];
}

const csvCell = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** Row i's number in E.164, as the importer stores it. */
const e164 = (i: number) => `+1555${String((i % 997 === 996 ? i - 1 : i) % 10_000_000).padStart(7, "0")}`;

/**
 * Writes the file: a byte-order mark, CRLF, a quoted name every 200 rows, a blank line every
 * 5,000. For COPY (`forCopy`): no blank lines, which COPY refuses, and each row's number in
 * E.164 as a fourth column, so the same indexes get the same entries.
 */
async function writeFile(file: string, forCopy = false): Promise<number> {
  const out = createWriteStream(file);
  let pending = `\uFEFFName,Phone,Email${forCopy ? ",E164" : ""}\r\n`;
  for (let i = 0; i < ROWS; i++) {
    const cells = forCopy ? [...row(i), e164(i)] : row(i);
    pending += `${cells.map(csvCell).join(",")}\r\n`;
    if (!forCopy && i % 5000 === 4999) pending += "\r\n";
    if (pending.length > 1 << 20) {
      if (!out.write(pending)) await once(out, "drain");
      pending = "";
    }
  }
  out.end(pending);
  await once(out, "finish");
  return statSync(file).size;
}

function rssMegabytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

type ImportResult = {
  seconds: number;
  /** The server's own event-loop delay during the import (bench/event-loop-probe.mjs). */
  loopMaxMs: number;
  loopP99Ms: number;
  /** GET /api/health while the import runs, one after another: what another user waits. */
  healthP99Ms: number;
  uploadSeconds: number;
  peakRss: number;
  restRss: number;
  counts: Record<string, number>;
};

async function importThroughServer(
  file: string,
  env: Record<string, string>,
  dataDir?: string,
): Promise<ImportResult> {
  const probeFile = path.join(os.tmpdir(), `aip-bench-import-probe-${process.pid}.json`);
  const probed = { ...env, NODE_OPTIONS: `--import ${PROBE_MODULE}`, EVENT_LOOP_PROBE_FILE: probeFile };
  let server = await startServer({ port: PORT, env: probed, ...(dataDir ? { dataDir } : {}) });
  const { cookie } = await signUp(server.url);
  if (dataDir) {
    // A server that just created and migrated its embedded database holds the memory that took:
    // the figure that matters is a server started on an existing one, as in production.
    await server.stop();
    server = await startServer({ port: PORT, env: probed, dataDir });
  }
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const restRss = rssMegabytes(server.pid);
    let peakRss = restRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssMegabytes(server.pid));
    }, 100);
    await loopDelay(server.pid, probeFile);
    let importing = true;
    const health: number[] = [];
    const prober = (async () => {
      while (importing) {
        const asked = performance.now();
        await (await fetch(`${server.url}/api/health`)).arrayBuffer();
        health.push(performance.now() - asked);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const start = performance.now();
    const response = await fetch(`${server.url}/api/contacts/upload?fileName=bench.csv`, {
      method: "POST",
      headers: { cookie, origin: server.url, "content-type": "text/csv" },
      body: await openAsBlob(file),
    });
    const uploadSeconds = (performance.now() - start) / 1000;
    const queued = (await response.json()) as { id: string; status: string; message?: string };
    if (response.status !== 202 && response.status !== 200)
      throw new Error(`upload answered ${response.status}: ${queued.message}`);
    let done: Record<string, unknown> = queued;
    while (done.status === "queued" || done.status === "running") {
      await new Promise((resolve) => setTimeout(resolve, 500));
      done = (await (
        await fetch(`${server.url}/api/contacts/imports/${queued.id}`, { headers: { cookie } })
      ).json()) as Record<string, unknown>;
    }
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    importing = false;
    await prober;
    const loop = await loopDelay(server.pid, probeFile);
    health.sort((a, b) => a - b);
    const healthP99Ms = Math.round(health[Math.floor(health.length * 0.99)] ?? 0);
    if (done.status !== "completed") throw new Error(`the import ended ${done.status}: ${done.error}`);
    const counts = Object.fromEntries(
      ["totalRows", "imported", "updated", "skipped", "rejected"].map((key) => [key, Number(done[key])]),
    );
    return {
      seconds,
      uploadSeconds,
      peakRss,
      restRss,
      counts,
      loopMaxMs: Math.round(loop.maxMs),
      loopP99Ms: Math.round(loop.p99Ms),
      healthP99Ms,
    };
  } finally {
    await server.stop();
    rmSync(probeFile, { force: true });
  }
}

/** Asks the server's probe for its event-loop delay since the last ask (and starts it over). */
async function loopDelay(pid: number, file: string): Promise<{ maxMs: number; p99Ms: number }> {
  const asked = Date.now();
  process.kill(pid, "SIGUSR2");
  for (let tries = 0; tries < 250; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    try {
      const read = JSON.parse(readFileSync(file, "utf8")) as { maxMs: number; p99Ms: number; at: number };
      if (read.at >= asked) return read;
    } catch {
      // not written yet
    }
  }
  throw new Error("the event-loop probe did not answer");
}

/**
 * The same rows into a copy of the contacts table (same columns, defaults, indexes and foreign key
 * to the workspace) by psql's \copy.
 */
async function bareCopy(databaseUrl: string, file: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("drop table if exists bench_contacts_copy");
  await client.query("create table bench_contacts_copy (like contacts including all)");
  // LIKE copies no foreign key; the contacts table checks its workspace on every row, so does this.
  await client.query(
    "alter table bench_contacts_copy add foreign key (workspace_id) references workspaces (id) on delete cascade",
  );
  const workspace = await client.query<{ id: string }>(
    "insert into workspaces (name) values ('COPY bench') returning id",
  );
  // A default is DDL, which takes no parameters: the id comes from the database itself.
  await client.query(
    `do $$ begin execute format('alter table bench_contacts_copy alter column workspace_id set default %L', '${workspace.rows[0]!.id.replace(/[^0-9a-f-]/g, "")}'); end $$`,
  );
  await client.end();
  const start = performance.now();
  await new Promise<void>((resolve, reject) => {
    const psql = spawn("psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", databaseUrl], {
      stdio: ["pipe", "ignore", "inherit"],
    });
    psql.stdin?.end(
      `\\copy bench_contacts_copy (name, phone_number, email, phone_e164) from '${file}' with (format csv, header true)\n`,
    );
    psql.on("error", reject);
    psql.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`psql exited ${code}`))));
  });
  const seconds = (performance.now() - start) / 1000;
  const cleanup = new pg.Client({ connectionString: databaseUrl });
  await cleanup.connect();
  await cleanup.query("drop table bench_contacts_copy");
  await cleanup.end();
  return seconds;
}

/** The same rows by multi-row INSERTs of 1,000 rows into a fresh embedded database's contacts table. */
async function bareInsertPglite(): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "aip-bench-bare-"));
  try {
    const database = openPglite(await PGlite.create(dir, pgliteOptions));
    await database.migrate();
    const db = database.db;
    const result = (await db.execute(
      sql`insert into workspaces (name) values ('bare') returning id`,
    )) as unknown as {
      rows: { id: string }[];
    };
    const workspaceId = result.rows[0]!.id;
    const start = performance.now();
    for (let i = 0; i < ROWS; i += 1000) {
      const values = [];
      for (let j = i; j < Math.min(ROWS, i + 1000); j++) {
        const [name, phone, email] = row(j);
        values.push(sql`(${workspaceId}, ${name}, ${phone}, ${email})`);
      }
      await db.execute(
        sql`insert into contacts (workspace_id, name, phone_number, email) values ${sql.join(values, sql`, `)}`,
      );
    }
    const seconds = (performance.now() - start) / 1000;
    await database.close();
    return seconds;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function contactsImportBench(): Promise<void> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), "aip-bench-import-"));
  const file = path.join(workDir, "contacts.csv");
  try {
    const bytes = await writeFile(file);
    console.log(`Wrote ${ROWS.toLocaleString()} rows (${(bytes / 1024 / 1024).toFixed(1)} MB) to ${file}`);
    const table: Record<string, string | number>[] = [];
    const report = (engine: string, result: ImportResult, bareWhat: string, bareSeconds: number | null) => {
      table.push({
        database: engine,
        what: "POST /api/contacts/upload + contacts.import job",
        seconds: result.seconds.toFixed(1),
        "rows/s": Math.round(ROWS / result.seconds),
        "upload s": result.uploadSeconds.toFixed(1),
        "RSS rest MB": result.restRss,
        "RSS peak MB": result.peakRss,
        "loop max/p99 ms": `${result.loopMaxMs}/${result.loopP99Ms}`,
        "health p99 ms": result.healthP99Ms,
        outcomes: `${result.counts.imported} imported, ${result.counts.skipped} skipped, ${result.counts.rejected} rejected of ${result.counts.totalRows}`,
      });
      if (bareSeconds !== null)
        table.push({
          database: engine,
          what: bareWhat,
          seconds: bareSeconds.toFixed(1),
          "rows/s": Math.round(ROWS / bareSeconds),
          "upload s": "",
          "RSS rest MB": "",
          "RSS peak MB": "",
          "loop max/p99 ms": "",
          "health p99 ms": "",
          outcomes: `${ROWS} rows as they are`,
        });
    };

    // The embedded database: a fresh data directory (BENCH_SKIP_PGLITE=1 leaves it out).
    if (!process.env.BENCH_SKIP_PGLITE) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "aip-bench-import-data-"));
      try {
        const embedded = await importThroughServer(file, { DATA_DIR: dataDir }, dataDir);
        report("PGlite", embedded, "bare multi-row INSERT, 1,000 rows a statement", await bareInsertPglite());
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }

    const serverUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query("drop database if exists aip_bench_contacts with (force)");
      await admin.query("create database aip_bench_contacts");
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = "/aip_bench_contacts";
      const databaseUrl = url.toString();
      const postgres = await importThroughServer(file, { DATABASE_URL: databaseUrl });
      const copyFile = path.join(workDir, "contacts-for-copy.csv");
      await writeFile(copyFile, true);
      report(
        "PostgreSQL",
        postgres,
        "bare COPY (psql \\copy), same table and indexes",
        await bareCopy(databaseUrl, copyFile),
      );
    }
    printTable(
      `Contacts import: ${ROWS.toLocaleString()} rows, load average ${os.loadavg()[0]!.toFixed(1)}`,
      table,
    );
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
