import { SystemStatus } from "@common/http";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

export const SYSTEM_STATUS_URL = "/api/health/details";

/** GET /api/health/details: what this server runs, part by part. */
export const getSystemStatus = () => getParsed(SystemStatus, SYSTEM_STATUS_URL);

/** Checked again each minute. */
export const systemStatusQueryOptions = queryOptions({
  queryKey: [SYSTEM_STATUS_URL],
  queryFn: getSystemStatus,
  staleTime: 60_000,
  refetchInterval: 60_000,
});

export const useSystemStatus = () => useQuery(systemStatusQueryOptions);
