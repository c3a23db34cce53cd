import type { LoginRequest, SignupRequest } from "@common/auth";
import type { User } from "@common/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, USER_QUERY_KEY } from "../../../lib/api";

type SignedIn = { user: User };

/** After any sign-in or sign-out, nothing cached for the previous account may survive. */
function useSetSignedInUser() {
  const queryClient = useQueryClient();
  return (user: User | null) => {
    queryClient.clear();
    queryClient.setQueryData(USER_QUERY_KEY, user);
  };
}

export function useLogin() {
  const setUser = useSetSignedInUser();
  return useMutation({
    mutationFn: (body: LoginRequest) => apiRequest<SignedIn>("POST", "/api/auth/login", body),
    onSuccess: ({ user }) => setUser(user),
  });
}

export function useSignup() {
  const setUser = useSetSignedInUser();
  return useMutation({
    mutationFn: (body: SignupRequest) => apiRequest<SignedIn>("POST", "/api/auth/signup", body),
    onSuccess: ({ user }) => setUser(user),
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
