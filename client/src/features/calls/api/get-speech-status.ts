import { SpeechStatusOut } from "@common/speech";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

/** GET /api/speech/status: which recogniser transcribes recorded turns on the server, and how well. */
export const getSpeechStatus = () => getParsed(SpeechStatusOut, "/api/speech/status");

export const speechStatusQueryOptions = queryOptions({
  queryKey: ["/api/speech/status"],
  queryFn: getSpeechStatus,
  staleTime: 5 * 60_000,
});

export const useSpeechStatus = () => useQuery(speechStatusQueryOptions);
