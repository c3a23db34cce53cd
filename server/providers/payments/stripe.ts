import Stripe from "stripe";
import type { PlanId } from "../../../common/plans";
import { type PaymentEvent, type PaymentsProvider, PaymentsUnavailable, WebhookRejected } from "./types";

/** Spec: signatures older than this are refused (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type StripeOptions = {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Another API address (tests run a local server that speaks Stripe's API). */
  apiBaseUrl?: string | undefined;
  prices: Partial<Record<PlanId, string>>;
};

/** Stripe Checkout in subscription mode, through the official client. */
export function stripePayments(options: StripeOptions): PaymentsProvider {
  const base = options.apiBaseUrl ? new URL(options.apiBaseUrl) : undefined;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });

  async function call<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw new PaymentsUnavailable(`Stripe could not ${what}`, { cause: error });
    }
  }

  return {
    name: "stripe",

    async createCheckout(input) {
      const price = options.prices[input.plan.id];
      const session = await call("start the checkout", () =>
        stripe.checkout.sessions.create({
          mode: "subscription",
          client_reference_id: input.checkoutId,
          ...(input.customerId ? { customer: input.customerId } : { customer_email: input.user.email }),
          line_items: [
            price
              ? { price, quantity: 1 }
              : {
                  quantity: 1,
                  price_data: {
                    currency: "usd",
                    unit_amount: input.plan.priceCents,
                    recurring: { interval: "month" },
                    product_data: { name: `AI Platform ${input.plan.name}` },
                  },
                },
          ],
          metadata: { checkoutId: input.checkoutId, userId: input.user.id, planId: input.plan.id },
          subscription_data: {
            metadata: { checkoutId: input.checkoutId, userId: input.user.id, planId: input.plan.id },
          },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        }),
      );
      if (!session.url) throw new PaymentsUnavailable("Stripe answered a checkout without an address");
      return { providerSessionId: session.id, url: session.url };
    },

    async cancelAtPeriodEnd(subscriptionId) {
      await call("cancel the subscription", () =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
      );
    },

    async cancelNow(subscriptionId) {
      await call("end the replaced subscription", () => stripe.subscriptions.cancel(subscriptionId));
    },

    verifyWebhook(rawBody, signature, receivedAt) {
      if (!options.webhookSecret) throw new WebhookRejected("Stripe webhooks are not configured");
      if (!signature) throw new WebhookRejected("Missing Stripe-Signature header");
      try {
        const event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          receivedAt.getTime(),
        );
        return event as unknown as PaymentEvent;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new WebhookRejected(
          /tolerance/i.test(message)
            ? "Webhook signature timestamp is too old"
            : "Webhook signature does not match",
        );
      }
    },
  };
}
