import { z } from "zod";

/**
 * Background jobs: long work (bulk calls, imports, campaign runs) answers 202 with a
 * job id; the screen follows it through `GET /api/jobs/:id` and `job` events on /api/events.
 */

export const JOB_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;
export const JobStatus = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatus>;

/** Statuses a job never leaves. */
export const FINISHED_JOB_STATUSES: readonly JobStatus[] = ["completed", "failed", "cancelled"];

export const JobProgress = z.object({
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  message: z.string().nullable(),
});
export type JobProgress = z.infer<typeof JobProgress>;

export const JobOut = z.object({
  id: z.uuid(),
  kind: z.string(),
  status: JobStatus,
  progress: JobProgress,
  /** Attempts started so far, the running one included. */
  attempts: z.number().int().nonnegative(),
  /** The last attempt's error message, kept when the job fails for good. */
  error: z.string().nullable(),
  /** What the job returned, when it completed. */
  result: z.unknown(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type JobOut = z.infer<typeof JobOut>;

export const JobIdParams = z.object({ id: z.uuid("That job id is not valid") });

/** The 202 answer of a request that queued a job. */
export const JobAccepted = z.object({ jobId: z.uuid() });
export type JobAccepted = z.infer<typeof JobAccepted>;

/** The live event on /api/events when a job moves or reports progress. */
export const JobEventOut = z.object({
  type: z.literal("job"),
  jobId: z.uuid(),
  kind: z.string(),
  status: JobStatus,
  progress: JobProgress,
});
export type JobEventOut = z.infer<typeof JobEventOut>;
