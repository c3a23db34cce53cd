import { type PasswordChange, PasswordChanged } from "@common/user";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";

/** POST /api/user/password: the current password and a new one; other sessions are signed out. */
export const changePassword = (change: PasswordChange) =>
  requestParsed(PasswordChanged, "POST", "/api/user/password", change);

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
