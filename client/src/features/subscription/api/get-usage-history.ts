import { UsageHistoryResponse } from "@common/billing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

/** GET /api/subscription/usage-history: advanced analytics (pro and the plans above it; 402 otherwise). */
export const getUsageHistory = () => getParsed(UsageHistoryResponse, "/api/subscription/usage-history");

export const usageHistoryQueryOptions = queryOptions({
  queryKey: ["/api/subscription/usage-history"],
  queryFn: getUsageHistory,
});

export const useUsageHistory = (enabled: boolean) => useQuery({ ...usageHistoryQueryOptions, enabled });
