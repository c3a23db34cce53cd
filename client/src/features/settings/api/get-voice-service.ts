import { VoiceServiceOut } from "@common/voice";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";
import { VOICE_PROFILES_URL } from "./get-voice-profiles";

/** GET /api/voice-profiles/service: whether cloning is available, in words. */
export const getVoiceService = () => getParsed(VoiceServiceOut, `${VOICE_PROFILES_URL}/service`);

export const voiceServiceQueryOptions = queryOptions({
  queryKey: [`${VOICE_PROFILES_URL}/service`],
  queryFn: getVoiceService,
  staleTime: 5 * 60_000,
});

export const useVoiceService = () => useQuery(voiceServiceQueryOptions);
