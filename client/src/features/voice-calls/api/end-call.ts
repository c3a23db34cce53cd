import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { ACTIVE_VOICE_CALLS_URL } from "./active-voice-calls";

/** PATCH /api/calls/{id} with isActive false: ends a call (the carrier hangs up a live phone call). */
export function useEndVoiceCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (callId: string) => apiRequest("PATCH", `/api/calls/${callId}`, { isActive: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ACTIVE_VOICE_CALLS_URL] }),
  });
}
