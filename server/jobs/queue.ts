/**
 * The durable job queue: one `jobs` table in the app's own database, claimed with
 * `UPDATE ... WHERE id = (SELECT ... FOR UPDATE SKIP LOCKED LIMIT 1) RETURNING`, on the embedded
 * database (PGlite) and on PostgreSQL alike.
 *
 * Why not pg-boss (suggested by the design guide). It was tried outside the project: pg-boss
 * 10.4.2 on Node 20, on PGlite 0.5.16 through its custom `db` option (`executeSql` sending
 * parameterless, possibly multi-statement text to `exec` and the rest to `query`) and on
 * PostgreSQL 15. It runs on both: it creates its schema, queues 200 jobs, retries, schedules
 * and stops. What decided against it:
 *
 * 1. It breaks the embedded database's only connection. Its maintenance and queue commands are
 *    multi-statement scripts `BEGIN; SET LOCAL lock_timeout ...; pg_advisory_xact_lock(...); ...;
 *    COMMIT;`. When any statement of such a script fails, PostgreSQL skips the rest, COMMIT
 *    included, and leaves the session in an aborted transaction. On a pool that poisons one
 *    connection; on PGlite it is the app's one connection, and every query of every request
 *    then fails ("current transaction is aborted, commands ignored until end of transaction
 *    block") until someone sends ROLLBACK. Reproduced on PGlite with
 *    `exec("BEGIN; SELECT 1/0; COMMIT;")`; pg-boss's own scripts did not fail in the trial, but
 *    one `lock_timeout` or failed maintenance statement would take the whole app down.
 * 2. A crash leaves jobs stuck. v10 has no heartbeat: a job active when its server was killed
 *    stays `active` until `expireIn` (15 minutes by default; the restarted process did not
 *    touch the 5 jobs the SIGKILL interrupted). Shortening `expireIn` instead fails long jobs
 *    while they still run, and another server runs them a second time.
 * 3. What our jobs need is not in it: an idempotency key that returns the first job's id (a
 *    `singletonKey` on a standard queue does not deduplicate; on the other policies the second
 *    send returns null), progress, an abort signal for cancelling a running handler, jobs that
 *    belong to a workspace. That would be a second table beside pg-boss's, kept consistent
 *    with it by hand.
 * 4. Cost on the embedded database: creating its schema took 5.4 s per new database (every test
 *    file gets one), and v10 workers wait a full polling interval even after finding work, so
 *    200 jobs took 20 s at 5 per 0.5 s poll on both engines.
 *
 * This queue instead keeps a lease per running job, renewed by a heartbeat: a dead server's
 * jobs are claimed again once their lease runs out (on PGlite at once on start, as only one
 * process may open its data directory: PGlite does not enforce that, the deployment does), a
 * live server's never are. Every write a worker makes names its lease, which is what
 * makes completing, and the effect written with `completeWith`, happen exactly once.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import type { Database } from "../db/client";
import { createScheduler } from "./scheduler";
import { cancelJob, expireAllLeases, findJob, insertJob } from "./store";
import type { JobEvent, JobKind, JobQueue, JobQueueOptions } from "./types";
import { createWorker, type Definition, toDefinition } from "./worker";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_KEY_LENGTH = 200;
const DEFAULT_STOP_DEADLINE_MS = 10_000;

/**
 * Queues started in this process, per embedded database. Only the first to start may treat
 * running jobs as orphans: a second queue on the same database (tests run two) would otherwise
 * take the first one's jobs away mid-run.
 */
const startedOnPglite = new WeakMap<Database, number>();

const nameOf = (kind: JobKind<unknown> | string) => (typeof kind === "string" ? kind : kind.name);

export function createJobQueue(database: Database, options: JobQueueOptions): JobQueue {
  const { log } = options;
  const now = options.now ?? (() => new Date());
  const definitions = new Map<string, Definition>();
  const db = database.db;

  const emit = (event: JobEvent) => {
    try {
      options.onProgress?.(event);
    } catch (error) {
      log.warn({ err: error, jobId: event.jobId }, "a job progress listener failed");
    }
  };

  const worker = createWorker({
    db,
    definitions,
    log,
    now,
    emit,
    pollMs: options.pollMs ?? 1000,
    leaseMs: options.leaseMs ?? 30_000,
    heartbeatMs: options.heartbeatMs ?? 2000,
    workerName: options.workerName ?? `${os.hostname()}:${process.pid}`,
  });

  const scheduler = createScheduler({
    now,
    log,
    send: (kind, payload, idempotencyKey) => queue.send(kind, payload, { workspaceId: null, idempotencyKey }),
  });

  let started = false;
  const queue: JobQueue = {
    define(kind, handler, defineOptions) {
      if (definitions.has(kind)) throw new Error(`Job kind "${kind}" is already defined`);
      definitions.set(kind, toDefinition(handler as Definition["handler"], defineOptions));
      return { name: kind };
    },

    async send(kind, payload, sendOptions) {
      const name = nameOf(kind);
      if (!definitions.has(name)) throw new Error(`Job kind "${name}" is not defined`);
      const key = sendOptions.idempotencyKey;
      if (!key || key.length > MAX_KEY_LENGTH) {
        throw new Error(`An idempotency key of 1 to ${MAX_KEY_LENGTH} characters is required`);
      }
      const at = now();
      const id = await insertJob(sendOptions.tx ?? db, {
        id: randomUUID(),
        kind: name,
        workspaceId: sendOptions.workspaceId,
        idempotencyKey: key,
        payload,
        runAt: sendOptions.startAfter ?? at,
        now: at,
      });
      worker.nudge();
      return id;
    },

    async get(workspaceId, id) {
      if (!UUID.test(id)) return undefined;
      return findJob(db, workspaceId, id);
    },

    async cancel(workspaceId, id) {
      if (!UUID.test(id)) return undefined;
      const found = await cancelJob(db, workspaceId, id, now());
      if (!found) return undefined;
      const { view } = found;
      if (found.changed) {
        worker.abort(view.id);
        emit({
          workspaceId: found.workspaceId,
          jobId: view.id,
          kind: view.kind,
          status: "cancelled",
          progress: view.progress,
        });
      }
      return view;
    },

    schedule(kind, cron, payload) {
      const name = nameOf(kind);
      if (!definitions.has(name)) throw new Error(`Job kind "${name}" is not defined`);
      scheduler.add(name, cron, payload);
    },

    async start() {
      if (started) return;
      const alreadyHere = startedOnPglite.get(database) ?? 0;
      if (database.engine === "pglite") {
        startedOnPglite.set(database, alreadyHere + 1);
        if (alreadyHere === 0) {
          const orphans = await expireAllLeases(db, now());
          if (orphans > 0) log.info({ orphans }, "jobs left running by the previous process will run again");
        }
      }
      started = true;
      worker.start();
      scheduler.start();
    },

    async stop(deadlineMs = DEFAULT_STOP_DEADLINE_MS) {
      if (!started) return;
      started = false;
      scheduler.stop();
      await worker.stop(deadlineMs);
      if (database.engine === "pglite")
        startedOnPglite.set(database, (startedOnPglite.get(database) ?? 1) - 1);
    },
  };
  return queue;
}
