import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { CurrentUser } from "./current-user";
import { getUser, userQueryOptions } from "./use-user";

const { queryKey } = userQueryOptions;

/**
 * After any sign-in or sign-out, nothing cached for the previous account may survive.
 *
 * The user query itself is updated in place, never removed: `queryClient.clear()` used to drop
 * it, and the views already mounted (the app's route switch, the shell) stayed subscribed to the
 * dropped query, so they kept showing the landing page until something re-rendered them. Every
 * other query belongs to the previous account and goes; the screens that mount next load afresh.
 * A user read still on its way started before the change and is cancelled, never allowed to land
 * over it.
 */
export function useSetSignedInUser() {
  const queryClient = useQueryClient();
  return async (user: CurrentUser | null) => {
    await queryClient.cancelQueries({ queryKey, exact: true });
    queryClient.setQueryData(queryKey, user);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKey[0] });
  };
}

/**
 * After the session moved to another workspace (a switch, an accepted invitation): the account is
 * read again (its workspace, role and plan changed) and every other query, all of them answers about
 * the previous workspace, starts over. Unlike sign-in, the screen on view stays signed in, so its
 * queries are reset rather than removed: a mounted view sees its data go and loads the new
 * workspace's at once, instead of keeping the old answers while detached from the cache. Requests
 * still on their way started in the previous workspace and are cancelled first.
 */
export function useEnterWorkspace() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const others = {
      predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== queryKey[0],
    };
    await queryClient.cancelQueries();
    const user = await getUser();
    queryClient.setQueryData(queryKey, user);
    void queryClient.resetQueries(others);
  }, [queryClient]);
}

/** Stores the account a change answered with (profile, terms). */
export function useStoreUser() {
  const queryClient = useQueryClient();
  return async (user: CurrentUser) => {
    await queryClient.cancelQueries({ queryKey, exact: true });
    queryClient.setQueryData(queryKey, user);
  };
}

/** Marks the account stale after a change elsewhere touched it (plan, time zone); mounted views re-read it. */
export function useRefreshUser() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey, exact: true }), [queryClient]);
}
