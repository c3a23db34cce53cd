import { VoiceProfileOut } from "@common/voice";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { useRefreshVoiceProfiles, VOICE_PROFILES_URL } from "./get-voice-profiles";

/** PUT /api/voice-profiles/:id/activate: one active profile at a time. */
export const activateVoiceProfile = (id: string) =>
  requestParsed(VoiceProfileOut, "PUT", `${VOICE_PROFILES_URL}/${id}/activate`);

export function useActivateVoiceProfile() {
  const refresh = useRefreshVoiceProfiles();
  return useMutation({ mutationFn: activateVoiceProfile, onSuccess: refresh });
}
