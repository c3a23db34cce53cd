/**
 * Background jobs: work that outlives a request, survives a crash and never happens twice.
 *
 * ## The pieces
 *
 * - `queue.ts`: `createJobQueue(database, { log, now?, onProgress? })`, and why the queue is
 *   our own table rather than pg-boss.
 * - `worker.ts` claims and runs jobs; `scheduler.ts` and `cron.ts` queue periodic ones;
 *   `store.ts` is all the SQL. The `jobs` table is a migration like every other
 *   (`server/db/schema/jobs.ts`).
 * - `presenter.ts` turns a job into `JobOut` (`common/jobs.ts`) for `GET /api/jobs/:id`.
 *
 * The composition root builds one queue, defines the kinds (`kinds/`), then calls
 * `start()` after the app is ready and `stop()` on shutdown, before the database closes. It
 * wires `onProgress` to the event bus, so a screen following a job hears of it on /api/events.
 *
 * ## Defining a job (one file per kind in `kinds/`, wired in the composition root)
 *
 * ```ts
 * // jobs/kinds/bulk-dial.ts
 * export type BulkDialPayload = { campaignId: string };
 *
 * export function defineBulkDial(jobs: JobQueue, deps: { calls: CallService }) {
 *   return jobs.define<BulkDialPayload>(
 *     "calls.bulk-dial",
 *     async ({ payload, workspaceId, signal, reportProgress, completeWith }) => {
 *       const pending = await deps.calls.pendingRecipients(payload.campaignId);
 *       for (const [index, recipient] of pending.entries()) {
 *         signal.throwIfAborted(); // cancelled, or the server is stopping
 *         await deps.calls.dial(recipient, { idempotencyKey: recipient.id });
 *         await reportProgress({ done: index + 1, total: pending.length });
 *       }
 *       return { dialled: pending.length }; // stored as the job's result
 *     },
 *     { retryLimit: 3, retryBackoff: 5_000, concurrency: 2 },
 *   );
 * }
 * ```
 *
 * ## Sending one (from a service; the route answers 202 with the id)
 *
 * ```ts
 * const jobId = await jobs.send(bulkDial, { campaignId }, {
 *   workspaceId,
 *   idempotencyKey: `bulk-dial:${campaignId}`, // a retried request gets the same job back
 * });
 * ```
 *
 * Pass `tx` in the options to queue the job inside the transaction that writes what it works
 * on, so neither exists without the other. `jobs.get(workspaceId, id)` and
 * `jobs.cancel(workspaceId, id)` answer undefined for another workspace's job (a 404).
 * Periodic work: `jobs.schedule(kind, "0 3 * * *", payload)` (UTC), defined once at start-up.
 *
 * ## Exactly once
 *
 * A handler can run again: after a crash, after its lease ran out, after a failure. So:
 *
 * - An effect that is a write to our database goes through `completeWith(tx => ...)`: the write
 *   and the job's completion commit together or not at all, so a second run never finds the
 *   first one's write without the job being completed (the crash test proves it under SIGKILL).
 * - An effect in the outside world (a call placed, an email sent) cannot share our transaction.
 *   Key it so that doing it twice is doing it once: pass the job's `id` or `idempotencyKey` (or,
 *   for work that fans out, the recipient row's id) as the outside service's idempotency key,
 *   and keep one row per recipient, marked done only after the service accepted it, so a
 *   retry skips what was done. Check `signal` between steps.
 */
export { presentJob } from "./presenter";
export { createJobQueue } from "./queue";
export {
  type DbTransaction,
  type DefineOptions,
  type JobContext,
  type JobEvent,
  type JobHandler,
  type JobKind,
  type JobLogger,
  JobLostError,
  type JobQueue,
  type JobQueueOptions,
  type JobView,
  type ProgressReport,
  type SendOptions,
} from "./types";
