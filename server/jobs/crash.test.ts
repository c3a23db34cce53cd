import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { projectPath } from "../paths";
import { databaseForChildProcess, testEngine } from "../test/job-databases";
import { waitFor } from "../test/jobs";

/**
 * Issue 10, part 5: a server killed with SIGKILL in the middle of 200 jobs, started again on
 * the same database (twice), ends with every job completed and every job's row written once.
 * The child is a fixture following the server's contract (see server/test/job-crash-fixture.ts);
 * switch FIXTURE to the real server once it runs jobs.
 */
const FIXTURE = ["--import", "tsx", projectPath("server/test/job-crash-fixture.ts")];
const JOBS = 200;
/** Rows written when each kill happens: some, then more, never all. */
const KILL_AT_ROWS = [30, 110];

type Counts = { effects: number; distinctJobs: number; statuses: Record<string, number> };

type Child = { process: ChildProcess; url: string; output: string[] };

async function startChild(env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, FIXTURE, {
    cwd: projectPath("."),
    env: { ...process.env, ...env, PORT: "0", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  let url: string | undefined;
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    output.push(text);
    url ??= /http:\/\/[\w.-]+:\d+/.exec(text)?.[0];
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = once(child, "exit");
  await Promise.race([
    waitFor(() => url, 60_000, "the child to listen"),
    exited.then(() => {
      throw new Error(`The child exited before listening:\n${output.join("")}`);
    }),
  ]);
  return { process: child, url: url!, output };
}

async function request<T>(child: Child, method: string, path: string): Promise<T> {
  const response = await fetch(`${child.url}${path}`, { method });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function kill(child: Child, signal: NodeJS.Signals): Promise<void> {
  const exited = once(child.process, "exit");
  child.process.kill(signal);
  await exited;
}

const target = await databaseForChildProcess();
afterAll(() => target.drop());

describe(`a server killed mid-run (${testEngine()})`, () => {
  it("completes every job exactly once after restarts", { timeout: 180_000 }, async () => {
    const started = Date.now();
    let child = await startChild(target.env);
    const { ids } = await request<{ ids: string[] }>(child, "POST", `/crash-jobs?count=${JOBS}`);
    expect(new Set(ids).size).toBe(JOBS);

    const rowsAtKill: number[] = [];
    for (const threshold of KILL_AT_ROWS) {
      const seen = await waitFor(
        async () => {
          const counts = await request<Counts>(child, "GET", "/crash-jobs");
          return counts.effects >= threshold ? counts : undefined;
        },
        60_000,
        `${threshold} rows`,
      );
      await kill(child, "SIGKILL");
      rowsAtKill.push(seen.effects);
      expect(seen.effects).toBeLessThan(JOBS);
      child = await startChild(target.env);
      // The same request again, as a client retrying after the crash: the same jobs, no more.
      const again = await request<{ ids: string[] }>(child, "POST", `/crash-jobs?count=${JOBS}`);
      expect(again.ids).toEqual(ids);
    }

    const final = await waitFor(
      async () => {
        const counts = await request<Counts>(child, "GET", "/crash-jobs");
        return counts.statuses.completed === JOBS ? counts : undefined;
      },
      90_000,
      "every job to complete",
    );
    await kill(child, "SIGTERM");
    expect(child.process.exitCode).toBe(0);
    expect(final).toEqual({ effects: JOBS, distinctJobs: JOBS, statuses: { completed: JOBS } });

    // Checked again from outside the child, on the database it left behind.
    const database = await target.open();
    try {
      const perJob = (await database.db.execute(
        sql`select j.id, j.status, j.attempts, count(e.job_id)::int as rows
            from jobs j left join crash_effects e on e.job_id = j.id
            where j.kind = 'crash.write-row' group by j.id, j.status, j.attempts`,
      )) as unknown as { rows: { id: string; status: string; attempts: number; rows: number }[] };
      expect(perJob.rows).toHaveLength(JOBS);
      expect(new Set(perJob.rows.map((job) => job.id))).toEqual(new Set(ids));
      expect(perJob.rows.filter((job) => job.status !== "completed" || job.rows !== 1)).toEqual([]);
      const stray = (await database.db.execute(
        sql`select count(*)::int n from crash_effects where job_id not in (select id from jobs)`,
      )) as unknown as { rows: { n: number }[] };
      expect(stray.rows[0]!.n).toBe(0);
      const rerun = perJob.rows.filter((job) => job.attempts > 1).length;
      console.info(
        `crash test (${testEngine()}): rows at the kills ${rowsAtKill.join(", ")}; ` +
          `${rerun} jobs ran again after a kill; ${Date.now() - started} ms in all`,
      );
    } finally {
      await database.close();
    }
  });
});
