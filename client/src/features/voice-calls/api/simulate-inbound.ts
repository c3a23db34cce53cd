import type { SimulatedInboundRequest } from "@common/telephony";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { ACTIVE_VOICE_CALLS_URL } from "./active-voice-calls";

/** POST /api/telephony/simulator/calls: the simulator rings the account's number with a caller's script. */
export function useSimulateInbound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SimulatedInboundRequest) =>
      apiRequest<{ callSid: string; to: string }>("POST", "/api/telephony/simulator/calls", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ACTIVE_VOICE_CALLS_URL] }),
  });
}
