import { type Call, CallOut } from "@common/calls";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { useRefreshCalls } from "./refresh-calls";

/** POST /api/calls/{id}/hold {isOnHold}: puts the caller on hold or takes them off. */
export const holdCall = ({ callId, isOnHold }: { callId: string; isOnHold: boolean }): Promise<Call> =>
  requestParsed(CallOut, "POST", `/api/calls/${callId}/hold`, { isOnHold });

export function useHoldCall() {
  const refresh = useRefreshCalls();
  return useMutation({ mutationFn: holdCall, onSettled: refresh });
}
