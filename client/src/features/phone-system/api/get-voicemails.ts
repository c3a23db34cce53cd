import { VOICEMAILS_SHOWN, VoicemailsResponse } from "@common/phone-system";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";
import { GRASSHOPPER_URL } from "./keys";

/** Seconds between refreshes while a message is being transcribed, and otherwise. */
const PENDING_POLL_MS = 3_000;
const IDLE_POLL_MS = 10_000;

/** GET /api/grasshopper/voicemails: the newest first; the screen shows the first five. */
export const voicemailsQueryOptions = queryOptions({
  queryKey: [GRASSHOPPER_URL, "voicemails"],
  queryFn: async () =>
    (await getParsed(VoicemailsResponse, `${GRASSHOPPER_URL}/voicemails?limit=${VOICEMAILS_SHOWN}`))
      .voicemails,
  refetchInterval: (query) =>
    query.state.data?.some((voicemail) => voicemail.transcriptionStatus === "pending")
      ? PENDING_POLL_MS
      : IDLE_POLL_MS,
});

export const useVoicemails = () => useQuery(voicemailsQueryOptions);
