import { SystemTestStats } from "@common/telephony";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

export const SYSTEM_TEST_STATS_URL = "/api/call-system-test/stats";

/** GET /api/call-system-test/stats: the test's calls and figures, from the calls table. */
export const getSystemTestStats = () => getParsed(SystemTestStats, SYSTEM_TEST_STATS_URL);

/** Every 2 s. */
export const systemTestStatsQueryOptions = queryOptions({
  queryKey: [SYSTEM_TEST_STATS_URL],
  queryFn: getSystemTestStats,
  refetchInterval: 2000,
  staleTime: 1000,
});

export const useSystemTestStats = () => useQuery(systemTestStatsQueryOptions);
