import { CheckoutResponse } from "@common/billing";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../api";

/**
 * POST /api/subscription/checkout {planId}; the browser then goes to the session address.
 * Subscription buys the listed plans with it, Enterprise the enterprise plans.
 */
export const startCheckout = (planId: string) =>
  requestParsed(CheckoutResponse, "POST", "/api/subscription/checkout", { planId });

export function useStartCheckout() {
  return useMutation({
    mutationFn: startCheckout,
    onSuccess: ({ sessionUrl }) => window.location.assign(sessionUrl),
  });
}
