import type { LoginRequest, SignupNotCompleted, SignupRequest } from "@common/auth";
import type { User } from "@common/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, USER_QUERY_KEY } from "../../../lib/api";

type SignedIn = { user: User };

/**
 * After any sign-in or sign-out, nothing cached for the previous account may survive.
 *
 * The user query itself is updated in place, never removed: `queryClient.clear()` used to drop
 * it, and the views already mounted (the app's route switch, the shell) stayed subscribed to the
 * dropped query, so they kept showing the landing page until something re-rendered them. Every
 * other query belongs to the previous account and goes; the screens that mount next load afresh.
 */
function useSetSignedInUser() {
  const queryClient = useQueryClient();
  return (user: User | null) => {
    queryClient.setQueryData(USER_QUERY_KEY, user);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
  };
}

export function useLogin() {
  const setUser = useSetSignedInUser();
  return useMutation({
    mutationFn: (body: LoginRequest) => apiRequest<SignedIn>("POST", "/api/auth/login", body),
    onSuccess: ({ user }) => setUser(user),
  });
}

/** 201 signs the new account in; 202 created nothing and signed nobody in (the form shows why). */
export function useSignup() {
  const setUser = useSetSignedInUser();
  return useMutation({
    mutationFn: (body: SignupRequest) =>
      apiRequest<SignedIn | SignupNotCompleted>("POST", "/api/auth/signup", body),
    onSuccess: (answer) => {
      if ("user" in answer) setUser(answer.user);
    },
  });
}

export function useLogout() {
  const setUser = useSetSignedInUser();
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/auth/logout"),
    onSettled: () => setUser(null),
  });
}

export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (termsVersion: string) =>
      apiRequest<User>("POST", "/api/user/accept-terms", { termsVersion }),
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
}
