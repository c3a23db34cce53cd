import { type AnalyticsRange, ENTERPRISE_POLL_MS, EnterpriseAnalytics } from "@common/enterprise";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

export const ANALYTICS_URL = "/api/enterprise/analytics";

/** GET /api/enterprise/analytics?timeRange=24h|7d|30d, computed from the workspace's calls. */
export const getAnalytics = (range: AnalyticsRange) =>
  getParsed(EnterpriseAnalytics, `${ANALYTICS_URL}?timeRange=${range}`);

/** Refreshed with the rest of the dashboard while Live. */
export const analyticsQueryOptions = (range: AnalyticsRange, live: boolean) =>
  queryOptions({
    queryKey: [ANALYTICS_URL, range],
    queryFn: () => getAnalytics(range),
    refetchInterval: live ? ENTERPRISE_POLL_MS : false,
    placeholderData: keepPreviousData,
  });

export const useAnalytics = (range: AnalyticsRange, live: boolean) =>
  useQuery(analyticsQueryOptions(range, live));
