import { ENTERPRISE_POLL_MS, EnterpriseCallStats } from "@common/enterprise";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

export const CALL_STATS_URL = "/api/enterprise/call-stats";

/** GET /api/enterprise/call-stats: live calls and campaign figures. */
export const getCallStats = () => getParsed(EnterpriseCallStats, CALL_STATS_URL);

/** Polled every 5 s while monitoring is Live; Paused stops the polling. */
export const callStatsQueryOptions = (live: boolean) =>
  queryOptions({
    queryKey: [CALL_STATS_URL],
    queryFn: getCallStats,
    refetchInterval: live ? ENTERPRISE_POLL_MS : false,
    staleTime: live ? 0 : Number.POSITIVE_INFINITY,
  });

export const useCallStats = (live: boolean) => useQuery(callStatsQueryOptions(live));
