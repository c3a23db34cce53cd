import type {
  CheckoutSessionOut,
  LimitKey,
  PlansResponse,
  SubscriptionResponse,
} from "../../../common/billing";
import { PLAN_IDS, PLANS, type PlanDefinition, planFor } from "../../../common/plans";
import type { CheckoutRow, SubscriptionRow } from "./repository";
import { subscriptionProvider } from "./subscription-state";

export function presentSubscription(row: SubscriptionRow): SubscriptionResponse["subscription"] {
  const plan = planFor(row.planType);
  return {
    planType: plan.id,
    planName: plan.name,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    provider: subscriptionProvider(row),
  };
}

/** The Subscription page: the subscription, this month's usage against the plan, and how to buy. */
export function presentOverview(input: {
  row: SubscriptionRow;
  plan: PlanDefinition;
  usage: SubscriptionResponse["usage"];
  limitsReached: LimitKey[];
  checkout: SubscriptionResponse["checkout"];
}): SubscriptionResponse {
  return {
    subscription: presentSubscription(input.row),
    usage: input.usage,
    planFeatures: input.plan.features,
    access: input.plan.access,
    limitsReached: input.limitsReached,
    checkout: input.checkout,
  };
}

export function presentPlans(): PlansResponse {
  return Object.fromEntries(PLAN_IDS.map((id) => [id, PLANS[id]])) as PlansResponse;
}

/** The local provider's order page, for an order in the given state. */
export function presentCheckoutSession(
  row: CheckoutRow,
  state: {
    status: CheckoutSessionOut["status"];
    trialEndsAt: Date | null;
    email: string;
    unavailable: string | null;
  },
): CheckoutSessionOut {
  const plan = planFor(row.planId);
  const product = row.product;
  return {
    id: row.id,
    kind: product ? "product" : "plan",
    planId: product ? row.planId : plan.id,
    planName: product ? product.name : plan.name,
    amountCents: row.amountCents,
    interval: "month",
    status: state.status,
    provider: row.provider === "stripe" ? "stripe" : "local",
    email: state.email,
    highlights: product ? product.lines : plan.highlights,
    createdAt: row.createdAt.toISOString(),
    trialEndsAt: state.trialEndsAt?.toISOString() ?? null,
    unavailable: state.unavailable,
  };
}
