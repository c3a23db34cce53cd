import type { UsageHistoryResponse } from "@common/billing";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** GET /api/subscription/usage-history: advanced analytics (pro and the plans above it; 402 otherwise). */
export const usageHistoryQuery = queryOptions<UsageHistoryResponse>({
  queryKey: ["/api/subscription/usage-history"],
});

export const useUsageHistory = (enabled: boolean) => useQuery({ ...usageHistoryQuery, enabled });
