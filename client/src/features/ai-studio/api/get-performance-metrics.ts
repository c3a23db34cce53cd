import { PerformanceMetricsOut } from "@common/ai-studio";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

/** GET /api/ai-studio/performance-metrics: figures counted from the workspace's stored calls. */
export const PERFORMANCE_URL = "/api/ai-studio/performance-metrics";

export const performanceQueryOptions = queryOptions({
  queryKey: [PERFORMANCE_URL],
  queryFn: () => getParsed(PerformanceMetricsOut, PERFORMANCE_URL),
});

export const usePerformanceMetrics = () => useQuery(performanceQueryOptions);
