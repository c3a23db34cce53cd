import { VoiceCloneListResponse } from "@common/ai-studio";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

/** GET /api/voice-clones: the workspace's voice profiles as the spec's voice clones. */
export const VOICE_CLONES_URL = "/api/voice-clones";

export const voiceClonesQueryOptions = queryOptions({
  queryKey: [VOICE_CLONES_URL],
  queryFn: () => getParsed(VoiceCloneListResponse, VOICE_CLONES_URL),
});

export const useVoiceClones = () => useQuery(voiceClonesQueryOptions);

/** After a change: the clones, and Settings' voice profiles (the same voices). */
export function useRefreshVoiceClones() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [VOICE_CLONES_URL] }),
      queryClient.invalidateQueries({ queryKey: ["/api/voice-profiles"] }),
    ]);
}
