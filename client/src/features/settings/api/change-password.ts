import type { PasswordChange, PasswordChanged } from "@common/user";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

/** POST /api/user/password: the current password and a new one; other sessions are signed out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (change: PasswordChange) => apiRequest<PasswordChanged>("POST", "/api/user/password", change),
  });
}
