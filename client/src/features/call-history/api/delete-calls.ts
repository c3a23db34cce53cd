import type { DeleteCallsRequest, DeleteCallsResponse } from "@common/calls";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { useRefreshCalls } from "./refresh-calls";

/** POST /api/calls/delete: the calls chosen in the list, all or none. */
export function useDeleteCalls() {
  const refresh = useRefreshCalls();
  return useMutation({
    mutationFn: (body: DeleteCallsRequest) =>
      apiRequest<DeleteCallsResponse>("POST", "/api/calls/delete", body),
    onSettled: refresh,
  });
}
