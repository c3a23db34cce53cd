import type { JobOut } from "../../common/jobs";
import type { JobView } from "./types";

/** A job as `GET /api/jobs/:id` answers it. */
export function presentJob(job: JobView): JobOut {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    progress: job.progress,
    attempts: job.attempts,
    error: job.error,
    result: job.result,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}
