import type { DialerRuntime } from "../../features/dialer/runtime";
import type { JobQueue } from "../types";

/** How often a tick job is queued, and how often it ticks while it runs. */
const JOB_EVERY = "*/10 * * * * *";
const TICK_EVERY_MS = 1_000;
const TICKS_PER_JOB = 9;

/**
 * The autodialer's tick on the jobs queue. Every 10 seconds one job (the cron tick's
 * idempotency key lets one server in) ticks the dialer once a second for 9 seconds: pacing reacts
 * within a second, and the jobs table gains 8,640 rows a day instead of 86,400. Nothing in a
 * tick needs the job's transaction: each claim commits its own attempts with their unique dial
 * keys, so a tick cut off by a crash or a lost lease leaves queued attempts that the next tick's
 * recovery dials under the same keys. Stops between ticks when the job is aborted (the server
 * stopping hands it back).
 */
export function scheduleDialerTick(jobs: JobQueue, deps: { runtime: Pick<DialerRuntime, "tick"> }): void {
  const kind = jobs.define(
    "dialer.tick",
    async ({ signal }) => {
      let dialled = 0;
      for (let tick = 0; tick < TICKS_PER_JOB && !signal.aborted; tick++) {
        const started = Date.now();
        const report = await deps.runtime.tick();
        dialled += report.results.dialled;
        const wait = TICK_EVERY_MS - (Date.now() - started);
        if (wait > 0 && tick < TICKS_PER_JOB - 1) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      return { dialled };
    },
    { retryLimit: 0 },
  );
  jobs.schedule(kind, JOB_EVERY, {});
}
