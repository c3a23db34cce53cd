import { CurrentDemoResponse } from "@common/telephony";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

export const CURRENT_DEMO_URL = "/api/conversation/demo";

/**
 * GET /api/conversation/demo: the account's demo call still in progress, so coming back to the
 * screen picks it up instead of showing "Not started".
 */
export const getCurrentDemo = () => getParsed(CurrentDemoResponse, CURRENT_DEMO_URL);

/** Read fresh on every visit. */
export const currentDemoQueryOptions = queryOptions({
  queryKey: [CURRENT_DEMO_URL],
  queryFn: getCurrentDemo,
  staleTime: 0,
  gcTime: 0,
});

export const useCurrentDemo = () => useQuery(currentDemoQueryOptions);
