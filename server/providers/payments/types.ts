import { z } from "zod";
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

/**
 * What a verified webhook body must be before anything reads it: a signature proves who sent
 * the bytes, not that they are an event this server can handle (an array, a string, or an id
 * PostgreSQL refuses would otherwise reach the database and answer 500).
 */
export const PaymentEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().nonnegative().optional().default(0),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

export const NOT_AN_EVENT =
  "The webhook body is not a Stripe event (an object with id, type and data.object)";
export const UNSTORABLE_TEXT =
  "The webhook event contains text that cannot be stored (NUL or a lone surrogate)";

// A NUL, or a UTF-16 surrogate without its pair: PostgreSQL refuses the first, mangles the second.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string) => text.includes("\u0000") || LONE_SURROGATE.test(text);

/** True when any key or string anywhere in a parsed JSON value could not be stored as text. */
export function containsUnstorableText(value: unknown): boolean {
  if (typeof value === "string") return unstorable(value);
  if (Array.isArray(value)) return value.some(containsUnstorableText);
  if (value && typeof value === "object") {
    return Object.entries(value).some(([key, item]) => unstorable(key) || containsUnstorableText(item));
  }
  return false;
}

/** Reads a verified body as a payment event, or throws WebhookRejected saying what is wrong. */
export function parsePaymentEvent(rawBody: Buffer): PaymentEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString("utf8"));
  } catch {
    throw new WebhookRejected("The webhook body is not valid JSON");
  }
  const event = PaymentEventSchema.safeParse(parsed);
  if (!event.success) throw new WebhookRejected(NOT_AN_EVENT);
  if (containsUnstorableText(parsed)) throw new WebhookRejected(UNSTORABLE_TEXT);
  return event.data;
}

export type CheckoutInput = {
  /** Our checkout_sessions row; comes back on completion as client_reference_id. */
  checkoutId: string;
  /** The plan bought; null when the order is another area's product. */
  plan: PlanDefinition | null;
  /** Another area's product (a satellite-internet package), charged monthly like a plan. */
  product: {
    name: string;
    priceId: string;
    amountCents: number;
    /** Further monthly lines (equipment), each sent by amount. */
    extras: { name: string; amountCents: number }[];
  } | null;
  /** The workspace buying, and the email of the person checking out (Stripe prefills it). */
  customer: { workspaceId: string; email: string | null };
  customerId: string | null;
  /** Bought during a trial: nothing is charged before this time (Stripe's trial_end). */
  trialEnd: Date | null;
  /** Absolute addresses the provider sends the browser back to. */
  successUrl: string;
  cancelUrl: string;
};

export type PaymentsProvider = {
  /** "none": nothing can be bought on this server (payments not configured). */
  readonly name: "local" | "stripe" | "none";
  /** Starts a checkout; answers the provider's session id and the address to send the browser to. */
  createCheckout(input: CheckoutInput): Promise<{ providerSessionId: string; url: string }>;
  /** Stops renewal: the subscription runs to the end of the period it is in. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /** Ends a subscription at once (a replaced one after an upgrade). */
  cancelNow(subscriptionId: string): Promise<void>;
  /**
   * Credits a customer's balance, which the provider takes off their next invoice; answers the
   * provider's reference for the credit. Only a provider that charges customers has this.
   */
  creditBalance?(
    customerId: string,
    amountCents: number,
    description: string,
    idempotencyKey: string,
  ): Promise<string>;
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
