import { type CreateVoiceProfile, VoiceProfileCreated } from "@common/voice";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { useRefreshVoiceProfiles, VOICE_PROFILES_URL } from "./get-voice-profiles";

/** POST /api/voice-profiles {voiceName, audioData, consent}: the profile, and a notice when it was not cloned. */
export const createVoiceProfile = (body: CreateVoiceProfile) =>
  requestParsed(VoiceProfileCreated, "POST", VOICE_PROFILES_URL, body);

export function useCreateVoiceProfile() {
  const refresh = useRefreshVoiceProfiles();
  return useMutation({ mutationFn: createVoiceProfile, onSuccess: refresh });
}
