import { type BulkCallRequest, BulkCallResponse } from "@common/business";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";

/** POST /api/calls/bulk {phoneNumbers, callPurpose}: one outbound call per number. */
export const bulkCall = (body: BulkCallRequest) =>
  requestParsed(BulkCallResponse, "POST", "/api/calls/bulk", body);

export function useBulkCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkCall,
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith("/api/") }),
  });
}
