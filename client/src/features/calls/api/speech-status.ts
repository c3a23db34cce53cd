import type { SpeechStatus } from "@common/speech";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** GET /api/speech/status: which recogniser transcribes recorded turns on the server, and how well. */
export const speechStatusQuery = queryOptions<SpeechStatus>({
  queryKey: ["/api/speech/status"],
  staleTime: 5 * 60_000,
});
export const useSpeechStatus = () => useQuery(speechStatusQuery);
