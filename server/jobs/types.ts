import type { JobProgress, JobStatus } from "../../common/jobs";
import type { Db } from "../db/client";

export type { JobProgress, JobStatus };

/** A transaction on the app's database: repositories that take a `Db` accept it too. */
export type DbTransaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What a handler reports; `message` is optional ("Dialled 40 of 200"). */
export type ProgressReport = { done: number; total: number; message?: string };

/** What a job's handler is given for one attempt. */
export type JobContext<Payload> = {
  id: string;
  kind: string;
  payload: Payload;
  /** Null for system-wide jobs (cron schedules). */
  workspaceId: string | null;
  /** The key the job was sent with: stable across attempts, for outside services' idempotency. */
  idempotencyKey: string;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
  /**
   * Aborted when the job is cancelled, when this worker lost the job (its lease ran out and
   * another worker took it), or when the server stops and the job is handed back. Pass it to
   * fetch and timers; stop between steps when it is aborted.
   */
  signal: AbortSignal;
  reportProgress(progress: ProgressReport): Promise<void>;
  /**
   * Exactly-once for database effects: runs `effect` and the job's completion in one
   * transaction on the app's database. Either both commit or neither does, so a retry after a
   * crash never repeats a committed effect. If the job was cancelled or taken over meanwhile,
   * the completion finds no job to complete, the transaction rolls back (the effect with it)
   * and this throws `JobLostError`.
   *
   * Inside `effect` use only `tx`: on the embedded database the transaction holds the one
   * connection, so a query through the app's `db` would wait for it forever. Keep it short
   * (no outside calls): it holds locks.
   */
  completeWith<Result>(effect: (tx: DbTransaction) => Promise<Result>): Promise<Result>;
};

/** Returns the job's result (JSON, stored on the job) or nothing. */
export type JobHandler<Payload> = (context: JobContext<Payload>) => Promise<unknown>;

export type DefineOptions = {
  /** Retries after the first attempt (default 3): a job runs at most retryLimit + 1 times. */
  retryLimit?: number;
  /** The first retry's delay in ms (default 1000); each later retry waits twice as long, up to an hour. */
  retryBackoff?: number;
  /** How many jobs of this kind one server runs at once (default 1). */
  concurrency?: number;
};

/** What `define` returns: the kind's name carrying its payload type, for typed sends. */
export type JobKind<Payload> = { readonly name: string; readonly payloadType?: Payload };

export type SendOptions = {
  /** Whose job it is; null for system-wide work. `get` and `cancel` only see their workspace's jobs. */
  workspaceId: string | null;
  /**
   * Unique per workspace and kind: a second send with the same key returns the first job's id
   * and queues nothing (a double-clicked button, a retried request, every server's cron tick).
   */
  idempotencyKey: string;
  /** Not before this time. */
  startAfter?: Date;
  /**
   * Queue inside the caller's transaction: the job exists only if the caller's write commits.
   * The queue must have been started (or used once) before, so that its table exists.
   */
  tx?: Db;
};

/** A job as the API shows it. */
export type JobView = {
  id: string;
  kind: string;
  status: JobStatus;
  progress: JobProgress;
  attempts: number;
  /** The last attempt's error; kept when the job fails for good, and while it waits to retry. */
  error: string | null;
  result: unknown;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
};

/** Fired on progress and on every status change this server makes; the app sends it to /api/events. */
export type JobEvent = {
  workspaceId: string | null;
  jobId: string;
  kind: string;
  status: JobStatus;
  progress: JobProgress;
};

/** The pino-style subset of Fastify's logger the queue writes to. */
export type JobLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type JobQueueOptions = {
  log: JobLogger;
  /** The clock for run times, leases and schedules (tests move it); default the system clock. */
  now?: () => Date;
  onProgress?: (event: JobEvent) => void;
  /** How often an idle server looks for due jobs (default 1000 ms). Local sends wake it at once. */
  pollMs?: number;
  /** How long a claimed job stays claimed without a heartbeat (default 30 s): a dead server's jobs wait this long. */
  leaseMs?: number;
  /** How often running jobs renew their lease and learn of cancellations elsewhere (default 2000 ms). */
  heartbeatMs?: number;
  /** A name for this server in the `worker` column (default host and process id). */
  workerName?: string;
};

export type JobQueue = {
  define<Payload>(kind: string, handler: JobHandler<Payload>, options?: DefineOptions): JobKind<Payload>;
  /** Queues a job; returns its id (the existing job's id when the idempotency key was used before). */
  send<Payload>(kind: JobKind<Payload> | string, payload: Payload, options: SendOptions): Promise<string>;
  /** The job, or undefined when it does not exist or belongs to another workspace. */
  get(workspaceId: string | null, id: string): Promise<JobView | undefined>;
  /**
   * Cancels a queued or running job (a running handler's signal aborts). Returns the job as it
   * now is (a finished job is left as it was), or undefined as for `get`.
   */
  cancel(workspaceId: string | null, id: string): Promise<JobView | undefined>;
  /**
   * Queues `kind` with `payload` at every tick of `cron` (UTC; five fields, or six with seconds
   * first). Every server runs the timer; the tick's idempotency key lets only one job in.
   * Ticks while no server runs are skipped, not caught up.
   */
  schedule<Payload>(kind: JobKind<Payload> | string, cron: string, payload: Payload): void;
  /** Creates the table if needed, then claims and runs jobs and fires schedules. */
  start(): Promise<void>;
  /**
   * Stops claiming and scheduling and waits for running handlers up to `deadlineMs` (default
   * 10 s). Those still running then have their signal aborted and are handed back to the queue
   * without losing an attempt, so another server (or this one's next start) runs them.
   */
  stop(deadlineMs?: number): Promise<void>;
};

/** Thrown by `completeWith` when the job is no longer this worker's to complete. */
export class JobLostError extends Error {
  constructor(jobId: string) {
    super(`Job ${jobId} was cancelled or taken over by another worker; its effect was rolled back`);
    this.name = "JobLostError";
  }
}

/**
 * Thrown by a handler whose input itself is wrong (a file past the CSV limits): no retry could
 * mend it, so the job fails at once with this message instead of waiting out its retries.
 */
export class UnretryableJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnretryableJobError";
  }
}
