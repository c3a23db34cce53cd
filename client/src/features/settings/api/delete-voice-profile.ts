import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { useRefreshVoiceProfiles, VOICE_PROFILES_URL } from "./get-voice-profiles";

/** DELETE /api/voice-profiles/:id: the profile, its sample file and any cloned voice (204, no body). */
export async function deleteVoiceProfile(id: string): Promise<void> {
  await apiRequest("DELETE", `${VOICE_PROFILES_URL}/${id}`);
}

export function useDeleteVoiceProfile() {
  const refresh = useRefreshVoiceProfiles();
  return useMutation({ mutationFn: deleteVoiceProfile, onSuccess: refresh });
}
