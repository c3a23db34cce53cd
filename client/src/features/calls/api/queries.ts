import type { Call, CallListResponse, Stats } from "@common/calls";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** Spec 1 §7.2 polling: active call every 10 s (fresh 5 s), call list every 30 s (fresh 15 s). */
export const activeCallQuery = queryOptions<Call | null>({
  queryKey: ["/api/active-call"],
  refetchInterval: 10_000,
  staleTime: 5_000,
});

export const ACTIVE_CALLS_URL = "/api/calls?active=true&limit=100";
export const activeCallsQuery = queryOptions<CallListResponse>({
  queryKey: [ACTIVE_CALLS_URL],
  refetchInterval: 30_000,
  staleTime: 15_000,
});

export const statsQuery = queryOptions<Stats>({ queryKey: ["/api/stats"] });

export const useActiveCall = () => useQuery(activeCallQuery);
export const useActiveCalls = () => useQuery(activeCallsQuery);
export const useStats = () => useQuery(statsQuery);

/** Every cached answer that a change to a call can affect. */
export function isCallQuery(key: readonly unknown[]): boolean {
  const url = String(key[0] ?? "");
  return (
    url.startsWith("/api/calls") ||
    url === "/api/active-call" ||
    url === "/api/stats" ||
    url === "/api/appointments"
  );
}
