import { FINISHED_JOB_STATUSES, type JobOut, JobOut as JobSchema } from "@common/jobs";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getParsed, requestParsed } from "../api";

/**
 * GET /api/jobs/:id: a background job a screen started (bulk calls today; imports and campaigns
 * later), polled every second until it finishes. DELETE cancels it. Shared: every area that
 * starts long work follows it the same way.
 */
const jobUrl = (id: string) => `/api/jobs/${id}`;

export const isFinished = (job: JobOut | undefined) =>
  Boolean(job && FINISHED_JOB_STATUSES.includes(job.status));

export const jobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [jobUrl(id)],
    queryFn: () => getParsed(JobSchema, jobUrl(id)),
    refetchInterval: (query) => (isFinished(query.state.data) ? false : 1000),
  });

export const useJob = (id: string | null) => useQuery({ ...jobQueryOptions(id ?? ""), enabled: Boolean(id) });

export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requestParsed(JobSchema, "DELETE", jobUrl(id)),
    onSuccess: (job) => queryClient.setQueryData(jobQueryOptions(job.id).queryKey, job),
  });
}
