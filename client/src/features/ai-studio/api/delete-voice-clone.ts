import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { useRefreshVoiceClones, VOICE_CLONES_URL } from "./get-voice-clones";

/** DELETE /api/voice-clones/:id: the profile, its recording and any cloned voice. */
export const deleteVoiceClone = (id: string) => apiRequest<void>("DELETE", `${VOICE_CLONES_URL}/${id}`);

export function useDeleteVoiceClone() {
  const refresh = useRefreshVoiceClones();
  return useMutation({ mutationFn: deleteVoiceClone, onSuccess: refresh });
}
