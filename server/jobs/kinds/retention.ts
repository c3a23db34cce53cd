import type { RetentionService } from "../../features/retention/service";
import type { JobKind, JobQueue } from "../types";

export type RetentionPayload = Record<string, never>;

/**
 * The Terms kept (features/retention), each a job on the queue so that one server runs each
 * tick: every hour, recordings and voicemail audio past their period are deleted
 * (retention.recordings), and ended workspaces' owners warned or their data deleted
 * (retention.workspaces). Each job's result is what it deleted. One at a time: a run pages
 * through the work and the next tick finds only what is left.
 */
export function defineRetention(
  jobs: JobQueue,
  deps: { retention: Pick<RetentionService, "sweepRecordings" | "expireWorkspaces"> },
): { recordings: JobKind<RetentionPayload>; workspaces: JobKind<RetentionPayload> } {
  const options = { concurrency: 1, retryLimit: 2, retryBackoff: 60_000 };
  return {
    recordings: jobs.define<RetentionPayload>(
      "retention.recordings",
      ({ signal }) => deps.retention.sweepRecordings(signal),
      options,
    ),
    workspaces: jobs.define<RetentionPayload>(
      "retention.workspaces",
      ({ signal }) => deps.retention.expireWorkspaces(signal),
      options,
    ),
  };
}

export function scheduleRetention(
  jobs: JobQueue,
  kinds: { recordings: JobKind<RetentionPayload>; workspaces: JobKind<RetentionPayload> },
): void {
  jobs.schedule(kinds.recordings, "7 * * * *", {});
  jobs.schedule(kinds.workspaces, "37 * * * *", {});
}
