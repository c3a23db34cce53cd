import { CallOut } from "@common/calls";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { activeVoiceCallsQueryOptions } from "./get-active-voice-calls";

/** PATCH /api/calls/{id} with isActive false: ends a call (the carrier hangs up a live phone call). */
export const endCall = (callId: string) =>
  requestParsed(CallOut, "PATCH", `/api/calls/${callId}`, { isActive: false });

/** Real Voice Calls: the list of active calls reloads. */
export function useEndVoiceCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endCall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activeVoiceCallsQueryOptions.queryKey }),
  });
}

/** A demo call the user closes; it is kept in Call History. */
export function useEndDemo() {
  return useMutation({ mutationFn: endCall });
}
