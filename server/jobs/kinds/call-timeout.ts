import type { JobQueue } from "../types";

/**
 * The platform's call time limit (the administrator's defaultCallTimeout): a
 * scheduled job every minute ends the live calls older than it, whichever server claims the
 * tick. A call therefore ends within a minute after its limit.
 */
export function scheduleCallTimeout(jobs: JobQueue, deps: { endOverdueCalls: () => Promise<number> }): void {
  const overdue = jobs.define("calls.end-overdue", async () => ({ ended: await deps.endOverdueCalls() }));
  jobs.schedule(overdue, "* * * * *", {});
}
