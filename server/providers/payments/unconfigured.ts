import { type PaymentsProvider, PaymentsUnavailable } from "./types";

/**
 * A server with no way to take money (production without Stripe and without PAYMENTS_PROVIDER=local).
 * The billing service refuses checkout before reaching it; these answer the same should anything
 * else ask.
 */
export function unconfiguredPayments(): PaymentsProvider {
  const refuse = async (): Promise<never> => {
    throw new PaymentsUnavailable("Payments are not configured on this server");
  };
  return {
    name: "none",
    createCheckout: refuse,
    cancelAtPeriodEnd: refuse,
    cancelNow: refuse,
  };
}
