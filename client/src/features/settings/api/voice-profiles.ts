import type { CreateVoiceProfile, VoiceProfile, VoiceService } from "@common/voice";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, throwIfNotOk } from "../../../lib/api";

/** GET /api/voice-profiles: the account's profiles, newest first. */
export const VOICE_PROFILES_URL = "/api/voice-profiles";

export const voiceProfilesQuery = queryOptions<VoiceProfile[]>({ queryKey: [VOICE_PROFILES_URL] });
export const useVoiceProfiles = () => useQuery(voiceProfilesQuery);

/** GET /api/voice-profiles/service: whether cloning is available, in words. */
export const voiceServiceQuery = queryOptions<VoiceService>({
  queryKey: [`${VOICE_PROFILES_URL}/service`],
  staleTime: 5 * 60_000,
});
export const useVoiceService = () => useQuery(voiceServiceQuery);

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: voiceProfilesQuery.queryKey });
}

/** POST /api/voice-profiles {voiceName, audioData, consent}. */
export function useCreateVoiceProfile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateVoiceProfile) =>
      apiRequest<VoiceProfile & { notice: string | null }>("POST", VOICE_PROFILES_URL, body),
    onSuccess: refresh,
  });
}

/** PUT /api/voice-profiles/:id/activate: one active profile at a time. */
export function useActivateVoiceProfile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiRequest<VoiceProfile>("PUT", `${VOICE_PROFILES_URL}/${id}/activate`),
    onSuccess: refresh,
  });
}

/** DELETE /api/voice-profiles/:id: the profile, its sample file and any cloned voice. */
export function useDeleteVoiceProfile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>("DELETE", `${VOICE_PROFILES_URL}/${id}`),
    onSuccess: refresh,
  });
}

/** Fetches audio (the sample, or the voice speaking) as a playable object URL; throws ApiError on refusal. */
export async function fetchAudio(url: string): Promise<string> {
  const response = await fetch(url, { credentials: "include" });
  await throwIfNotOk(response);
  return URL.createObjectURL(await response.blob());
}
