import type { Call, ProcessAudioResponse, SimulateCallRequest } from "@common/calls";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, throwIfNotOk } from "../../../lib/api";
import { isCallQuery } from "./queries";

function useRefreshCalls() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => isCallQuery(query.queryKey) });
}

export function useSimulateCall() {
  const refresh = useRefreshCalls();
  return useMutation({
    mutationFn: (body: SimulateCallRequest) => apiRequest<Call>("POST", "/api/calls/simulate", body),
    onSuccess: refresh,
  });
}

/**
 * Spec 1 §7.2: multipart with an `audio` field, recorded audio (named as a wav) or the typed
 * text as a plain-text blob.
 */
export async function processAudio(
  callId: string,
  audio: Blob,
  filename: string,
): Promise<ProcessAudioResponse> {
  const form = new FormData();
  form.append("audio", audio, filename);
  const response = await fetch(`/api/calls/${callId}/process-audio`, {
    method: "POST",
    body: form,
    credentials: "include",
  });
  await throwIfNotOk(response);
  return (await response.json()) as ProcessAudioResponse;
}

export function useProcessAudio(callId: string | undefined) {
  const refresh = useRefreshCalls();
  return useMutation({
    mutationFn: ({ audio, filename }: { audio: Blob; filename: string }) => {
      if (!callId) throw new Error("No active call");
      return processAudio(callId, audio, filename);
    },
    onSettled: refresh,
  });
}

export function useEndCall() {
  const refresh = useRefreshCalls();
  return useMutation({
    mutationFn: ({ callId, duration }: { callId: string; duration: number }) =>
      apiRequest<Call>("PATCH", `/api/calls/${callId}`, {
        isActive: false,
        endTime: new Date().toISOString(),
        status: "completed",
        duration,
      }),
    onSettled: refresh,
  });
}

export function useHoldCall() {
  const refresh = useRefreshCalls();
  return useMutation({
    mutationFn: ({ callId, isOnHold }: { callId: string; isOnHold: boolean }) =>
      apiRequest<Call>("POST", `/api/calls/${callId}/hold`, { isOnHold }),
    onSettled: refresh,
  });
}

export function useTransferCall() {
  const refresh = useRefreshCalls();
  return useMutation({
    mutationFn: (callId: string) => apiRequest<Call>("POST", `/api/calls/${callId}/transfer`, {}),
    onSettled: refresh,
  });
}
