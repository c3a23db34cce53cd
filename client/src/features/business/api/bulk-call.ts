import type { BulkCallRequest } from "@common/business";
import { JobAccepted } from "@common/jobs";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";

/**
 * POST /api/calls/bulk {phoneNumbers, callPurpose}: 202 with the job that places one outbound
 * call per number; the screen follows it with useJob (lib/shared-api/get-job.ts).
 */
export const bulkCall = (body: BulkCallRequest) =>
  requestParsed(JobAccepted, "POST", "/api/calls/bulk", body);

export const useBulkCall = () => useMutation({ mutationFn: bulkCall });
