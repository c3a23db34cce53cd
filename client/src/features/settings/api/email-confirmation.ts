import { EmailSentAnswer } from "@common/auth";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { CurrentUser } from "../../../lib/auth/current-user";
import { useStoreUser } from "../../../lib/auth/session";

/** POST /api/user/email/confirmation: the confirmation link again (for a change waiting, else the email). */
export const resendEmailConfirmation = () =>
  requestParsed(EmailSentAnswer, "POST", "/api/user/email/confirmation");

/** DELETE /api/user/email/pending: drops an email change waiting for its link. */
export const cancelEmailChange = () => requestParsed(CurrentUser, "DELETE", "/api/user/email/pending");

export function useResendEmailConfirmation() {
  return useMutation({ mutationFn: resendEmailConfirmation });
}

export function useCancelEmailChange() {
  const storeUser = useStoreUser();
  return useMutation({ mutationFn: cancelEmailChange, onSuccess: storeUser });
}
