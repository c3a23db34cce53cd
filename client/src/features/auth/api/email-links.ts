import {
  type ConfirmEmailRequest,
  EmailSentAnswer,
  type PasswordReset,
  type PasswordResetRequest,
} from "@common/auth";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { SignedIn } from "../../../lib/auth/current-user";
import { useSetSignedInUser } from "../../../lib/auth/session";

/** POST /api/auth/confirm-email: the token of a confirmation link; the answer signs the person in. */
export const confirmEmail = (body: ConfirmEmailRequest) =>
  requestParsed(SignedIn, "POST", "/api/auth/confirm-email", body);

/** POST /api/auth/forgot-password: sends a reset link when an account uses the address (same answer either way). */
export const requestPasswordReset = (body: PasswordResetRequest) =>
  requestParsed(EmailSentAnswer, "POST", "/api/auth/forgot-password", body);

/** POST /api/auth/reset-password: the token of a reset link and a new password; signs the person in. */
export const resetPassword = (body: PasswordReset) =>
  requestParsed(SignedIn, "POST", "/api/auth/reset-password", body);

export function useConfirmEmail() {
  const setUser = useSetSignedInUser();
  return useMutation({ mutationFn: confirmEmail, onSuccess: ({ user }) => setUser(user) });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  const setUser = useSetSignedInUser();
  return useMutation({ mutationFn: resetPassword, onSuccess: ({ user }) => setUser(user) });
}
