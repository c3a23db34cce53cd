import { ProcessAudioResponse } from "@common/calls";
import { useMutation } from "@tanstack/react-query";
import { throwIfNotOk } from "../../../lib/api";
import { useRefreshCalls } from "./refresh-calls";

/**
 * POST /api/calls/{id}/process-audio. The spec: multipart with an `audio` field, recorded
 * audio (named as a wav) or the typed text as a plain-text blob.
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
  return ProcessAudioResponse.parse(await response.json());
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
