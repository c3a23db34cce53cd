import { ConfirmCheckoutResponse } from "@common/billing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { useRefreshUser } from "../../../lib/auth/session";
import { subscriptionQueryOptions } from "../../../lib/shared-api/get-subscription";
import { checkoutSessionQueryOptions, checkoutSessionUrl } from "./get-checkout-session";

/** POST /api/checkout/:id/confirm: pays the order; the plan changes at once. */
export const confirmCheckout = (id: string) =>
  requestParsed(ConfirmCheckoutResponse, "POST", `${checkoutSessionUrl(id)}/confirm`);

export function useConfirmCheckout(id: string) {
  const queryClient = useQueryClient();
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: () => confirmCheckout(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: subscriptionQueryOptions.queryKey });
      await refreshUser();
      await queryClient.invalidateQueries({ queryKey: checkoutSessionQueryOptions(id).queryKey });
    },
  });
}
