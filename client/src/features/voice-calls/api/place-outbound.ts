import { type OutboundCallRequest, OutboundCallResponse } from "@common/telephony";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { activeVoiceCallsQueryOptions } from "./get-active-voice-calls";

/** POST /api/voice/outbound: places a call through Twilio, or the simulator without it. */
export const placeOutbound = (body: OutboundCallRequest) =>
  requestParsed(OutboundCallResponse, "POST", "/api/voice/outbound", body);

export function usePlaceOutbound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOutbound,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activeVoiceCallsQueryOptions.queryKey }),
  });
}
