import type { CurrentDemoResponse } from "@common/telephony";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const CURRENT_DEMO_URL = "/api/conversation/demo";

/**
 * GET /api/conversation/demo: the account's demo call still in progress, so coming back to the
 * screen picks it up instead of showing "Not started". Read fresh on every visit.
 */
export const currentDemoQuery = queryOptions<CurrentDemoResponse>({
  queryKey: [CURRENT_DEMO_URL],
  staleTime: 0,
  gcTime: 0,
});

export const useCurrentDemo = () => useQuery(currentDemoQuery);
