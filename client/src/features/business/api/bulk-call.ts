import type { BulkCallRequest, BulkCallResponse } from "@common/business";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

/** POST /api/calls/bulk {phoneNumbers, callPurpose}: one outbound call per number. */
export function useBulkCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkCallRequest) => apiRequest<BulkCallResponse>("POST", "/api/calls/bulk", body),
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith("/api/") }),
  });
}
