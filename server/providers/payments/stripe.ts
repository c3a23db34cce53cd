import Stripe from "stripe";
import type { PlanId } from "../../../common/plans";
import { type PaymentsProvider, PaymentsUnavailable, parsePaymentEvent, WebhookRejected } from "./types";

/** Signatures older than this, or dated further ahead, are refused (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The signed time in a Stripe-Signature header, read the way the official package reads it (the
 * last `t=` element, parsed as a base-10 integer), so it is the timestamp the signature covered.
 */
function signedTimestamp(header: string): number {
  let timestamp = Number.NaN;
  for (const item of header.split(",")) {
    const [key, value] = item.split("=");
    if (key === "t") timestamp = Number.parseInt(value ?? "", 10);
  }
  return timestamp;
}

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
      const { plan, product } = input;
      // A product's price id is Stripe's own when it looks like one; otherwise its amount is sent.
      const price = plan
        ? (options.prices as Partial<Record<string, string>>)[plan.id]
        : product?.priceId.startsWith("price_")
          ? product.priceId
          : undefined;
      const name = plan ? `AI Platform ${plan.name}` : (product?.name ?? "Order");
      const amount = plan ? plan.priceCents : (product?.amountCents ?? 0);
      const metadata = {
        checkoutId: input.checkoutId,
        workspaceId: input.customer.workspaceId,
        ...(plan ? { planId: plan.id } : { priceId: product?.priceId ?? "" }),
      };
      const session = await call("start the checkout", () =>
        stripe.checkout.sessions.create({
          mode: "subscription",
          client_reference_id: input.checkoutId,
          ...(input.customerId
            ? { customer: input.customerId }
            : input.customer.email
              ? { customer_email: input.customer.email }
              : {}),
          line_items: [
            price
              ? { price, quantity: 1 }
              : {
                  quantity: 1,
                  price_data: {
                    currency: "usd",
                    unit_amount: amount,
                    recurring: { interval: "month" },
                    product_data: { name },
                  },
                },
            ...(product?.extras ?? [])
              .filter((extra) => extra.amountCents > 0)
              .map((extra) => ({
                quantity: 1,
                price_data: {
                  currency: "usd",
                  unit_amount: extra.amountCents,
                  recurring: { interval: "month" as const },
                  product_data: { name: extra.name },
                },
              })),
          ],
          metadata,
          subscription_data: {
            metadata,
            // Upgrading during a trial keeps its days: the first invoice comes when it ends.
            ...(input.trialEnd ? { trial_end: Math.floor(input.trialEnd.getTime() / 1000) } : {}),
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

    // A negative balance transaction is a credit: Stripe applies it to the customer's next invoice.
    // The idempotency key makes a retried credit (after a failure on our side) the same one.
    async creditBalance(customerId, amountCents, description, idempotencyKey) {
      const transaction = await call("credit the customer's balance", () =>
        stripe.customers.createBalanceTransaction(
          customerId,
          { amount: -amountCents, currency: "usd", description },
          { idempotencyKey },
        ),
      );
      return transaction.id;
    },

    verifyWebhook(rawBody, signature, receivedAt) {
      if (!options.webhookSecret) throw new WebhookRejected("Stripe webhooks are not configured");
      if (!signature) throw new WebhookRejected("Missing Stripe-Signature header");
      try {
        stripe.webhooks.signature?.verifyHeader(
          rawBody,
          signature,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          receivedAt.getTime(),
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new WebhookRejected(
          /tolerance/i.test(message)
            ? "Webhook signature timestamp is too old"
            : "Webhook signature does not match",
        );
      }
      // Stripe's check only refuses a timestamp older than the tolerance; one dated ahead of our
      // clock passes, so a captured request could be replayed until then. Refuse both directions.
      const signedAt = signedTimestamp(signature);
      if (signedAt - Math.floor(receivedAt.getTime() / 1000) > WEBHOOK_TOLERANCE_SECONDS) {
        throw new WebhookRejected("Webhook signature timestamp is in the future");
      }
      return parsePaymentEvent(rawBody);
    },
  };
}
