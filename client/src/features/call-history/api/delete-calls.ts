import { type DeleteCallsRequest, DeleteCallsResponse } from "@common/calls";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { useRefreshCalls } from "./refresh-calls";

/** POST /api/calls/delete: the calls chosen in the list, all or none. */
export const deleteCalls = (body: DeleteCallsRequest) =>
  requestParsed(DeleteCallsResponse, "POST", "/api/calls/delete", body);

export function useDeleteCalls() {
  const refresh = useRefreshCalls();
  return useMutation({ mutationFn: deleteCalls, onSettled: refresh });
}
