import { queryOptions, useQuery } from "@tanstack/react-query";
import { throwIfNotOk, USER_QUERY_KEY } from "../api";
import { CurrentUser } from "./current-user";

/** GET /api/user: the signed-in account, or null when nobody is signed in (401). */
export async function getUser(): Promise<CurrentUser | null> {
  const response = await fetch(USER_QUERY_KEY[0], { credentials: "include" });
  if (response.status === 401) return null;
  await throwIfNotOk(response);
  return CurrentUser.parse(await response.json());
}

/** Cached 30 s, never retried. Every reader of the current user goes through here. */
export const userQueryOptions = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: getUser,
  staleTime: 30_000,
  retry: false,
});

/** The signed-in user, or null when signed out (and while the first answer is on its way). */
export function useUser() {
  const query = useQuery(userQueryOptions);
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error };
}
