import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { twoServersOnOneDatabase } from "../test/job-databases";
import { newWorkspaceId, QUICK_QUEUE, recordingLog, waitFor } from "../test/jobs";
import { createJobQueue, type JobQueue } from ".";

/**
 * Two queues on one database, as two app servers on one PostgreSQL. (On the embedded database
 * both share its one connection; the test still holds there, with less to prove.)
 */
let servers: Awaited<ReturnType<typeof twoServersOnOneDatabase>>;

beforeAll(async () => {
  servers = await twoServersOnOneDatabase();
});
afterAll(async () => {
  await servers?.close();
});

const serverQueue = (database: Database, name: string) =>
  createJobQueue(database, { log: recordingLog(), ...QUICK_QUEUE, workerName: name });

async function count(database: Database, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await database.db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

describe("two servers on one database", () => {
  it("run 200 jobs between them, each exactly once", async () => {
    const { first, second } = servers;
    await first.db.execute(sql`create table shared_effects (job_id uuid not null, server text not null)`);
    const runsByJob = new Map<string, string[]>();
    const queues: JobQueue[] = [];
    for (const [database, name] of [
      [first, "server-a"],
      [second, "server-b"],
    ] as const) {
      const queue = serverQueue(database, name);
      queue.define(
        "shared.write",
        async ({ id, completeWith }) => {
          runsByJob.set(id, [...(runsByJob.get(id) ?? []), name]);
          await new Promise((resolve) => setTimeout(resolve, 5));
          await completeWith((tx) => tx.execute(sql`insert into shared_effects values (${id}, ${name})`));
        },
        { concurrency: 4 },
      );
      queues.push(queue);
    }
    const workspaceId = await newWorkspaceId(first);
    const [a, b] = queues as [JobQueue, JobQueue];
    const ids = await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        (n % 2 ? a : b).send("shared.write", { n }, { workspaceId, idempotencyKey: `w${n}` }),
      ),
    );
    const started = Date.now();
    await Promise.all([a.start(), b.start()]);

    await waitFor(
      async () => (await count(first, sql`select count(*) n from jobs where status = 'completed'`)) === 200,
      60_000,
      "200 completed jobs",
    );
    const elapsed = Date.now() - started;
    await Promise.all(queues.map((queue) => queue.stop(2000)));

    expect(new Set(ids).size).toBe(200);
    expect([...runsByJob.values()].filter((runs) => runs.length !== 1)).toEqual([]);
    expect(runsByJob.size).toBe(200);
    expect(await count(first, sql`select count(*) n from shared_effects`)).toBe(200);
    expect(await count(first, sql`select count(distinct job_id) n from shared_effects`)).toBe(200);
    const byServer = await count(first, sql`select count(distinct server) n from shared_effects`);
    // Both took part (on PostgreSQL; on PGlite too, as both claim through the one connection).
    expect(byServer).toBe(2);
    console.info(`200 jobs on two servers (${servers.first.engine}): ${elapsed} ms`);
  });

  it("queue a schedule's tick once, whichever servers keep the schedule", async () => {
    const runs: string[] = [];
    const queues = [serverQueue(servers.first, "server-a"), serverQueue(servers.second, "server-b")];
    for (const queue of queues) {
      queue.define("shared.tick", async ({ id }) => {
        runs.push(id);
      });
      queue.schedule("shared.tick", "* * * * * *", { every: "second" });
    }
    await Promise.all(queues.map((queue) => queue.start()));
    await new Promise((resolve) => setTimeout(resolve, 3500));
    await Promise.all(queues.map((queue) => queue.stop(2000)));

    const ticks = (await servers.first.db.execute(
      sql`select idempotency_key, count(*)::int n, min(status) status from jobs
          where kind = 'shared.tick' group by idempotency_key order by 1`,
    )) as unknown as { rows: { idempotency_key: string; n: number; status: string }[] };
    expect(ticks.rows.length).toBeGreaterThanOrEqual(3);
    expect(ticks.rows.every((tick) => tick.n === 1)).toBe(true);
    expect(ticks.rows[0]!.idempotency_key).toMatch(
      /^cron \* \* \* \* \* \* \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/,
    );
    // Every tick ran once, on one server or the other.
    expect(runs.length).toBe(ticks.rows.filter((tick) => tick.status === "completed").length);
    expect(new Set(runs).size).toBe(runs.length);
    expect(runs.length).toBeGreaterThanOrEqual(2);
  });
});
