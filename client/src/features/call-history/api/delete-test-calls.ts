import type { DeleteTestCallsResponse } from "@common/calls";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { useRefreshCalls } from "./refresh-calls";

/** DELETE /api/calls/test-calls: every ended test call; live ones stay until they end. */
export function useDeleteTestCalls() {
  const refresh = useRefreshCalls();
  return useMutation({
    mutationFn: () => apiRequest<DeleteTestCallsResponse>("DELETE", "/api/calls/test-calls"),
    onSettled: refresh,
  });
}
