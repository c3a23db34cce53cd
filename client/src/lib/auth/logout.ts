import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../api";
import { useSetSignedInUser } from "./session";

/** POST /api/auth/logout: ends the session. Its answer carries nothing the app reads. */
export async function logout(): Promise<void> {
  await apiRequest("POST", "/api/auth/logout");
}

/** Signs out; whatever the server answers, this browser shows the signed-out view. */
export function useLogout() {
  const setUser = useSetSignedInUser();
  return useMutation({ mutationFn: logout, onSettled: () => setUser(null) });
}
