import { addMonths } from "date-fns";
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "../../../../common/billing";
import { knownPlan } from "../../../../common/plans";
import type { Db } from "../../../db/client";
import { NotFound } from "../../../domain/errors";
import type { PaymentEvent } from "../../../providers/payments";
import type { BillingContext } from "../context";
import type { BillingRepository } from "../repository";
import { endedAt, subscriptionProvider } from "../subscription-state";

// A provider's event is untrusted JSON (verified, but shaped by the provider): read it field by field.
const str = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);
const idOf = (value: unknown): string | undefined =>
  str(value) ?? (value && typeof value === "object" ? str((value as { id?: unknown }).id) : undefined);
/** 9999-12-31T23:59:59Z: the last second both PostgreSQL's timestamptz and an ISO string hold. */
const LAST_SECOND = 253_402_300_799;
/** A provider's time in seconds since the epoch; anything outside what can be stored is no time. */
const seconds = (value: unknown): Date | undefined =>
  typeof value === "number" && Number.isInteger(value) && value > 0 && value <= LAST_SECOND
    ? new Date(value * 1000)
    : undefined;
const subscriptionStatus = (value: unknown): SubscriptionStatus | undefined =>
  SUBSCRIPTION_STATUSES.find((status) => status === value);

/**
 * The webhook-handling code, for Stripe's verified events and the local provider's alike. Each
 * event id is handled once: it is recorded in the same transaction as its effects. A checkout
 * that replaces a running Stripe subscription ends the old one once the new one is in place.
 */
export function applyPaymentEvent(
  ctx: BillingContext,
  provider: string,
  event: PaymentEvent,
): Promise<{ duplicate: boolean }> {
  return ctx.afterCommit(applyNow(ctx, provider, event));
}

/** Stripe's webhook: verified on the raw body, then handled once per event id. */
export async function applyStripeWebhook(
  ctx: BillingContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ duplicate: boolean }> {
  if (!ctx.payments.verifyWebhook) throw new NotFound("Stripe webhooks are not configured");
  const event = ctx.payments.verifyWebhook(rawBody, signature, ctx.now());
  return applyPaymentEvent(ctx, "stripe", event);
}

async function applyNow(ctx: BillingContext, provider: string, event: PaymentEvent) {
  const at = ctx.now();
  const replaced: string[] = [];
  const outcome = await ctx.inTransaction(async (tx) => {
    const r = ctx.repoFor(tx);
    if (!(await r.recordEvent({ id: event.id, provider, type: event.type, workspaceId: null }))) {
      return { duplicate: true };
    }
    const object = event.data?.object ?? {};
    let workspaceId: string | null = null;
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
        workspaceId = await completeCheckout(ctx, tx, provider, object, at, replaced);
        break;
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        workspaceId = await syncSubscription(r, object, event.type === "customer.subscription.deleted", at);
        break;
      default:
        break;
    }
    if (workspaceId) await r.setEventWorkspace(event.id, workspaceId);
    return { duplicate: false };
  });
  for (const id of replaced) {
    // The new subscription is in place; the one it replaces stops billing. Best effort: a
    // failure is logged and Stripe's dashboard shows the old one still running.
    ctx.payments
      .cancelNow(id)
      .catch((error) => ctx.log.warn({ err: error, id }, "could not end a replaced subscription"));
  }
  return outcome;
}

/** Applies a completed checkout: the account is on the bought plan from now, for a month. */
async function completeCheckout(
  ctx: BillingContext,
  tx: Db,
  provider: string,
  object: Record<string, unknown>,
  at: Date,
  replaced: string[],
): Promise<string | null> {
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const checkoutId = str(object.client_reference_id) ?? str(metadata.checkoutId);
  if (!checkoutId || !/^[0-9a-f-]{36}$/i.test(checkoutId)) return null;
  const r = ctx.repoFor(tx);
  const checkout = await r.checkoutForUpdate(checkoutId);
  if (!checkout || checkout.provider !== provider || checkout.status === "complete") return null;
  // Delayed payment methods complete the session unpaid; the async_payment_succeeded event follows.
  if (object.payment_status === "unpaid") return checkout.workspaceId;
  if (checkout.product) {
    // Another area's product: its seller's effects, in this transaction; the plan is untouched.
    const seller = ctx.sellers.get(checkout.product.seller);
    if (!seller) throw new Error(`No seller ${checkout.product.seller} for checkout ${checkout.id}`);
    await seller.paid(tx, {
      workspaceId: checkout.workspaceId,
      checkoutId: checkout.id,
      createdBy: checkout.createdBy,
      metadata: checkout.product.metadata,
      at,
    });
    await r.completeCheckout(checkout.id, at);
    return checkout.workspaceId;
  }
  const previous = await r.subscriptionForUpdate(checkout.workspaceId);
  const subscriptionId = idOf(object.subscription) ?? null;
  if (
    previous?.paymentSubscriptionId &&
    previous.paymentSubscriptionId !== subscriptionId &&
    subscriptionProvider(previous) === "stripe" &&
    !previous.cancelAtPeriodEnd
  ) {
    replaced.push(previous.paymentSubscriptionId);
  }
  // Bought during a trial: the trial runs on with the new plan and the first charge is at its end.
  const trialEnd =
    checkout.trialEndsAt && checkout.trialEndsAt.getTime() > at.getTime() ? checkout.trialEndsAt : null;
  await r.updateSubscription(checkout.workspaceId, {
    planType: checkout.planId,
    status: trialEnd ? "trialing" : "active",
    currentPeriodStart: at,
    currentPeriodEnd: trialEnd ?? addMonths(at, 1),
    cancelAtPeriodEnd: false,
    // A plan again: nothing has ended, and the workspace's data stays.
    endedAt: null,
    paymentCustomerId: idOf(object.customer) ?? previous?.paymentCustomerId ?? null,
    paymentSubscriptionId: subscriptionId,
    priceId: str(metadata.priceId) ?? null,
  });
  await r.completeCheckout(checkout.id, at);
  return checkout.workspaceId;
}

/** A Stripe subscription changed (renewed, cancelled at period end, past due, ended). */
async function syncSubscription(
  r: BillingRepository,
  object: Record<string, unknown>,
  deleted: boolean,
  at: Date,
): Promise<string | null> {
  const id = str(object.id);
  if (!id) return null;
  const row = await r.subscriptionByProviderId(id);
  if (!row) return null;
  const status = subscriptionStatus(object.status) ?? row.status;
  if (deleted || status === "canceled" || status === "incomplete_expired") {
    await r.updateSubscription(row.workspaceId, endedAt(seconds(object.ended_at) ?? at));
    return row.workspaceId;
  }
  const items = (object.items as { data?: Record<string, unknown>[] } | undefined)?.data ?? [];
  const item = items[0] ?? {};
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const planId = str(metadata.planId);
  await r.updateSubscription(row.workspaceId, {
    status,
    cancelAtPeriodEnd: object.cancel_at_period_end === true,
    currentPeriodStart:
      seconds(item.current_period_start) ?? seconds(object.current_period_start) ?? row.currentPeriodStart,
    currentPeriodEnd:
      seconds(item.current_period_end) ?? seconds(object.current_period_end) ?? row.currentPeriodEnd,
    ...(planId && knownPlan(planId) ? { planType: planId } : {}),
    priceId: idOf((item as { price?: unknown }).price) ?? row.priceId,
  });
  return row.workspaceId;
}
