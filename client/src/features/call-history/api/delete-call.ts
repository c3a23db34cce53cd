import type { DeleteCallsResponse } from "@common/calls";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { useRefreshCalls } from "./refresh-calls";

/** DELETE /api/calls/{id}: one ended call (a live one answers 409: end it first). */
export function useDeleteCall() {
  const refresh = useRefreshCalls();
  return useMutation({
    mutationFn: (callId: string) => apiRequest<DeleteCallsResponse>("DELETE", `/api/calls/${callId}`),
    onSettled: refresh,
  });
}
