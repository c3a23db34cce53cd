import type { OutboundCallRequest, OutboundCallResponse } from "@common/telephony";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { ACTIVE_VOICE_CALLS_URL } from "./active-voice-calls";

/** POST /api/voice/outbound: places a call through Twilio, or the simulator without it. */
export function usePlaceOutbound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OutboundCallRequest) =>
      apiRequest<OutboundCallResponse>("POST", "/api/voice/outbound", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ACTIVE_VOICE_CALLS_URL] }),
  });
}
