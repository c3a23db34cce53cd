import { type VoiceClone, VoiceCloneOut } from "@common/ai-studio";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { useRefreshVoiceClones, VOICE_CLONES_URL } from "./get-voice-clones";

/** PUT /api/voice-clones/:id/activate: this voice speaks on the workspace's calls. */
export const activateVoiceClone = (id: string): Promise<VoiceClone> =>
  requestParsed(VoiceCloneOut, "PUT", `${VOICE_CLONES_URL}/${id}/activate`);

export function useActivateVoiceClone() {
  const refresh = useRefreshVoiceClones();
  return useMutation({ mutationFn: activateVoiceClone, onSuccess: refresh });
}
