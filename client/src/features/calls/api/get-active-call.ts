import { CallOut } from "@common/calls";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

const ActiveCall = CallOut.nullable();

/** GET /api/active-call: the newest call in progress, or null. */
export const getActiveCall = () => getParsed(ActiveCall, "/api/active-call");

/** Polling: every 10 s, fresh for 5 s. */
export const activeCallQueryOptions = queryOptions({
  queryKey: ["/api/active-call"],
  queryFn: getActiveCall,
  refetchInterval: 10_000,
  staleTime: 5_000,
});

export const useActiveCall = () => useQuery(activeCallQueryOptions);
