import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import {
  type ClaimedJob,
  claimJob,
  completeJob,
  failJob,
  releaseJob,
  renewLeases,
  retryJob,
  saveProgress,
} from "./store";
import {
  type DefineOptions,
  type JobContext,
  type JobEvent,
  type JobHandler,
  type JobLogger,
  JobLostError,
  type JobProgress,
  type JobStatus,
  type ProgressReport,
  UnretryableJobError,
} from "./types";

export type Definition = {
  handler: JobHandler<unknown>;
  retryLimit: number;
  retryBackoff: number;
  concurrency: number;
};

export const DEFAULT_DEFINITION: Omit<Definition, "handler"> = {
  retryLimit: 3,
  retryBackoff: 1000,
  concurrency: 1,
};

export function toDefinition(handler: JobHandler<unknown>, options: DefineOptions = {}): Definition {
  const definition = { ...DEFAULT_DEFINITION, ...options, handler };
  if (!Number.isInteger(definition.concurrency) || definition.concurrency < 1) {
    throw new Error("concurrency must be a whole number of at least 1");
  }
  if (!Number.isInteger(definition.retryLimit) || definition.retryLimit < 0) {
    throw new Error("retryLimit must be a whole number of at least 0");
  }
  return definition;
}

const MAX_BACKOFF_MS = 60 * 60 * 1000;
const MAX_ERROR_LENGTH = 2000;

/** The wait before attempt `attempt + 1`: the base, doubled for each attempt after the first. */
export function backoffMs(base: number, attempt: number): number {
  return Math.min(base * 2 ** (attempt - 1), MAX_BACKOFF_MS);
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, MAX_ERROR_LENGTH) || "Failed without a message";
}

const MAX_PROGRESS_MESSAGE_LENGTH = 500;

/** Whole, non-negative counts (the columns are integers) and a bounded message. */
function toProgress(report: ProgressReport): JobProgress {
  const count = (value: number) => (Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0);
  return {
    done: count(report.done),
    total: count(report.total),
    message: report.message?.slice(0, MAX_PROGRESS_MESSAGE_LENGTH) ?? null,
  };
}

type Running = { job: ClaimedJob; controller: AbortController; finished: Promise<void> };

export type WorkerDeps = {
  db: Db;
  definitions: Map<string, Definition>;
  log: JobLogger;
  now: () => Date;
  emit: (event: JobEvent) => void;
  pollMs: number;
  leaseMs: number;
  heartbeatMs: number;
  workerName: string;
};

/**
 * Claims due jobs of the kinds defined here, one at a time while any kind has a free slot, and
 * runs each to an outcome: completed, retried later, failed for good, or (if it lost its lease
 * or was cancelled) left to whoever owns it now. A heartbeat keeps the leases of running jobs
 * alive and aborts the signal of any job that is no longer ours.
 */
export function createWorker(deps: WorkerDeps) {
  const { db, definitions, log, now, emit } = deps;
  const running = new Map<string, Running>();
  let stopping = false;
  let loop: Promise<void> | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  /** Set by a nudge that came while the loop was not waiting (mid-claim), so its next wait is skipped. */
  let nudged = false;

  /** Ends the loop's current wait: a job was sent here, or a slot came free. */
  const nudge = () => {
    nudged = true;
    wake?.();
  };
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (nudged) {
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  const busy = (kind: string) => [...running.values()].filter((r) => r.job.kind === kind).length;
  const kindsWithRoom = () =>
    [...definitions].filter(([kind, d]) => busy(kind) < d.concurrency).map(([kind]) => kind);

  async function claimLoop(): Promise<void> {
    while (!stopping) {
      nudged = false;
      const kinds = kindsWithRoom();
      if (kinds.length === 0) {
        await pause(deps.pollMs);
        continue;
      }
      let job: ClaimedJob | undefined;
      try {
        const at = now();
        job = await claimJob(db, {
          kinds,
          leaseId: randomUUID(),
          worker: deps.workerName,
          now: at,
          lockedUntil: new Date(at.getTime() + deps.leaseMs),
        });
      } catch (error) {
        log.error({ err: error }, "claiming a job failed");
      }
      if (!job) {
        await pause(deps.pollMs);
        continue;
      }
      if (stopping) {
        await releaseJob(db, job.leaseId, now());
        break;
      }
      start(job);
    }
  }

  function start(job: ClaimedJob): void {
    const controller = new AbortController();
    const entry: Running = { job, controller, finished: Promise.resolve() };
    running.set(job.id, entry);
    entry.finished = run(job, controller.signal)
      .catch((error: unknown) => log.error({ err: error, jobId: job.id }, "recording a job's outcome failed"))
      .finally(() => {
        running.delete(job.id);
        nudge();
      });
  }

  const event = (job: ClaimedJob, status: JobStatus, progress: JobEvent["progress"]) =>
    emit({ workspaceId: job.workspaceId, jobId: job.id, kind: job.kind, status, progress });

  async function run(job: ClaimedJob, signal: AbortSignal): Promise<void> {
    const definition = definitions.get(job.kind)!;
    // A job whose server died mid-run is claimed again, and that counts as an attempt: a job
    // that kills its server every time ends here instead of forever.
    if (job.attempts > definition.retryLimit + 1) {
      const failed = await failJob(
        db,
        job.leaseId,
        "Gave up: the last attempt's server stopped mid-run",
        now(),
      );
      if (failed) event(job, "failed", failed.progress);
      return;
    }
    event(job, "running", job.progress);
    let completed = false;
    const context: JobContext<unknown> = {
      id: job.id,
      kind: job.kind,
      payload: job.payload,
      workspaceId: job.workspaceId,
      idempotencyKey: job.idempotencyKey,
      attempt: job.attempts,
      signal,
      async reportProgress(report) {
        const progress = toProgress(report);
        if (await saveProgress(db, job.leaseId, progress, now())) event(job, "running", progress);
      },
      async completeWith(effect) {
        let progress: JobEvent["progress"] | undefined;
        const result = await db.transaction(async (tx) => {
          const value = await effect(tx);
          const done = await completeJob(tx, job.leaseId, value, now());
          if (!done) throw new JobLostError(job.id);
          progress = done.progress;
          return value;
        });
        completed = true;
        event(job, "completed", progress!);
        return result;
      },
    };

    let result: unknown;
    try {
      result = await definition.handler(context);
    } catch (error) {
      if (completed) {
        log.warn({ err: error, jobId: job.id }, "a job threw after completing; it stays completed");
        return;
      }
      await recordFailure(job, definition, error);
      return;
    }
    if (completed) return;
    let done: Awaited<ReturnType<typeof completeJob>>;
    try {
      done = await completeJob(db, job.leaseId, result, now());
    } catch (error) {
      // A result that cannot be stored (not JSON) fails the attempt rather than leaving it running.
      await recordFailure(
        job,
        definition,
        new Error(`Saving the job's result failed: ${errorMessage(error)}`),
      );
      return;
    }
    if (done) event(job, "completed", done.progress);
  }

  async function recordFailure(job: ClaimedJob, definition: Definition, error: unknown): Promise<void> {
    const message = errorMessage(error);
    const at = now();
    if (job.attempts <= definition.retryLimit && !(error instanceof UnretryableJobError)) {
      const runAt = new Date(at.getTime() + backoffMs(definition.retryBackoff, job.attempts));
      const queued = await retryJob(db, job.leaseId, message, runAt, at);
      if (queued) {
        log.warn(
          { jobId: job.id, kind: job.kind, attempt: job.attempts, runAt, error: message },
          "job will retry",
        );
        event(job, "queued", queued.progress);
      }
      return;
    }
    const failed = await failJob(db, job.leaseId, message, at);
    if (failed) {
      log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, error: message }, "job failed");
      event(job, "failed", failed.progress);
    }
  }

  async function renew(): Promise<void> {
    const leases = [...running.values()].map((r) => r.job.leaseId);
    if (leases.length === 0) return;
    const held = await renewLeases(db, leases, new Date(now().getTime() + deps.leaseMs));
    for (const entry of running.values()) {
      if (!held.has(entry.job.leaseId)) entry.controller.abort(new JobLostError(entry.job.id));
    }
  }

  return {
    nudge,
    start() {
      stopping = false;
      loop = claimLoop();
      heartbeat = setInterval(() => {
        renew().catch((error: unknown) => log.warn({ err: error }, "renewing job leases failed"));
      }, deps.heartbeatMs);
    },
    /** Aborts a job running here at once (cancel called on this server). */
    abort(jobId: string): void {
      running.get(jobId)?.controller.abort(new JobLostError(jobId));
    },
    async stop(deadlineMs: number): Promise<void> {
      stopping = true;
      nudge();
      await loop;
      const allFinished = Promise.all([...running.values()].map((r) => r.finished));
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, deadlineMs);
      });
      await Promise.race([allFinished, deadline]);
      clearTimeout(timer);
      clearInterval(heartbeat);
      // Handlers still running past the deadline: their jobs go back to the queue for another
      // server or the next start, and the handlers are told to stop.
      for (const entry of [...running.values()]) {
        const released = await releaseJob(db, entry.job.leaseId, now());
        entry.controller.abort(new Error("The server is stopping"));
        if (released) {
          log.warn({ jobId: entry.job.id, kind: entry.job.kind }, "handed a running job back to the queue");
          event(entry.job, "queued", released.progress);
        }
      }
    },
  };
}

export type Worker = ReturnType<typeof createWorker>;
