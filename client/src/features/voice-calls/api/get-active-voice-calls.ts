import { ActiveVoiceCallsResponse } from "@common/telephony";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

export const ACTIVE_VOICE_CALLS_URL = "/api/voice/active-calls";

/** GET /api/voice/active-calls: the account's voice calls in progress. */
export const getActiveVoiceCalls = () => getParsed(ActiveVoiceCallsResponse, ACTIVE_VOICE_CALLS_URL);

/** Active voice calls are polled every 2 s. */
export const activeVoiceCallsQueryOptions = queryOptions({
  queryKey: [ACTIVE_VOICE_CALLS_URL],
  queryFn: getActiveVoiceCalls,
  refetchInterval: 2000,
  staleTime: 1000,
});

export const useActiveVoiceCalls = () => useQuery(activeVoiceCallsQueryOptions);
