import type { EnterpriseBulkCallRequest } from "@common/enterprise";
import { JobAccepted } from "@common/jobs";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";

/**
 * POST /api/enterprise/bulk-call {phoneNumbers, callPurpose}: 202 with the calls.bulk job; its
 * result's results.successful counts the calls placed (followed with useJob).
 */
export const enterpriseBulkCall = (body: EnterpriseBulkCallRequest) =>
  requestParsed(JobAccepted, "POST", "/api/enterprise/bulk-call", body);

export const useEnterpriseBulkCall = () => useMutation({ mutationFn: enterpriseBulkCall });
