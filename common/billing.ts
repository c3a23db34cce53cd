import { z } from "zod";
import { ENTERPRISE_PLANS, PLAN_IDS } from "./plans";
import { safeString } from "./text";

/** Subscription statuses: Stripe's, plus the sign-up trial. */
export const SUBSCRIPTION_STATUSES = [
  "active",
  "trialing",
  "past_due",
  "canceled",
  "unpaid",
  "incomplete",
  "incomplete_expired",
  "paused",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The checkout and cancel toasts. */
export const CHECKOUT_FAILED = "Failed to create checkout session. Please try again";
export const SUBSCRIPTION_FAILED = "Failed to start subscription";
export const CANCEL_FAILED = "Failed to cancel subscription. Please try again.";
/** Checkout on a server with no payments provider (production without Stripe). */
export const PAYMENTS_NOT_CONFIGURED =
  "Payments are not set up on this server yet, so nothing can be paid here. Ask the platform administrator to connect Stripe.";

export const PlanFeaturesOut = z.object({
  monthlyMinutes: z.number().int(),
  callScreeningLimit: z.number().int(),
  transcriptionLimit: z.number().int(),
  hasAds: z.boolean(),
  hasPrioritySupport: z.boolean(),
  hasAdvancedAnalytics: z.boolean(),
});

export const PlanAccessOut = z.object({
  voiceCloning: z.boolean(),
  businessFeatures: z.boolean(),
  advancedAnalytics: z.boolean(),
  prioritySupport: z.boolean(),
});

export const PlanOut = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  price: z.number(),
  priceCents: z.number().int(),
  interval: z.literal("month"),
  popular: z.boolean(),
  group: z.enum(["subscription", "signup"]),
  description: z.string(),
  highlights: z.array(z.string()),
  features: PlanFeaturesOut,
  access: PlanAccessOut,
  contactLimit: z.number().int(),
  concurrentCalls: z.number().int(),
});
export type PlanOut = z.infer<typeof PlanOut>;

/** GET /api/subscription/plans: the plans keyed by plan id. */
export const PlansResponse = z.record(z.enum(PLAN_IDS), PlanOut);
export type PlansResponse = z.infer<typeof PlansResponse>;

export const UsageOut = z.object({
  callMinutesUsed: z.number().int(),
  callsScreened: z.number().int(),
  transcriptionsUsed: z.number().int(),
  appointmentsScheduled: z.number().int(),
  /** House ads shown this month (plans with ads only). */
  adsViewed: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  /** When the counters start again: the first of next month in the account's time zone. */
  resetsAt: z.string(),
});
export type UsageOut = z.infer<typeof UsageOut>;

export const LIMIT_KEYS = ["monthlyMinutes", "callScreeningLimit", "transcriptionLimit"] as const;
export type LimitKey = (typeof LIMIT_KEYS)[number];

/** GET /api/subscription ("Subscription response", with the period and what the plan allows). */
export const SubscriptionResponse = z.object({
  subscription: z.object({
    /** One of the plans, or an enterprise plan the platform put the workspace on. */
    planType: z.enum([...PLAN_IDS, ...ENTERPRISE_PLANS.map((plan) => plan.id)]),
    planName: z.string(),
    status: z.string(),
    currentPeriodStart: z.string(),
    currentPeriodEnd: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    provider: z.enum(["local", "stripe"]).nullable(),
  }),
  usage: UsageOut,
  planFeatures: PlanFeaturesOut,
  access: PlanAccessOut,
  /** Limits this month's usage has reached: new calls are not screened, recordings not transcribed. */
  limitsReached: z.array(z.enum(LIMIT_KEYS)),
  /** How a paid plan is bought on this server, and what buying one now means for a trial. */
  checkout: z.object({
    /** Stripe, the built-in test checkout (no card is charged), or null: nothing can be bought. */
    provider: z.enum(["local", "stripe"]).nullable(),
    /** Why paid plans cannot be bought here (PAYMENTS_NOT_CONFIGURED); null when they can. */
    unavailable: z.string().nullable(),
    /**
     * Set while a trial runs: a plan bought now keeps the trial and is first charged on this
     * day. Null when a plan bought now is charged at once.
     */
    trialEndsAt: z.string().nullable(),
  }),
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponse>;

export const CheckoutRequest = z.object({
  planId: safeString("The plan", "Choose a plan").trim().min(1, "Choose a plan").max(40),
  /**
   * A product's details when planId is another area's price id (a satellite-internet package's
   * installation: common/satellite.ts SatelliteCheckoutMetadata); the seller validates them.
   */
  metadata: z.record(z.string(), z.unknown(), "metadata must be an object").optional(),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;

export const CheckoutResponse = z.object({ sessionUrl: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

export const CancelResponse = z.object({
  message: z.string(),
  subscription: SubscriptionResponse.shape.subscription,
});
export type CancelResponse = z.infer<typeof CancelResponse>;

export const CheckoutSessionParams = z.object({ id: z.uuid("That checkout was not found") });

/** The local payments provider's order page. */
export const CheckoutSessionOut = z.object({
  id: z.string(),
  /** plan: one of this app's plans; product: another area's (planId is then its price id). */
  kind: z.enum(["plan", "product"]),
  planId: z.string(),
  planName: z.string(),
  amountCents: z.number().int(),
  interval: z.literal("month"),
  status: z.enum(["open", "complete", "expired"]),
  provider: z.enum(["local", "stripe"]),
  email: z.string(),
  highlights: z.array(z.string()),
  createdAt: z.string(),
  /** The trial this order keeps: nothing is charged until this day. Null: charged at once. */
  trialEndsAt: z.string().nullable(),
  /** Why this order cannot be confirmed on this server now; null when it can. */
  unavailable: z.string().nullable(),
});
export type CheckoutSessionOut = z.infer<typeof CheckoutSessionOut>;

export const ConfirmCheckoutResponse = z.object({
  message: z.string(),
  redirectTo: z.string(),
});

export const UsageHistoryResponse = z.object({
  months: z.array(
    z.object({
      year: z.number().int(),
      month: z.number().int(),
      callMinutesUsed: z.number().int(),
      callsScreened: z.number().int(),
      transcriptionsUsed: z.number().int(),
      appointmentsScheduled: z.number().int(),
      adsViewed: z.number().int(),
    }),
  ),
});
export type UsageHistoryResponse = z.infer<typeof UsageHistoryResponse>;

export const WebhookAck = z.object({ received: z.literal(true), duplicate: z.boolean().optional() });
