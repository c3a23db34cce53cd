import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import { localPayments } from "./local";
import { stripePayments } from "./stripe";
import type { PaymentsProvider } from "./types";
import { unconfiguredPayments } from "./unconfigured";

/**
 * Stripe when configured; the local provider (whose checkout is a page of the app and charges
 * nothing) when asked for or outside production; otherwise none, and checkout says so. What a
 * production server does about money is said once, loudly, at start.
 */
export function createPaymentsProvider(
  config: Config,
  log: Pick<FastifyBaseLogger, "warn">,
): PaymentsProvider {
  const production = config.env === "production";
  const { provider } = config.payments;
  if (provider === "none") {
    if (production)
      log.warn(
        "Payments are not configured: paid plans cannot be bought. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to sell them through Stripe (or PAYMENTS_PROVIDER=local for a test checkout that charges nothing).",
      );
    return unconfiguredPayments();
  }
  if (provider === "local") {
    if (production)
      log.warn(
        "PAYMENTS_PROVIDER=local in production: every plan is sold through the built-in test checkout and no card is charged. Set STRIPE_SECRET_KEY to take real payments.",
      );
    return localPayments();
  }
  if (!config.payments.stripeSecretKey)
    throw new Error("Invalid configuration: PAYMENTS_PROVIDER is stripe but STRIPE_SECRET_KEY is not set");
  if (!config.payments.stripeWebhookSecret)
    log.warn(
      "STRIPE_WEBHOOK_SECRET is not set: Stripe's webhooks are refused, so paid checkouts never change a plan. Set it to the endpoint's signing secret (whsec_...).",
    );
  return stripePayments({
    secretKey: config.payments.stripeSecretKey,
    webhookSecret: config.payments.stripeWebhookSecret,
    apiBaseUrl: config.payments.stripeApiBaseUrl,
    prices: config.payments.stripePrices,
  });
}

export type { PaymentEvent, PaymentsProvider } from "./types";
export { localPayments, stripePayments, unconfiguredPayments };
