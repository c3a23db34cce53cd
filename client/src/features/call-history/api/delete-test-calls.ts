import { DeleteTestCallsResponse } from "@common/calls";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { useRefreshCalls } from "./refresh-calls";

/** DELETE /api/calls/test-calls: every ended test call; live ones stay until they end. */
export const deleteTestCalls = () =>
  requestParsed(DeleteTestCallsResponse, "DELETE", "/api/calls/test-calls");

export function useDeleteTestCalls() {
  const refresh = useRefreshCalls();
  return useMutation({ mutationFn: deleteTestCalls, onSettled: refresh });
}
