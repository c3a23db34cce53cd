import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { JobOut } from "../../common/jobs";
import type { Database } from "../db/client";
import { freshDatabase } from "../test/database";
import { gate, newWorkspaceId, QUICK_QUEUE, recordingLog, waitFor } from "../test/jobs";
import { createJobQueue, type JobEvent, JobLostError, type JobQueue, presentJob } from ".";

let database: Database;
const queues: JobQueue[] = [];

beforeAll(async () => {
  database = await freshDatabase();
});
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop(1000)));
});
afterAll(async () => {
  await database?.close();
});

/** A started queue on this file's database; stopped after the test. */
function newQueue(options: { onProgress?: (event: JobEvent) => void } = {}) {
  const log = recordingLog();
  const queue = createJobQueue(database, { log, ...QUICK_QUEUE, ...options });
  queues.push(queue);
  return { queue, log };
}

/** Kinds are unique per test: the table is shared by the whole file, and a queue only claims kinds it defines. */
const kindFor = (name: string) => `${name}.${randomUUID().slice(0, 8)}`;

async function finished(queue: JobQueue, workspaceId: string | null, id: string) {
  return waitFor(async () => {
    const job = await queue.get(workspaceId, id);
    return job && ["completed", "failed", "cancelled"].includes(job.status) ? job : undefined;
  }, 15_000);
}

describe("job queue", () => {
  it("retries with growing backoff, then succeeds", async () => {
    const { queue, log } = newQueue();
    const kind = kindFor("flaky");
    const startedAt: number[] = [];
    queue.define(
      kind,
      async ({ attempt }) => {
        startedAt.push(Date.now());
        if (attempt < 3) throw new Error(`attempt ${attempt} failed`);
        return { ok: true, attempt };
      },
      { retryLimit: 3, retryBackoff: 150 },
    );
    await queue.start();
    const workspaceId = await newWorkspaceId(database);
    const id = await queue.send(kind, {}, { workspaceId, idempotencyKey: "flaky-1" });

    const job = await finished(queue, workspaceId, id);
    expect(job).toMatchObject({
      status: "completed",
      attempts: 3,
      error: null,
      result: { ok: true, attempt: 3 },
    });
    expect(job.startedAt).toBeInstanceOf(Date);
    expect(job.finishedAt).toBeInstanceOf(Date);
    // 150 ms before the second attempt, 300 ms before the third.
    expect(startedAt[1]! - startedAt[0]!).toBeGreaterThanOrEqual(140);
    expect(startedAt[2]! - startedAt[1]!).toBeGreaterThanOrEqual(290);
    expect(log.lines.filter((line) => line.message === "job will retry")).toHaveLength(2);
  });

  it("fails after its retries and keeps the last error", async () => {
    const { queue } = newQueue();
    const kind = kindFor("doomed");
    let runs = 0;
    queue.define(
      kind,
      async ({ attempt }) => {
        runs += 1;
        throw new Error(`carrier refused (attempt ${attempt})`);
      },
      { retryLimit: 2, retryBackoff: 10 },
    );
    await queue.start();
    const workspaceId = await newWorkspaceId(database);
    const id = await queue.send(kind, {}, { workspaceId, idempotencyKey: "doomed-1" });

    const job = await finished(queue, workspaceId, id);
    expect(job).toMatchObject({ status: "failed", attempts: 3, error: "carrier refused (attempt 3)" });
    expect(runs).toBe(3);
    // Nothing runs it again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toBe(3);
    expect(JobOut.parse(presentJob(job))).toMatchObject({
      status: "failed",
      error: "carrier refused (attempt 3)",
    });
  });

  it("queues one job per idempotency key and workspace", async () => {
    const { queue } = newQueue();
    const kind = kindFor("once");
    let runs = 0;
    queue.define(kind, async () => {
      runs += 1;
    });
    const workspaceId = await newWorkspaceId(database);
    const options = { workspaceId, idempotencyKey: "import-42" };

    // Sent before start, side by side: all answers name one job.
    const ids = await Promise.all([1, 2, 3, 4, 5].map((n) => queue.send(kind, { n }, options)));
    expect(new Set(ids).size).toBe(1);
    const otherWorkspace = await queue.send(
      kind,
      {},
      { ...options, workspaceId: await newWorkspaceId(database) },
    );
    expect(otherWorkspace).not.toBe(ids[0]);

    await queue.start();
    await finished(queue, workspaceId, ids[0]!);
    expect(await queue.send(kind, { n: 6 }, options)).toBe(ids[0]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toBe(2);
    await expect(queue.send(kind, {}, { workspaceId, idempotencyKey: "" })).rejects.toThrow(
      /idempotency key/,
    );
    await expect(queue.send("never.defined", {}, options)).rejects.toThrow(/not defined/);
  });

  it("reports progress to get() and to the onProgress hook", async () => {
    const events: JobEvent[] = [];
    const { queue } = newQueue({ onProgress: (event) => events.push(event) });
    const kind = kindFor("import");
    const halfway = gate();
    const resume = gate();
    queue.define<{ rows: number }>(kind, async ({ payload, reportProgress }) => {
      for (let done = 1; done <= payload.rows; done += 1) {
        await reportProgress({ done, total: payload.rows, message: `Imported ${done} of ${payload.rows}` });
        if (done === 2) {
          halfway.open();
          await resume.opened;
        }
      }
      return { imported: payload.rows };
    });
    await queue.start();
    const workspaceId = await newWorkspaceId(database);
    const id = await queue.send(kind, { rows: 4 }, { workspaceId, idempotencyKey: "import-1" });

    await halfway.opened;
    expect(await queue.get(workspaceId, id)).toMatchObject({
      status: "running",
      progress: { done: 2, total: 4, message: "Imported 2 of 4" },
    });
    resume.open();
    const job = await finished(queue, workspaceId, id);
    expect(job).toMatchObject({
      status: "completed",
      progress: { done: 4, total: 4 },
      result: { imported: 4 },
    });

    const mine = events.filter((event) => event.jobId === id);
    expect(mine.map((event) => [event.status, event.progress.done])).toEqual([
      ["running", 0],
      ["running", 1],
      ["running", 2],
      ["running", 3],
      ["running", 4],
      ["completed", 4],
    ]);
    expect(mine.every((event) => event.workspaceId === workspaceId && event.kind === kind)).toBe(true);
  });

  it("cancels a queued job before it runs", async () => {
    const events: JobEvent[] = [];
    const { queue } = newQueue({ onProgress: (event) => events.push(event) });
    const kind = kindFor("later");
    let runs = 0;
    queue.define(kind, async () => {
      runs += 1;
    });
    await queue.start();
    const workspaceId = await newWorkspaceId(database);
    const startAfter = new Date(Date.now() + 300);
    const id = await queue.send(kind, {}, { workspaceId, idempotencyKey: "later-1", startAfter });
    expect((await queue.get(workspaceId, id))?.status).toBe("queued");

    const cancelled = await queue.cancel(workspaceId, id);
    expect(cancelled).toMatchObject({ status: "cancelled" });
    expect(cancelled?.finishedAt).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(runs).toBe(0);
    expect((await queue.get(workspaceId, id))?.status).toBe("cancelled");
    expect(events.filter((event) => event.jobId === id).map((event) => event.status)).toEqual(["cancelled"]);
    // Cancelling again changes nothing and says so by the status.
    expect((await queue.cancel(workspaceId, id))?.status).toBe("cancelled");
  });

  it("cancels a running job: its signal aborts and it is not retried", async () => {
    const { queue } = newQueue();
    const kind = kindFor("dialer");
    const started = gate();
    let runs = 0;
    let abortReason: unknown;
    queue.define(
      kind,
      async ({ signal }) => {
        runs += 1;
        started.open();
        await new Promise<void>((_, reject) => {
          signal.addEventListener("abort", () => {
            abortReason = signal.reason;
            reject(signal.reason);
          });
        });
      },
      { retryLimit: 3, retryBackoff: 10 },
    );
    await queue.start();
    const workspaceId = await newWorkspaceId(database);
    const id = await queue.send(kind, {}, { workspaceId, idempotencyKey: "dial-1" });
    await started.opened;

    expect(await queue.cancel(workspaceId, id)).toMatchObject({ status: "cancelled", attempts: 1 });
    await waitFor(() => abortReason !== undefined, 2000, "the signal to abort");
    expect(abortReason).toBeInstanceOf(JobLostError);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toBe(1);
    expect(await queue.get(workspaceId, id)).toMatchObject({ status: "cancelled", attempts: 1 });
  });

  it("aborts a job running on another server when it is cancelled here", async () => {
    const { queue: runner } = newQueue();
    const { queue: other } = newQueue();
    const kind = kindFor("remote");
    const started = gate();
    let aborted = false;
    runner.define(kind, async ({ signal }) => {
      started.open();
      await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve()));
      aborted = true;
    });
    await runner.start();
    const workspaceId = await newWorkspaceId(database);
    const id = await runner.send(kind, {}, { workspaceId, idempotencyKey: "remote-1" });
    await started.opened;

    // `other` never started: it only answers the API, like a server without this job.
    await other.cancel(workspaceId, id);
    // The runner's heartbeat (100 ms here) finds the job is no longer its own.
    await waitFor(() => aborted, 2000, "the heartbeat to abort the handler");
    expect((await runner.get(workspaceId, id))?.status).toBe("cancelled");
  });

  it("hides another workspace's job", async () => {
    const { queue } = newQueue();
    const kind = kindFor("private");
    queue.define(kind, async () => "secret");
    await queue.start();
    const owner = await newWorkspaceId(database);
    const id = await queue.send(kind, {}, { workspaceId: owner, idempotencyKey: "private-1" });
    await finished(queue, owner, id);

    const stranger = randomUUID();
    expect(await queue.get(stranger, id)).toBeUndefined();
    expect(await queue.get(null, id)).toBeUndefined();
    expect(await queue.cancel(stranger, id)).toBeUndefined();
    expect(await queue.get(owner, "not-a-uuid")).toBeUndefined();
    expect(await queue.get(owner, randomUUID())).toBeUndefined();
    expect((await queue.get(owner, id))?.result).toBe("secret");
  });

  it("commits a database effect with the job's completion, or not at all", async () => {
    await database.db.execute(sql`create table job_effects (job_id uuid not null, note text not null)`);
    const { queue } = newQueue();
    const kind = kindFor("effect");
    const beforeEffect = gate();
    const cancelledMeanwhile = gate();
    queue.define<{ note: string; waitForCancel: boolean }>(kind, async ({ id, payload, completeWith }) => {
      if (payload.waitForCancel) {
        beforeEffect.open();
        await cancelledMeanwhile.opened;
      }
      return completeWith(async (tx) => {
        await tx.execute(sql`insert into job_effects (job_id, note) values (${id}, ${payload.note})`);
        return { written: payload.note };
      });
    });
    await queue.start();
    const workspaceId = await newWorkspaceId(database);

    const kept = await queue.send(
      kind,
      { note: "kept", waitForCancel: false },
      { workspaceId, idempotencyKey: "e1" },
    );
    expect(await finished(queue, workspaceId, kept)).toMatchObject({
      status: "completed",
      result: { written: "kept" },
    });

    const lost = await queue.send(
      kind,
      { note: "lost", waitForCancel: true },
      { workspaceId, idempotencyKey: "e2" },
    );
    await beforeEffect.opened;
    await queue.cancel(workspaceId, lost);
    cancelledMeanwhile.open();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await queue.get(workspaceId, lost))?.status).toBe("cancelled");

    const rows = await database.db.execute(sql`select note from job_effects order by note`);
    expect((rows as unknown as { rows: { note: string }[] }).rows).toEqual([{ note: "kept" }]);
  });

  it("runs a job again when its server died mid-run, and gives up after its attempts", async () => {
    const { queue } = newQueue();
    const kind = kindFor("orphan");
    let runs = 0;
    queue.define(
      kind,
      async () => {
        runs += 1;
      },
      { retryLimit: 1 },
    );
    const workspaceId = await newWorkspaceId(database);
    const retried = await queue.send(kind, {}, { workspaceId, idempotencyKey: "orphan-1" });
    const exhausted = await queue.send(kind, {}, { workspaceId, idempotencyKey: "orphan-2" });
    // What a server killed mid-run leaves: running, under a lease that has run out.
    const past = new Date(Date.now() - 1000);
    await database.db.execute(
      sql`update jobs set status = 'running', lease_id = ${randomUUID()}, locked_until = ${past},
            attempts = case when id = ${exhausted} then 2 else 1 end
          where id in (${retried}, ${exhausted})`,
    );
    await queue.start();

    expect(await finished(queue, workspaceId, retried)).toMatchObject({ status: "completed", attempts: 2 });
    expect(await finished(queue, workspaceId, exhausted)).toMatchObject({
      status: "failed",
      attempts: 3,
      error: "Gave up: the last attempt's server stopped mid-run",
    });
    expect(runs).toBe(1);
  });

  it("waits for running jobs on stop, and hands back those past the deadline", async () => {
    const { queue } = newQueue();
    const kind = kindFor("slow");
    const started = gate();
    let sawAbort = false;
    queue.define(kind, async ({ signal }) => {
      started.open();
      // Ignores the signal for a while, like a handler in the middle of a step.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      sawAbort = signal.aborted;
    });
    await queue.start();
    const workspaceId = await newWorkspaceId(database);
    const id = await queue.send(kind, {}, { workspaceId, idempotencyKey: "slow-1" });
    await started.opened;

    const stopping = Date.now();
    await queue.stop(200);
    expect(Date.now() - stopping).toBeLessThan(1000);
    expect(await queue.get(workspaceId, id)).toMatchObject({ status: "queued", attempts: 0 });
    await waitFor(() => sawAbort, 3000, "the handler to see its signal aborted");

    // The next server to start runs it, as a first attempt.
    const { queue: next } = newQueue();
    next.define(kind, async () => "done");
    await next.start();
    expect(await finished(next, workspaceId, id)).toMatchObject({ status: "completed", attempts: 1 });
  });

  it("runs each kind at most `concurrency` at a time", async () => {
    const { queue } = newQueue();
    const kind = kindFor("narrow");
    let now = 0;
    let most = 0;
    queue.define(
      kind,
      async () => {
        now += 1;
        most = Math.max(most, now);
        await new Promise((resolve) => setTimeout(resolve, 30));
        now -= 1;
      },
      { concurrency: 3 },
    );
    await queue.start();
    const workspaceId = await newWorkspaceId(database);
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, n) => queue.send(kind, {}, { workspaceId, idempotencyKey: `n${n}` })),
    );
    for (const id of ids) await finished(queue, workspaceId, id);
    expect(most).toBe(3);
  });
});
