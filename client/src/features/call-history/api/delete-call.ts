import { DeleteCallsResponse } from "@common/calls";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { useRefreshCalls } from "./refresh-calls";

/** DELETE /api/calls/{id}: one ended call (a live one answers 409: end it first). */
export const deleteCall = (callId: string) =>
  requestParsed(DeleteCallsResponse, "DELETE", `/api/calls/${callId}`);

export function useDeleteCall() {
  const refresh = useRefreshCalls();
  return useMutation({ mutationFn: deleteCall, onSettled: refresh });
}
