import { randomUUID } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { addMonths, format } from "date-fns";
import type { FastifyBaseLogger } from "fastify";
import {
  CANCEL_FAILED,
  CHECKOUT_FAILED,
  type CheckoutSessionOut,
  type PlansResponse,
  type SubscriptionResponse,
} from "../../../common/billing";
import {
  featureRefusal,
  isPlanId,
  PLAN_IDS,
  PLANS,
  type PlanDefinition,
  type PlanFeatureKey,
  planFor,
} from "../../../common/plans";
import type { Db } from "../../db/client";
import { badRequest, conflict, HttpError, notFound, paymentRequired } from "../../http/errors";
import type { PaymentEvent, PaymentsProvider } from "../../providers/payments";
import { PaymentsUnavailable } from "../../providers/payments/types";
import type { UserRow } from "../auth/repository";
import { limitsReached, nextMonthStart, usageMonth } from "../usage/limits";
import { usageRepository } from "../usage/repository";
import {
  type BillingRepository,
  billingRepository,
  type CheckoutRow,
  type SubscriptionRow,
} from "./repository";

/** An open checkout can be confirmed for this long. */
const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;
/** Statuses under which the plan's features apply; anything else falls back to free. */
const IN_GOOD_STANDING = new Set(["active", "trialing", "past_due"]);
const LOCAL_SUBSCRIPTION_PREFIX = "local_sub_";

export type BillingDeps = {
  db: Db;
  payments: PaymentsProvider;
  /** PUBLIC_URL, when set: where Stripe sends the browser back to. */
  publicUrl: string | undefined;
  log: FastifyBaseLogger;
  now?: () => Date;
};

export type CurrentPlan = { row: SubscriptionRow; plan: PlanDefinition };

export function subscriptionProvider(row: SubscriptionRow): "local" | "stripe" | null {
  const id = row.paymentSubscriptionId;
  if (!id) return null;
  return id.startsWith(LOCAL_SUBSCRIPTION_PREFIX) ? "local" : "stripe";
}

/** The plan whose features apply: the subscription's, while it is in good standing. */
export function effectivePlan(row: SubscriptionRow): PlanDefinition {
  return IN_GOOD_STANDING.has(row.status) ? planFor(row.planType) : PLANS.free;
}

function presentSubscription(row: SubscriptionRow): SubscriptionResponse["subscription"] {
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

const FREE_FIELDS = {
  planType: "free",
  status: "active",
  cancelAtPeriodEnd: false,
  currentPeriodEnd: null,
  paymentSubscriptionId: null,
  priceId: null,
} as const;

const str = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);
const idOf = (value: unknown): string | undefined =>
  str(value) ?? (value && typeof value === "object" ? str((value as { id?: unknown }).id) : undefined);
const seconds = (value: unknown): Date | undefined =>
  typeof value === "number" && Number.isFinite(value) ? new Date(value * 1000) : undefined;

export function billingService({ db, payments, publicUrl, log, now = () => new Date() }: BillingDeps) {
  const repo = billingRepository(db);

  function inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction((tx) => work(tx as unknown as Db));
  }

  /**
   * A period that ended moves the account on: a cancelled subscription or an unpaid trial to
   * free; a local subscription renews (the local provider has no card to fail). Stripe's own
   * subscriptions change by its webhooks, which it sends when a period ends.
   */
  function transition(row: SubscriptionRow, at: Date) {
    const end = row.currentPeriodEnd;
    if (!end || end.getTime() > at.getTime()) return null;
    if (row.cancelAtPeriodEnd || row.status === "trialing") {
      return { ...FREE_FIELDS, currentPeriodStart: end };
    }
    if (row.status === "active" && subscriptionProvider(row) === "local") {
      let start = end;
      let next = addMonths(end, 1);
      while (next.getTime() <= at.getTime()) {
        start = next;
        next = addMonths(next, 1);
      }
      return { currentPeriodStart: start, currentPeriodEnd: next };
    }
    return null;
  }

  async function current(userId: string): Promise<CurrentPlan> {
    const at = now();
    let row = await repo.subscription(userId);
    if (transition(row, at)) {
      row = await inTransaction(async (tx) => {
        const r = billingRepository(tx);
        const locked = (await r.subscriptionForUpdate(userId)) ?? row;
        const change = transition(locked, at);
        return change ? r.updateSubscription(userId, change) : locked;
      });
    }
    return { row, plan: effectivePlan(row) };
  }

  function formatDay(at: Date, timeZone: string): string {
    return format(new TZDate(at.getTime(), timeZone), "MMMM d, yyyy");
  }

  function checkoutStatus(row: CheckoutRow, at: Date): CheckoutSessionOut["status"] {
    if (row.status === "complete") return "complete";
    if (row.status !== "open" || at.getTime() - row.createdAt.getTime() > CHECKOUT_TTL_MS) return "expired";
    return "open";
  }

  /** Applies a completed checkout: the account is on the bought plan from now, for a month. */
  async function completeCheckout(
    r: BillingRepository,
    provider: string,
    object: Record<string, unknown>,
    at: Date,
    replaced: string[],
  ): Promise<string | null> {
    const metadata = (object.metadata ?? {}) as Record<string, unknown>;
    const checkoutId = str(object.client_reference_id) ?? str(metadata.checkoutId);
    if (!checkoutId || !/^[0-9a-f-]{36}$/i.test(checkoutId)) return null;
    const checkout = await r.checkoutForUpdate(checkoutId);
    if (!checkout || checkout.provider !== provider || checkout.status === "complete") return null;
    // Delayed payment methods complete the session unpaid; the async_payment_succeeded event follows.
    if (object.payment_status === "unpaid") return checkout.userId;
    const previous = await r.subscriptionForUpdate(checkout.userId);
    const subscriptionId = idOf(object.subscription) ?? null;
    if (
      previous?.paymentSubscriptionId &&
      previous.paymentSubscriptionId !== subscriptionId &&
      subscriptionProvider(previous) === "stripe" &&
      !previous.cancelAtPeriodEnd
    ) {
      replaced.push(previous.paymentSubscriptionId);
    }
    await r.updateSubscription(checkout.userId, {
      planType: checkout.planId,
      status: "active",
      currentPeriodStart: at,
      currentPeriodEnd: addMonths(at, 1),
      cancelAtPeriodEnd: false,
      paymentCustomerId: idOf(object.customer) ?? previous?.paymentCustomerId ?? null,
      paymentSubscriptionId: subscriptionId,
      priceId: str(metadata.priceId) ?? null,
    });
    await r.completeCheckout(checkout.id, at);
    return checkout.userId;
  }

  /** A Stripe subscription changed (renewed, cancelled at period end, past due, ended). */
  async function syncSubscription(
    r: BillingRepository,
    object: Record<string, unknown>,
    deleted: boolean,
  ): Promise<string | null> {
    const id = str(object.id);
    if (!id) return null;
    const row = await r.subscriptionByProviderId(id);
    if (!row) return null;
    const status = str(object.status) ?? row.status;
    if (deleted || status === "canceled" || status === "incomplete_expired") {
      await r.updateSubscription(row.userId, { ...FREE_FIELDS, currentPeriodStart: now() });
      return row.userId;
    }
    const items = (object.items as { data?: Record<string, unknown>[] } | undefined)?.data ?? [];
    const item = items[0] ?? {};
    const metadata = (object.metadata ?? {}) as Record<string, unknown>;
    const planId = str(metadata.planId);
    await r.updateSubscription(row.userId, {
      status,
      cancelAtPeriodEnd: object.cancel_at_period_end === true,
      currentPeriodStart:
        seconds(item.current_period_start) ?? seconds(object.current_period_start) ?? row.currentPeriodStart,
      currentPeriodEnd:
        seconds(item.current_period_end) ?? seconds(object.current_period_end) ?? row.currentPeriodEnd,
      ...(planId && isPlanId(planId) ? { planType: planId } : {}),
      priceId: idOf((item as { price?: unknown }).price) ?? row.priceId,
    });
    return row.userId;
  }

  /**
   * The webhook-handling code, for Stripe's verified events and the local provider's alike. Each
   * event id is handled once: it is recorded in the same transaction as its effects.
   */
  async function handleEvent(provider: string, event: PaymentEvent): Promise<{ duplicate: boolean }> {
    const at = now();
    const replaced: string[] = [];
    const outcome = await inTransaction(async (tx) => {
      const r = billingRepository(tx);
      if (!(await r.recordEvent({ id: event.id, provider, type: event.type, userId: null }))) {
        return { duplicate: true };
      }
      const object = event.data?.object ?? {};
      let userId: string | null = null;
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded":
          userId = await completeCheckout(r, provider, object, at, replaced);
          break;
        case "customer.subscription.created":
        case "customer.subscription.updated":
        case "customer.subscription.deleted":
          userId = await syncSubscription(r, object, event.type === "customer.subscription.deleted");
          break;
        default:
          break;
      }
      if (userId) await r.setEventUser(event.id, userId);
      return { duplicate: false };
    });
    for (const id of replaced) {
      // The new subscription is in place; the one it replaces stops billing. Best effort: a
      // failure is logged and Stripe's dashboard shows the old one still running.
      payments
        .cancelNow(id)
        .catch((error) => log.warn({ err: error, id }, "could not end a replaced subscription"));
    }
    return outcome;
  }

  return {
    current,
    handleEvent,

    plans(): PlansResponse {
      return Object.fromEntries(PLAN_IDS.map((id) => [id, PLANS[id]])) as PlansResponse;
    },

    async overview(user: UserRow): Promise<SubscriptionResponse> {
      const { row, plan } = await current(user.id);
      const at = now();
      const period = usageMonth(at, user.timezone);
      const usage = await usageRepository(db).month(user.id, period);
      return {
        subscription: presentSubscription(row),
        usage: { ...usage, ...period, resetsAt: nextMonthStart(at, user.timezone).toISOString() },
        planFeatures: plan.features,
        access: plan.access,
        limitsReached: limitsReached(plan, usage),
      };
    },

    /** 402 with the spec's upgrade message when the account's plan lacks the feature. */
    async requireFeature(user: UserRow, feature: PlanFeatureKey): Promise<PlanDefinition> {
      const { plan } = await current(user.id);
      if (!plan.access[feature]) throw paymentRequired(featureRefusal(feature, plan));
      return plan;
    },

    async checkout(user: UserRow, planId: string, origin: string): Promise<{ sessionUrl: string }> {
      if (!isPlanId(planId)) throw badRequest("That plan does not exist");
      const plan = PLANS[planId];
      if (plan.priceCents === 0) {
        throw badRequest(
          "The Free plan needs no checkout. Cancel your subscription to move to Free at the end of its period.",
        );
      }
      const { row } = await current(user.id);
      if (row.planType === plan.id && row.status === "active" && !row.cancelAtPeriodEnd) {
        throw conflict(`You are already on the ${plan.name} plan`);
      }
      const checkout = await repo.createCheckout({
        userId: user.id,
        planId: plan.id,
        provider: payments.name,
        amountCents: plan.priceCents,
        createdAt: now(),
      });
      const base = publicUrl ?? origin;
      try {
        const session = await payments.createCheckout({
          checkoutId: checkout.id,
          plan,
          user: { id: user.id, email: user.email },
          customerId: subscriptionProvider(row) === "stripe" ? row.paymentCustomerId : null,
          successUrl: `${base}/subscription?checkout=success`,
          cancelUrl: `${base}/subscription?checkout=cancelled`,
        });
        await repo.setCheckoutProviderId(user.id, checkout.id, session.providerSessionId);
        return { sessionUrl: session.url };
      } catch (error) {
        await repo.deleteCheckout(user.id, checkout.id);
        if (error instanceof PaymentsUnavailable) {
          log.error({ err: error, cause: error.cause }, "checkout failed at the payments provider");
          throw new HttpError(502, CHECKOUT_FAILED);
        }
        throw error;
      }
    },

    /** Ends the subscription at the period's end; a trial (nothing paid) ends now. */
    async cancel(user: UserRow) {
      const { row, plan } = await current(user.id);
      if (plan.priceCents === 0 || !IN_GOOD_STANDING.has(row.status)) {
        throw conflict("There is no active subscription to cancel");
      }
      if (row.cancelAtPeriodEnd) {
        const end = row.currentPeriodEnd ? ` on ${formatDay(row.currentPeriodEnd, user.timezone)}` : "";
        throw conflict(`Your subscription is already set to end${end}`);
      }
      if (row.status === "trialing" || !row.currentPeriodEnd) {
        const updated = await repo.updateSubscription(user.id, { ...FREE_FIELDS, currentPeriodStart: now() });
        return {
          message: `Your ${plan.name} trial has ended. You are on the Free plan now.`,
          subscription: presentSubscription(updated),
        };
      }
      if (subscriptionProvider(row) === "stripe" && row.paymentSubscriptionId) {
        try {
          await payments.cancelAtPeriodEnd(row.paymentSubscriptionId);
        } catch (error) {
          log.error({ err: error, cause: (error as Error).cause }, "cancel failed at the payments provider");
          throw new HttpError(502, CANCEL_FAILED);
        }
      }
      const updated = await repo.updateSubscription(user.id, { cancelAtPeriodEnd: true });
      return {
        message: `Your ${plan.name} plan stays active until ${formatDay(row.currentPeriodEnd, user.timezone)}, then moves to Free.`,
        subscription: presentSubscription(updated),
      };
    },

    async checkoutSession(user: UserRow, id: string): Promise<CheckoutSessionOut> {
      const row = await repo.checkout(user.id, id);
      if (!row) throw notFound("That checkout");
      const plan = planFor(row.planId);
      return {
        id: row.id,
        planId: plan.id,
        planName: plan.name,
        amountCents: row.amountCents,
        interval: "month",
        status: checkoutStatus(row, now()),
        provider: row.provider === "stripe" ? "stripe" : "local",
        email: user.email,
        highlights: plan.highlights,
        createdAt: row.createdAt.toISOString(),
      };
    },

    /**
     * The local provider's "Pay": the order page confirms, and the same handler Stripe's
     * webhook feeds applies the checkout.session.completed event.
     */
    async confirmLocal(user: UserRow, id: string) {
      const row = await repo.checkout(user.id, id);
      if (!row) throw notFound("That checkout");
      if (row.provider !== "local") throw conflict("This checkout is paid on Stripe's page");
      const status = checkoutStatus(row, now());
      if (status === "complete") throw conflict("This order is already confirmed");
      if (status === "expired")
        throw conflict("This checkout has expired. Start again from the Subscription page.");
      const { row: subscription } = await current(user.id);
      const customer =
        subscription.paymentCustomerId?.startsWith("local_cus_") === true
          ? subscription.paymentCustomerId
          : `local_cus_${user.id}`;
      await handleEvent("local", {
        id: `evt_local_${randomUUID()}`,
        type: "checkout.session.completed",
        created: Math.floor(now().getTime() / 1000),
        data: {
          object: {
            id: row.id,
            object: "checkout.session",
            client_reference_id: row.id,
            customer,
            subscription: `${LOCAL_SUBSCRIPTION_PREFIX}${randomUUID()}`,
            payment_status: "paid",
            metadata: { checkoutId: row.id, userId: user.id, planId: row.planId },
          },
        },
      });
      const plan = planFor(row.planId);
      return {
        message: `You're on the ${plan.name} plan now.`,
        redirectTo: "/subscription?checkout=success",
      };
    },

    /** Stripe's webhook: verified on the raw body, then handled once per event id. */
    async stripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ duplicate: boolean }> {
      if (!payments.verifyWebhook) throw new HttpError(404, "Stripe webhooks are not configured");
      const event = payments.verifyWebhook(rawBody, signature, now());
      return handleEvent("stripe", event);
    },
  };
}

export type BillingService = ReturnType<typeof billingService>;
