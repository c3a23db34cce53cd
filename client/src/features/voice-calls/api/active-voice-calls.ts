import type { ActiveVoiceCallsResponse } from "@common/telephony";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const ACTIVE_VOICE_CALLS_URL = "/api/voice/active-calls";

/** Spec 2 §9: active voice calls are polled every 2 s. */
export const activeVoiceCallsQuery = queryOptions<ActiveVoiceCallsResponse>({
  queryKey: [ACTIVE_VOICE_CALLS_URL],
  refetchInterval: 2000,
  staleTime: 1000,
});

export const useActiveVoiceCalls = () => useQuery(activeVoiceCallsQuery);
