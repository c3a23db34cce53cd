import { BULK_CALL_FAILED, BulkCallResponse } from "@common/business";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { toast } from "../toast";
import { isFinished, useJob } from "./get-job";

/**
 * A bulk-call job (`calls.bulk`) followed to its end, for every screen that starts one (Business
 * Features, the enterprise Call Controls): its progress, its result once completed, and the
 * spec's toast told once per job, when the queries matching `refresh` are read again.
 */
export function useBulkCallJob(jobId: string | null, refresh: RegExp) {
  const job = useJob(jobId).data;
  const queryClient = useQueryClient();
  const running = Boolean(jobId) && !isFinished(job);
  const parsed = job?.status === "completed" ? BulkCallResponse.safeParse(job.result) : null;
  const result = parsed?.success ? parsed.data : null;

  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!jobId || !job || !isFinished(job) || announced.current === jobId) return;
    announced.current = jobId;
    void queryClient.invalidateQueries({ predicate: (query) => refresh.test(String(query.queryKey[0])) });
    if (job.status === "completed" && result) {
      const { successful, failed } = result.results;
      toast({
        title: "Bulk Calls Placed",
        description: `${successful} call${successful === 1 ? "" : "s"} placed${failed ? `, ${failed} could not be placed` : ""}.`,
      });
    } else if (job.status === "failed") {
      toast({
        title: "Bulk Call Failed",
        description: job.error ?? BULK_CALL_FAILED,
        variant: "destructive",
      });
    } else if (job.status === "cancelled") {
      toast({ title: "Bulk Calls Stopped", description: "The numbers not yet dialled were left alone." });
    }
  }, [jobId, job, result, queryClient, refresh]);

  return { job, result, running };
}
