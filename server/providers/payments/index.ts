import type { Config } from "../../config";
import { localPayments } from "./local";
import { stripePayments } from "./stripe";
import type { PaymentsProvider } from "./types";

/** Stripe when configured; otherwise the local provider, whose checkout is a page of the app. */
export function createPaymentsProvider(config: Config): PaymentsProvider {
  if (config.payments.provider === "local") return localPayments();
  if (!config.payments.stripeSecretKey)
    throw new Error("Invalid configuration: PAYMENTS_PROVIDER is stripe but STRIPE_SECRET_KEY is not set");
  return stripePayments({
    secretKey: config.payments.stripeSecretKey,
    webhookSecret: config.payments.stripeWebhookSecret,
    apiBaseUrl: config.payments.stripeApiBaseUrl,
    prices: config.payments.stripePrices,
  });
}

export type { PaymentEvent, PaymentsProvider } from "./types";
export { localPayments, stripePayments };
