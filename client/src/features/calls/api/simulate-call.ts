import { type Call, CallOut, type SimulateCallRequest } from "@common/calls";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { useRefreshCalls } from "./refresh-calls";

/** POST /api/calls/simulate: starts a call from a made-up caller. */
export const simulateCall = (body: SimulateCallRequest): Promise<Call> =>
  requestParsed(CallOut, "POST", "/api/calls/simulate", body);

export function useSimulateCall() {
  const refresh = useRefreshCalls();
  return useMutation({ mutationFn: simulateCall, onSuccess: refresh });
}
