import { type Call, CallOut } from "@common/calls";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { useRefreshCalls } from "./refresh-calls";

/** PATCH /api/calls/{id}: ends the call as completed, with how long it lasted. */
export const endCall = ({ callId, duration }: { callId: string; duration: number }): Promise<Call> =>
  requestParsed(CallOut, "PATCH", `/api/calls/${callId}`, {
    isActive: false,
    endTime: new Date().toISOString(),
    status: "completed",
    duration,
  });

export function useEndCall() {
  const refresh = useRefreshCalls();
  return useMutation({ mutationFn: endCall, onSettled: refresh });
}
