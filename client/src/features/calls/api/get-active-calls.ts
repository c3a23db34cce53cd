import { CallListResponse } from "@common/calls";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

/** GET /api/calls?active=true: every call in progress. */
export const ACTIVE_CALLS_URL = "/api/calls?active=true&limit=100";

export const getActiveCalls = () => getParsed(CallListResponse, ACTIVE_CALLS_URL);

/** Polling: the call list every 30 s, fresh for 15 s. */
export const activeCallsQueryOptions = queryOptions({
  queryKey: [ACTIVE_CALLS_URL],
  queryFn: getActiveCalls,
  refetchInterval: 30_000,
  staleTime: 15_000,
});

export const useActiveCalls = () => useQuery(activeCallsQueryOptions);
