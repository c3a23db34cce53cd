import { type Call, CallOut } from "@common/calls";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { useRefreshCalls } from "./refresh-calls";

/** POST /api/calls/{id}/transfer: puts the caller through to the account's cellphone. */
export const transferCall = (callId: string): Promise<Call> =>
  requestParsed(CallOut, "POST", `/api/calls/${callId}/transfer`, {});

export function useTransferCall() {
  const refresh = useRefreshCalls();
  return useMutation({ mutationFn: transferCall, onSettled: refresh });
}
