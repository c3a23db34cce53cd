import type { SystemTestStats } from "@common/telephony";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const SYSTEM_TEST_STATS_URL = "/api/call-system-test/stats";

/** Spec 2 §9: test statistics every 2 s, from the calls table. */
export const systemTestStatsQuery = queryOptions<SystemTestStats>({
  queryKey: [SYSTEM_TEST_STATS_URL],
  refetchInterval: 2000,
  staleTime: 1000,
});

export const useSystemTestStats = () => useQuery(systemTestStatsQuery);
