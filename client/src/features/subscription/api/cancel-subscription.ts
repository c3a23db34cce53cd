import { CancelResponse } from "@common/billing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { useRefreshUser } from "../../../lib/auth/session";
import { subscriptionQueryOptions } from "../../../lib/shared-api/get-subscription";

/** POST /api/subscription/cancel: ends at the period's end (a trial ends now). */
export const cancelSubscription = () => requestParsed(CancelResponse, "POST", "/api/subscription/cancel");

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: subscriptionQueryOptions.queryKey });
      await refreshUser();
    },
  });
}
