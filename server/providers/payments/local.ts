import type { PaymentsProvider } from "./types";

/**
 * The default provider: no card network. Its checkout address is a page of this app showing the
 * order; confirming it there produces the same checkout.session.completed event Stripe would send.
 */
export function localPayments(): PaymentsProvider {
  return {
    name: "local",
    async createCheckout(input) {
      return { providerSessionId: input.checkoutId, url: `/checkout/${input.checkoutId}` };
    },
    async cancelAtPeriodEnd() {},
    async cancelNow() {},
  };
}
