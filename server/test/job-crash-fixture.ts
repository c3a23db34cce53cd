/**
 * A stand-in for the server process in the jobs crash test (server/jobs/crash.test.ts), run as
 * `node --import tsx server/test/job-crash-fixture.ts`.
 *
 * It follows the server's contract so the test can switch to the real server once the app
 * wires jobs in: the database comes from DATA_DIR (embedded, in DATA_DIR/pgdata) or
 * DATABASE_URL exactly as in server/main.ts, PORT=0 picks a free port, the address is printed
 * on stdout as `http://host:port`, and SIGTERM stops it gracefully. The two routes below are
 * what the real server must then offer (behind a test-only switch): queue N `crash.write-row`
 * jobs, and count their rows and statuses.
 *
 * Each job sleeps briefly (so a kill lands mid-run) and then writes one row to `crash_effects`
 * together with its completion (`completeWith`). The table has no unique constraint on purpose:
 * a job whose effect happened twice shows up as two rows.
 */
import http from "node:http";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { createJobQueue } from "../jobs";

const JOB_KIND = "crash.write-row";
const JOB_MS = 25;
/** One workspace for all of them: the crash test is about the queue, not tenancy. */
const WORKSPACE_ID = "00000000-0000-4000-8000-000000000001";

const dataDir = process.env.DATA_DIR;
const databaseUrl = process.env.DATABASE_URL || undefined;
if (!dataDir && !databaseUrl) throw new Error("Set DATA_DIR or DATABASE_URL");

const log = (level: string) => (details: object, message: string) =>
  console.log(JSON.stringify({ level, message, ...details }));

const database = await openDatabase({ databaseUrl, dataDir: dataDir ?? "" });
await database.db.execute(
  sql`create table if not exists crash_effects (job_id uuid not null, written_at timestamptz not null default now())`,
);

const queue = createJobQueue(database, {
  log: { info: log("info"), warn: log("warn"), error: log("error") },
  pollMs: 50,
  // A killed PostgreSQL server's jobs are taken again after 2 s (on PGlite at once on start).
  leaseMs: 2000,
  heartbeatMs: 400,
});
queue.define(
  JOB_KIND,
  async ({ id, completeWith }) => {
    await new Promise((resolve) => setTimeout(resolve, JOB_MS));
    await completeWith((tx) => tx.execute(sql`insert into crash_effects (job_id) values (${id})`));
  },
  { concurrency: 4, retryLimit: 5, retryBackoff: 100 },
);
await queue.start();

async function queueJobs(count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, (_, n) =>
      queue.send(JOB_KIND, { n }, { workspaceId: WORKSPACE_ID, idempotencyKey: `crash-${n}` }),
    ),
  );
}

async function counts() {
  const result = (await database.db.execute(
    sql`select
          (select count(*)::int from crash_effects) as effects,
          (select count(distinct job_id)::int from crash_effects) as "distinctJobs",
          (select coalesce(json_object_agg(status, n), '{}') from
            (select status, count(*)::int n from jobs where kind = ${JOB_KIND} group by status) s) as statuses`,
  )) as unknown as { rows: { effects: number; distinctJobs: number; statuses: Record<string, number> }[] };
  return result.rows[0]!;
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://fixture");
  const answer = (status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  const handle = async () => {
    if (request.method === "POST" && url.pathname === "/crash-jobs") {
      return answer(200, { ids: await queueJobs(Number(url.searchParams.get("count") ?? "200")) });
    }
    if (request.method === "GET" && url.pathname === "/crash-jobs") return answer(200, await counts());
    answer(404, { message: "Not found" });
  };
  handle().catch((error: unknown) => answer(500, { message: String(error) }));
});

server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object") console.log(`listening on http://127.0.0.1:${address.port}`);
});

process.on("SIGTERM", () => {
  server.close();
  queue
    .stop(5000)
    .then(() => database.close())
    .then(() => process.exit(0))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
});
