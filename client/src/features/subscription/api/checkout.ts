import type { CheckoutResponse } from "@common/billing";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

/** POST /api/subscription/checkout {planId}; the browser then goes to the session address. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (planId: string) =>
      apiRequest<CheckoutResponse>("POST", "/api/subscription/checkout", { planId }),
    onSuccess: ({ sessionUrl }) => window.location.assign(sessionUrl),
  });
}
