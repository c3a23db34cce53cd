import type { LoginRequest } from "@common/auth";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { SignedIn } from "../../../lib/auth/current-user";
import { useSetSignedInUser } from "../../../lib/auth/session";

/** POST /api/auth/login: email or username and password; the answer is the account signed in. */
export function login(body: LoginRequest): Promise<SignedIn> {
  return requestParsed(SignedIn, "POST", "/api/auth/login", body);
}

export function useLogin() {
  const setUser = useSetSignedInUser();
  return useMutation({ mutationFn: login, onSuccess: ({ user }) => setUser(user) });
}
