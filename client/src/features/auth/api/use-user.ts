import type { User } from "@common/user";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn, USER_QUERY_KEY } from "../../../lib/api";

/** The signed-in user, or null when signed out. Cached 30 s, never retried (spec 1 §9). */
export const userQueryOptions = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: getQueryFn<User>({ on401: "returnNull" }),
  staleTime: 30_000,
  retry: false,
});

export function useUser() {
  const query = useQuery(userQueryOptions);
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error };
}
