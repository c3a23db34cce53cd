import { type VoiceProfile, VoiceProfileOut } from "@common/voice";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { getParsed } from "../../../lib/api";

export const VOICE_PROFILES_URL = "/api/voice-profiles";

/** GET /api/voice-profiles: the account's profiles, newest first. */
export const getVoiceProfiles = (): Promise<VoiceProfile[]> =>
  getParsed(z.array(VoiceProfileOut), VOICE_PROFILES_URL);

export const voiceProfilesQueryOptions = queryOptions({
  queryKey: [VOICE_PROFILES_URL],
  queryFn: getVoiceProfiles,
});

export const useVoiceProfiles = () => useQuery(voiceProfilesQueryOptions);

/** After a profile was added, activated or deleted. */
export function useRefreshVoiceProfiles() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: voiceProfilesQueryOptions.queryKey });
}
