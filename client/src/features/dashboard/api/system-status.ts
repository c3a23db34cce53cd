import { SystemStatus } from "@common/http";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

export const SYSTEM_STATUS_URL = "/api/health/details";

/** What this server runs, part by part (GET /api/health/details); checked again each minute. */
export const systemStatusQuery = queryOptions({
  queryKey: [SYSTEM_STATUS_URL],
  queryFn: async () => SystemStatus.parse(await apiRequest("GET", SYSTEM_STATUS_URL)),
  staleTime: 60_000,
  refetchInterval: 60_000,
});

export const useSystemStatus = () => useQuery(systemStatusQuery);
