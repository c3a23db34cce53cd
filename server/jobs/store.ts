import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { JobProgress, JobStatus, JobView } from "./types";

/**
 * All of the queue's SQL. Values are always bound parameters. Every write a worker makes to a
 * job it claimed names the claim's `lease_id` and requires `status = 'running'`, so a worker
 * that lost its job (cancelled, taken over, handed back) changes nothing.
 */

/** A claimed job, as a worker needs it. */
export type ClaimedJob = {
  id: string;
  kind: string;
  workspaceId: string | null;
  idempotencyKey: string;
  payload: unknown;
  attempts: number;
  leaseId: string;
  /** As the last attempt left it (a retry may resume from there). */
  progress: JobProgress;
};

type JobRow = {
  id: string;
  kind: string;
  workspace_id: string | null;
  idempotency_key: string;
  payload: unknown;
  status: JobStatus;
  attempts: number;
  progress_done: number;
  progress_total: number;
  progress_message: string | null;
  error: string | null;
  result: unknown;
  lease_id: string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
};

/** Both drivers answer `{ rows }`; Drizzle's type for it depends on the driver, so it is read here once. */
async function rows<T>(runner: Db, query: SQL): Promise<T[]> {
  const result = (await runner.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
const toDateOrNull = (value: Date | string | null) => (value === null ? null : toDate(value));

export function progressOf(row: Pick<JobRow, "progress_done" | "progress_total" | "progress_message">) {
  return { done: row.progress_done, total: row.progress_total, message: row.progress_message };
}

function toView(row: JobRow): JobView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: progressOf(row),
    attempts: row.attempts,
    error: row.error,
    result: row.result ?? null,
    createdAt: toDate(row.created_at),
    startedAt: toDateOrNull(row.started_at),
    finishedAt: toDateOrNull(row.finished_at),
  };
}

/** JSON for a jsonb parameter: undefined (a handler that returns nothing) is stored as null. */
const json = (value: unknown) => JSON.stringify(value ?? null);

export async function insertJob(
  runner: Db,
  job: {
    id: string;
    kind: string;
    workspaceId: string | null;
    idempotencyKey: string;
    payload: unknown;
    runAt: Date;
    now: Date;
  },
): Promise<string> {
  const inserted = await rows<{ id: string }>(
    runner,
    sql`insert into jobs (id, kind, workspace_id, idempotency_key, payload, status, run_at, created_at, updated_at)
        values (${job.id}, ${job.kind}, ${job.workspaceId}, ${job.idempotencyKey}, ${json(job.payload)}::jsonb,
                'queued', ${job.runAt}, ${job.now}, ${job.now})
        on conflict (workspace_id, kind, idempotency_key) do nothing
        returning id`,
  );
  if (inserted[0]) return inserted[0].id;
  // The key was used before (perhaps a moment ago by another server, whose insert this one waited for).
  const existing = await rows<{ id: string }>(
    runner,
    sql`select id from jobs
        where workspace_id is not distinct from ${job.workspaceId}
          and kind = ${job.kind} and idempotency_key = ${job.idempotencyKey}`,
  );
  if (!existing[0]) throw new Error(`Job with idempotency key ${job.idempotencyKey} vanished while sending`);
  return existing[0].id;
}

export async function findJob(runner: Db, workspaceId: string | null, id: string) {
  const found = await rows<JobRow>(
    runner,
    sql`select * from jobs where id = ${id} and workspace_id is not distinct from ${workspaceId}`,
  );
  return found[0] ? toView(found[0]) : undefined;
}

/**
 * Claims the oldest due job of the given kinds: a queued job whose time has come, or a running
 * one whose lease ran out (its server died). `skip locked` lets servers claim side by side
 * without waiting for, or taking, each other's rows.
 */
export async function claimJob(
  runner: Db,
  claim: { kinds: string[]; leaseId: string; worker: string; now: Date; lockedUntil: Date },
): Promise<ClaimedJob | undefined> {
  const claimed = await rows<JobRow>(
    runner,
    sql`update jobs
        set status = 'running', attempts = attempts + 1, lease_id = ${claim.leaseId}, worker = ${claim.worker},
            locked_until = ${claim.lockedUntil}, started_at = coalesce(started_at, ${claim.now}),
            updated_at = ${claim.now}
        where id = (
          select id from jobs
          where kind in ${claim.kinds}
            and ((status = 'queued' and run_at <= ${claim.now})
              or (status = 'running' and locked_until < ${claim.now}))
          order by run_at, created_at
          limit 1
          for update skip locked
        )
        returning *`,
  );
  const row = claimed[0];
  if (!row) return undefined;
  return {
    id: row.id,
    kind: row.kind,
    workspaceId: row.workspace_id,
    idempotencyKey: row.idempotency_key,
    payload: row.payload,
    attempts: row.attempts,
    leaseId: row.lease_id!,
    progress: progressOf(row),
  };
}

/** Pushes the leases forward; returns those still held (the others were cancelled or taken over). */
export async function renewLeases(runner: Db, leaseIds: string[], lockedUntil: Date): Promise<Set<string>> {
  if (leaseIds.length === 0) return new Set();
  const held = await rows<{ lease_id: string }>(
    runner,
    sql`update jobs set locked_until = ${lockedUntil}
        where lease_id in ${leaseIds} and status = 'running'
        returning lease_id`,
  );
  return new Set(held.map((row) => row.lease_id));
}

/** Records progress; false when the job is no longer this lease's. */
export async function saveProgress(
  runner: Db,
  leaseId: string,
  progress: JobProgress,
  now: Date,
): Promise<boolean> {
  const saved = await rows<{ id: string }>(
    runner,
    sql`update jobs set progress_done = ${progress.done}, progress_total = ${progress.total},
          progress_message = ${progress.message}, updated_at = ${now}
        where lease_id = ${leaseId} and status = 'running'
        returning id`,
  );
  return saved.length > 0;
}

type Finished = { workspaceId: string | null; progress: JobProgress } | undefined;

async function finish(runner: Db, query: SQL): Promise<Finished> {
  const finished = await rows<JobRow>(runner, query);
  const row = finished[0];
  return row ? { workspaceId: row.workspace_id, progress: progressOf(row) } : undefined;
}

export function completeJob(runner: Db, leaseId: string, result: unknown, now: Date): Promise<Finished> {
  return finish(
    runner,
    sql`update jobs set status = 'completed', result = ${json(result)}::jsonb, error = null,
          finished_at = ${now}, updated_at = ${now}, lease_id = null, locked_until = null
        where lease_id = ${leaseId} and status = 'running'
        returning *`,
  );
}

export function failJob(runner: Db, leaseId: string, error: string, now: Date): Promise<Finished> {
  return finish(
    runner,
    sql`update jobs set status = 'failed', error = ${error}, finished_at = ${now}, updated_at = ${now},
          lease_id = null, locked_until = null
        where lease_id = ${leaseId} and status = 'running'
        returning *`,
  );
}

/** Back to the queue until `runAt`, keeping the error for the screen. */
export function retryJob(
  runner: Db,
  leaseId: string,
  error: string,
  runAt: Date,
  now: Date,
): Promise<Finished> {
  return finish(
    runner,
    sql`update jobs set status = 'queued', error = ${error}, run_at = ${runAt}, updated_at = ${now},
          lease_id = null, locked_until = null
        where lease_id = ${leaseId} and status = 'running'
        returning *`,
  );
}

/** A graceful stop hands a running job back at once, and the interrupted attempt is not counted. */
export function releaseJob(runner: Db, leaseId: string, now: Date): Promise<Finished> {
  return finish(
    runner,
    sql`update jobs set status = 'queued', attempts = attempts - 1, run_at = ${now}, updated_at = ${now},
          lease_id = null, locked_until = null
        where lease_id = ${leaseId} and status = 'running'
        returning *`,
  );
}

/**
 * Cancels a queued or running job of the workspace and returns it as it now is (unchanged if
 * it had already finished), or undefined when there is no such job in that workspace.
 */
export async function cancelJob(
  runner: Db,
  workspaceId: string | null,
  id: string,
  now: Date,
): Promise<{ view: JobView; workspaceId: string | null; changed: boolean } | undefined> {
  const cancelled = await rows<JobRow>(
    runner,
    sql`update jobs set status = 'cancelled', finished_at = ${now}, updated_at = ${now},
          lease_id = null, locked_until = null
        where id = ${id} and workspace_id is not distinct from ${workspaceId}
          and status in ('queued', 'running')
        returning *`,
  );
  if (cancelled[0])
    return { view: toView(cancelled[0]), workspaceId: cancelled[0].workspace_id, changed: true };
  const view = await findJob(runner, workspaceId, id);
  return view ? { view, workspaceId, changed: false } : undefined;
}

/**
 * The embedded database is one process's: whatever is `running` when it opens was running in
 * a process that is gone, so its leases end now instead of after the lease time.
 */
export async function expireAllLeases(runner: Db, now: Date): Promise<number> {
  const expired = await rows<{ id: string }>(
    runner,
    sql`update jobs set locked_until = ${now} where status = 'running' and locked_until > ${now} returning id`,
  );
  return expired.length;
}
