import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { CurrentUser } from "../../../lib/auth/current-user";
import { useStoreUser } from "../../../lib/auth/session";

/** POST /api/user/accept-terms: records the version accepted; the answer is the updated account. */
export function acceptTerms(termsVersion: string): Promise<CurrentUser> {
  return requestParsed(CurrentUser, "POST", "/api/user/accept-terms", { termsVersion });
}

export function useAcceptTerms() {
  const storeUser = useStoreUser();
  return useMutation({ mutationFn: acceptTerms, onSuccess: storeUser });
}
