import { randomUUID } from "node:crypto";
import { CHECKOUT_FAILED, type CheckoutSessionOut } from "../../../common/billing";
import { formatDollars, knownPlan, planFor } from "../../../common/plans";
import type { Account } from "../../domain/account";
import { Conflict, Invalid, notFound, OutsideServiceFailed, Unavailable } from "../../domain/errors";
import { PaymentsUnavailable } from "../../providers/payments/types";
import { applyPaymentEvent } from "./commands/apply-payment-event";
import type { BillingContext } from "./context";
import { presentCheckoutSession } from "./presenter";
import type { ProductOrder, ProductSeller } from "./products";
import type { CheckoutRow } from "./repository";
import {
  currentPlan,
  formatDay,
  LOCAL_SUBSCRIPTION_PREFIX,
  subscriptionProvider,
  trialCarriedInto,
} from "./subscription-state";

/** An open checkout can be confirmed for this long. */
const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;
/** An order from the test checkout on a server that has since moved to Stripe. */
const TEST_CHECKOUT_OFF =
  "The built-in test checkout is switched off on this server. Start again from the Subscription page.";

/** The trial an order keeps, if it is still running. */
function checkoutTrialEnd(row: CheckoutRow, at: Date): Date | null {
  return row.trialEndsAt && row.trialEndsAt.getTime() > at.getTime() ? row.trialEndsAt : null;
}

function checkoutStatus(row: CheckoutRow, at: Date): CheckoutSessionOut["status"] {
  if (row.status === "complete") return "complete";
  if (row.status !== "open" || at.getTime() - row.createdAt.getTime() > CHECKOUT_TTL_MS) return "expired";
  return "open";
}

/** Buying a paid plan: an order here, then the provider's checkout page (Stripe's, or the local one). */
export async function startCheckout(
  ctx: BillingContext,
  account: Account,
  planId: string,
  origin: string,
  metadata?: Record<string, unknown>,
): Promise<{ sessionUrl: string }> {
  const plan = knownPlan(planId);
  if (!plan) return startProductCheckout(ctx, account, planId, origin, metadata ?? {});
  if (plan.priceCents === 0) {
    throw new Invalid(
      "The Free plan needs no checkout. Cancel your subscription to move to Free at the end of its period.",
    );
  }
  const unavailable = ctx.checkoutUnavailable();
  if (unavailable) throw new Unavailable(unavailable);
  const { row } = await currentPlan(ctx, account.id);
  // A trial with a plan chosen (a subscription behind it) is on that plan already.
  const chosen = row.status === "active" || (row.status === "trialing" && row.paymentSubscriptionId !== null);
  if (row.planType === plan.id && chosen && !row.cancelAtPeriodEnd) {
    throw new Conflict(`You are already on the ${plan.name} plan`);
  }
  const at = ctx.now();
  const trialEnd = trialCarriedInto(row, at);
  const checkout = await ctx.repo.createCheckout({
    workspaceId: account.id,
    planId: plan.id,
    provider: ctx.payments.name,
    amountCents: plan.priceCents,
    trialEndsAt: trialEnd,
    createdAt: at,
  });
  const base = ctx.publicUrl ?? origin;
  try {
    const session = await ctx.payments.createCheckout({
      checkoutId: checkout.id,
      plan,
      product: null,
      customer: { workspaceId: account.id, email: account.actor?.email ?? null },
      customerId: subscriptionProvider(row) === "stripe" ? row.paymentCustomerId : null,
      trialEnd,
      successUrl: `${base}/subscription?checkout=success`,
      cancelUrl: `${base}/subscription?checkout=cancelled`,
    });
    await ctx.repo.setCheckoutProviderId(account.id, checkout.id, session.providerSessionId);
    return { sessionUrl: session.url };
  } catch (error) {
    await ctx.repo.deleteCheckout(account.id, checkout.id);
    if (error instanceof PaymentsUnavailable) {
      ctx.log.error({ err: error, cause: error.cause }, "checkout failed at the payments provider");
      throw new OutsideServiceFailed(CHECKOUT_FAILED);
    }
    throw error;
  }
}

/**
 * Buying another area's product (a satellite-internet package): its seller names the order from
 * the price id and metadata (or refuses them), then the same order row and provider checkout.
 */
async function startProductCheckout(
  ctx: BillingContext,
  account: Account,
  priceId: string,
  origin: string,
  metadata: Record<string, unknown>,
): Promise<{ sessionUrl: string }> {
  let found: { seller: ProductSeller; order: ProductOrder } | null = null;
  for (const seller of ctx.sellers.values()) {
    const order = await seller.prepare(account, priceId, metadata);
    if (order) {
      found = { seller, order };
      break;
    }
  }
  if (!found) throw new Invalid("That plan does not exist");
  const unavailable = ctx.checkoutUnavailable();
  if (unavailable) throw new Unavailable(unavailable);
  const { seller, order } = found;
  const checkout = await ctx.repo.createCheckout({
    workspaceId: account.id,
    planId: order.priceId,
    provider: ctx.payments.name,
    amountCents: order.amountCents + order.extras.reduce((sum, extra) => sum + extra.amountCents, 0),
    trialEndsAt: null,
    createdAt: ctx.now(),
    createdBy: account.actor?.id ?? null,
    product: { seller: seller.name, name: order.name, lines: order.lines, metadata: order.metadata },
  });
  const base = ctx.publicUrl ?? origin;
  try {
    const session = await ctx.payments.createCheckout({
      checkoutId: checkout.id,
      plan: null,
      product: {
        name: order.name,
        priceId: order.priceId,
        amountCents: order.amountCents,
        extras: order.extras,
      },
      customer: { workspaceId: account.id, email: account.actor?.email ?? null },
      customerId: null,
      trialEnd: null,
      successUrl: `${base}${seller.returnPath}?checkout=success`,
      cancelUrl: `${base}${seller.returnPath}?checkout=cancelled`,
    });
    await ctx.repo.setCheckoutProviderId(account.id, checkout.id, session.providerSessionId);
    return { sessionUrl: session.url };
  } catch (error) {
    await ctx.repo.deleteCheckout(account.id, checkout.id);
    if (error instanceof PaymentsUnavailable) {
      ctx.log.error({ err: error, cause: error.cause }, "checkout failed at the payments provider");
      throw new OutsideServiceFailed(CHECKOUT_FAILED);
    }
    throw error;
  }
}

/** The local provider's order page reads its order here. */
export async function checkoutSession(
  ctx: BillingContext,
  account: Account,
  id: string,
): Promise<CheckoutSessionOut> {
  const row = await ctx.repo.checkout(account.id, id);
  if (!row) throw notFound("That checkout");
  return presentCheckoutSession(row, {
    status: checkoutStatus(row, ctx.now()),
    trialEndsAt: checkoutTrialEnd(row, ctx.now()),
    email: account.actor?.email ?? "",
    unavailable:
      ctx.checkoutUnavailable() ??
      (row.provider === "local" && ctx.payments.name !== "local" ? TEST_CHECKOUT_OFF : null),
  });
}

/**
 * The local provider's "Pay": the order page confirms, and the same handler Stripe's
 * webhook feeds applies the checkout.session.completed event.
 */
export async function confirmLocalCheckout(ctx: BillingContext, account: Account, id: string) {
  const row = await ctx.repo.checkout(account.id, id);
  if (!row) throw notFound("That checkout");
  const unavailable = ctx.checkoutUnavailable();
  if (unavailable) throw new Unavailable(unavailable);
  if (row.provider !== "local") throw new Conflict("This checkout is paid on Stripe's page");
  // An order from the test checkout is paid here only while the test checkout is on.
  if (ctx.payments.name !== "local") throw new Conflict(TEST_CHECKOUT_OFF);
  const status = checkoutStatus(row, ctx.now());
  if (status === "complete") throw new Conflict("This order is already confirmed");
  if (status === "expired")
    throw new Conflict("This checkout has expired. Start again from the Subscription page.");
  const { row: subscription } = await currentPlan(ctx, account.id);
  const customer =
    subscription.paymentCustomerId?.startsWith("local_cus_") === true
      ? subscription.paymentCustomerId
      : `local_cus_${account.id}`;
  await applyPaymentEvent(ctx, "local", {
    id: `evt_local_${randomUUID()}`,
    type: "checkout.session.completed",
    created: Math.floor(ctx.now().getTime() / 1000),
    data: {
      object: {
        id: row.id,
        object: "checkout.session",
        client_reference_id: row.id,
        customer,
        subscription: `${LOCAL_SUBSCRIPTION_PREFIX}${randomUUID()}`,
        payment_status: "paid",
        metadata: { checkoutId: row.id, workspaceId: account.id, planId: row.planId },
      },
    },
  });
  if (row.product) {
    return {
      message: `Your order for ${row.product.name} is confirmed.`,
      redirectTo: `${ctx.sellers.get(row.product.seller)?.returnPath ?? "/subscription"}?checkout=success`,
    };
  }
  const plan = planFor(row.planId);
  const trialEnd = checkoutTrialEnd(row, ctx.now());
  const day = trialEnd ? formatDay(trialEnd, account.timezone) : null;
  return {
    message: day
      ? `You're on the ${plan.name} plan now. Your trial continues until ${day}; you'll be charged ${formatDollars(row.amountCents)} on ${day}.`
      : `You're on the ${plan.name} plan now.`,
    redirectTo: "/subscription?checkout=success",
  };
}
