import { AnalyticsResponse } from "@common/phone-system";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";
import { GRASSHOPPER_URL } from "./keys";

/** GET /api/grasshopper/analytics: the six figures, from the calls to the workspace's numbers. */
export const analyticsQueryOptions = queryOptions({
  queryKey: [GRASSHOPPER_URL, "analytics"],
  queryFn: async () => (await getParsed(AnalyticsResponse, `${GRASSHOPPER_URL}/analytics`)).analytics,
  // Calls to the numbers land at any time; a slow refresh keeps the figures current.
  refetchInterval: 15_000,
});

export const useAnalytics = () => useQuery(analyticsQueryOptions);
