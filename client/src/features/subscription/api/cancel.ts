import type { CancelResponse } from "@common/billing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, USER_QUERY_KEY } from "../../../lib/api";
import { SUBSCRIPTION_URL } from "./subscription";

/** POST /api/subscription/cancel: ends at the period's end (a trial ends now). */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CancelResponse>("POST", "/api/subscription/cancel"),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [SUBSCRIPTION_URL] });
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}
