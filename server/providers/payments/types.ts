import type { PlanDefinition } from "../../../common/plans";

/**
 * A payment event as the webhook handler reads it: Stripe's event shape. Stripe's webhook hands
 * these over verified; the local provider builds the same shape, so one handler serves both.
 */
export type PaymentEvent = {
  id: string;
  type: string;
  /** Seconds since the epoch. */
  created: number;
  data: { object: Record<string, unknown> };
};

export type CheckoutInput = {
  /** Our checkout_sessions row; comes back on completion as client_reference_id. */
  checkoutId: string;
  plan: PlanDefinition;
  user: { id: string; email: string };
  customerId: string | null;
  /** Absolute addresses the provider sends the browser back to. */
  successUrl: string;
  cancelUrl: string;
};

export type PaymentsProvider = {
  readonly name: "local" | "stripe";
  /** Starts a checkout; answers the provider's session id and the address to send the browser to. */
  createCheckout(input: CheckoutInput): Promise<{ providerSessionId: string; url: string }>;
  /** Stops renewal: the subscription runs to the end of the period it is in. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /** Ends a subscription at once (a replaced one after an upgrade). */
  cancelNow(subscriptionId: string): Promise<void>;
  /** Checks a webhook's signature on the raw body and parses it; throws WebhookRejected. */
  verifyWebhook?(rawBody: Buffer, signature: string | undefined, receivedAt: Date): PaymentEvent;
};

export class WebhookRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookRejected";
  }
}

export class PaymentsUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PaymentsUnavailable";
  }
}
