import { randomUUID } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { addMonths, format } from "date-fns";
import type { FastifyBaseLogger } from "fastify";
import {
  CANCEL_FAILED,
  CHECKOUT_FAILED,
  type CheckoutSessionOut,
  PAYMENTS_NOT_CONFIGURED,
  type PlansResponse,
  SUBSCRIPTION_STATUSES,
  type SubscriptionResponse,
  type SubscriptionStatus,
} from "../../../common/billing";
import {
  featureRefusal,
  formatDollars,
  isPlanId,
  PLAN_IDS,
  PLANS,
  type PlanDefinition,
  type PlanFeatureKey,
  planFor,
} from "../../../common/plans";
import type { Db } from "../../db/client";
import type { Account } from "../../http/account";
import { badRequest, conflict, HttpError, notFound, paymentRequired } from "../../http/errors";
import type { PaymentEvent, PaymentsProvider } from "../../providers/payments";
import { PaymentsUnavailable } from "../../providers/payments/types";
import type { UsageCountersService } from "../usage/counters";
import { limitsReached, nextMonthStart, usageMonth } from "../usage/limits";
import {
  type BillingRepository,
  billingRepository,
  type CheckoutRow,
  type SubscriptionRow,
} from "./repository";

/** An open checkout can be confirmed for this long. */
const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A plan bought during a trial keeps the trial's days when at least this much of it is left:
 * Stripe refuses a subscription trial_end less than 48 hours ahead, and both providers follow
 * the same rule so the screens can say one thing.
 */
const MIN_TRIAL_LEFT_MS = 48 * 60 * 60 * 1000;
/** Statuses under which the plan's features apply; anything else falls back to free. */
const IN_GOOD_STANDING = new Set(["active", "trialing", "past_due"]);
const LOCAL_SUBSCRIPTION_PREFIX = "local_sub_";
/** An order from the test checkout on a server that has since moved to Stripe. */
const TEST_CHECKOUT_OFF =
  "The built-in test checkout is switched off on this server. Start again from the Subscription page.";

export type BillingDeps = {
  db: Db;
  /**
   * The workspace's plan follows its subscription (teams keeps it: seats and concurrency read
   * it); `planChanged` is told once the change is committed, so cached sessions re-read it.
   */
  workspaces: {
    setPlanIn: (tx: Db, workspaceId: string, planType: string) => Promise<void>;
    planChanged: (workspaceId: string) => void;
  };
  counters: Pick<UsageCountersService, "month" | "history">;
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

/**
 * When a plan bought now would first be charged, if not at once: the end of a running trial
 * (the sign-up trial, or a trial already carried into a chosen plan) with enough of it left.
 */
export function trialCarriedInto(row: SubscriptionRow, at: Date): Date | null {
  const end = row.currentPeriodEnd;
  if (row.status !== "trialing" || row.cancelAtPeriodEnd || !end) return null;
  return end.getTime() - at.getTime() >= MIN_TRIAL_LEFT_MS ? end : null;
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
/** 9999-12-31T23:59:59Z: the last second both PostgreSQL's timestamptz and an ISO string hold. */
const LAST_SECOND = 253_402_300_799;
/** A provider's time in seconds since the epoch; anything outside what can be stored is no time. */
const seconds = (value: unknown): Date | undefined =>
  typeof value === "number" && Number.isInteger(value) && value > 0 && value <= LAST_SECOND
    ? new Date(value * 1000)
    : undefined;
const subscriptionStatus = (value: unknown): SubscriptionStatus | undefined =>
  SUBSCRIPTION_STATUSES.find((status) => status === value);

export function billingService({
  db,
  workspaces,
  counters,
  payments,
  publicUrl,
  log,
  now = () => new Date(),
}: BillingDeps) {
  // Plan changes wait here until their transaction has committed (see afterCommit).
  const changedPlans = new Set<string>();
  const repoFor = (executor: Db) =>
    billingRepository(executor, async (tx, workspaceId, planType) => {
      await workspaces.setPlanIn(tx, workspaceId, planType);
      changedPlans.add(workspaceId);
    });
  /** Runs a plan-changing operation, then announces its committed plan changes. */
  async function afterCommit<T>(operation: Promise<T>): Promise<T> {
    try {
      return await operation;
    } finally {
      for (const workspaceId of changedPlans) workspaces.planChanged(workspaceId);
      changedPlans.clear();
    }
  }
  const repo = repoFor(db);

  function inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction((tx) => work(tx as unknown as Db));
  }

  /** Why nothing can be bought on this server; null when checkout works. */
  const checkoutUnavailable = (): string | null =>
    payments.name === "none" ? PAYMENTS_NOT_CONFIGURED : null;

  /**
   * A period that ended moves the account on: a cancelled subscription or an unpaid trial to
   * free; a local subscription renews while the test checkout is this server's provider (it has
   * no card to fail; once a server stops giving plans away, they end with their month). Stripe's
   * own subscriptions change by its webhooks, which it sends when a period ends.
   */
  function transition(row: SubscriptionRow, at: Date) {
    const end = row.currentPeriodEnd;
    if (!end || end.getTime() > at.getTime()) return null;
    const provider = subscriptionProvider(row);
    const local = provider === "local";
    // A trial nobody chose a plan for (no subscription behind it) ends on free, nothing charged.
    const unpaidTrial = row.status === "trialing" && provider === null;
    if (row.cancelAtPeriodEnd || unpaidTrial || (local && payments.name !== "local")) {
      return { ...FREE_FIELDS, currentPeriodStart: end };
    }
    // A plan chosen during a trial on the test checkout: its first month starts when the trial
    // ends (Stripe says the same with customer.subscription.updated).
    if ((row.status === "active" || row.status === "trialing") && local) {
      let start = end;
      let next = addMonths(end, 1);
      while (next.getTime() <= at.getTime()) {
        start = next;
        next = addMonths(next, 1);
      }
      return { status: "active", currentPeriodStart: start, currentPeriodEnd: next };
    }
    return null;
  }

  function current(workspaceId: string): Promise<CurrentPlan> {
    return afterCommit(readCurrent(workspaceId));
  }

  async function readCurrent(workspaceId: string): Promise<CurrentPlan> {
    const at = now();
    let row = await repo.subscription(workspaceId);
    if (transition(row, at)) {
      row = await inTransaction(async (tx) => {
        const r = repoFor(tx);
        const locked = (await r.subscriptionForUpdate(workspaceId)) ?? row;
        const change = transition(locked, at);
        return change ? r.updateSubscription(workspaceId, change) : locked;
      });
    }
    return { row, plan: effectivePlan(row) };
  }

  function formatDay(at: Date, timeZone: string): string {
    return format(new TZDate(at.getTime(), timeZone), "MMMM d, yyyy");
  }

  /** The trial an order keeps, if it is still running. */
  function checkoutTrialEnd(row: CheckoutRow, at: Date): Date | null {
    return row.trialEndsAt && row.trialEndsAt.getTime() > at.getTime() ? row.trialEndsAt : null;
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
    if (object.payment_status === "unpaid") return checkout.workspaceId;
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
  ): Promise<string | null> {
    const id = str(object.id);
    if (!id) return null;
    const row = await r.subscriptionByProviderId(id);
    if (!row) return null;
    const status = subscriptionStatus(object.status) ?? row.status;
    if (deleted || status === "canceled" || status === "incomplete_expired") {
      await r.updateSubscription(row.workspaceId, { ...FREE_FIELDS, currentPeriodStart: now() });
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
      ...(planId && isPlanId(planId) ? { planType: planId } : {}),
      priceId: idOf((item as { price?: unknown }).price) ?? row.priceId,
    });
    return row.workspaceId;
  }

  /**
   * The webhook-handling code, for Stripe's verified events and the local provider's alike. Each
   * event id is handled once: it is recorded in the same transaction as its effects.
   */
  function handleEvent(provider: string, event: PaymentEvent): Promise<{ duplicate: boolean }> {
    return afterCommit(handleEventNow(provider, event));
  }

  async function handleEventNow(provider: string, event: PaymentEvent): Promise<{ duplicate: boolean }> {
    const at = now();
    const replaced: string[] = [];
    const outcome = await inTransaction(async (tx) => {
      const r = repoFor(tx);
      if (!(await r.recordEvent({ id: event.id, provider, type: event.type, workspaceId: null }))) {
        return { duplicate: true };
      }
      const object = event.data?.object ?? {};
      let workspaceId: string | null = null;
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded":
          workspaceId = await completeCheckout(r, provider, object, at, replaced);
          break;
        case "customer.subscription.created":
        case "customer.subscription.updated":
        case "customer.subscription.deleted":
          workspaceId = await syncSubscription(r, object, event.type === "customer.subscription.deleted");
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
      payments
        .cancelNow(id)
        .catch((error) => log.warn({ err: error, id }, "could not end a replaced subscription"));
    }
    return outcome;
  }

  async function cancelNow(account: Account) {
    const { row, plan } = await current(account.id);
    if (plan.priceCents === 0 || !IN_GOOD_STANDING.has(row.status)) {
      throw conflict("There is no active subscription to cancel");
    }
    if (row.cancelAtPeriodEnd) {
      const end = row.currentPeriodEnd ? ` on ${formatDay(row.currentPeriodEnd, account.timezone)}` : "";
      throw conflict(`Your subscription is already set to end${end}`);
    }
    // The sign-up trial (no plan chosen, nothing to charge) ends at once.
    if ((row.status === "trialing" && !row.paymentSubscriptionId) || !row.currentPeriodEnd) {
      const updated = await repo.updateSubscription(account.id, {
        ...FREE_FIELDS,
        currentPeriodStart: now(),
      });
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
    const updated = await repo.updateSubscription(account.id, { cancelAtPeriodEnd: true });
    const end = formatDay(row.currentPeriodEnd, account.timezone);
    return {
      message:
        row.status === "trialing"
          ? `Your ${plan.name} trial continues until ${end}, then moves to Free. You won't be charged.`
          : `Your ${plan.name} plan stays active until ${end}, then moves to Free.`,
      subscription: presentSubscription(updated),
    };
  }

  return {
    current,
    handleEvent,

    /** A new workspace's trial of the plan it signed up for, inside the sign-up's transaction. */
    async startTrial(tx: Db, workspaceId: string, planType: string, endsAt: Date): Promise<void> {
      await repoFor(tx).createSubscription({
        workspaceId,
        planType,
        status: "trialing",
        currentPeriodEnd: endsAt,
      });
    },

    /** Usage month by month (advanced analytics). */
    usageHistory: (account: Account, months: number) => counters.history(account.id, months),

    plans(): PlansResponse {
      return Object.fromEntries(PLAN_IDS.map((id) => [id, PLANS[id]])) as PlansResponse;
    },

    async overview(account: Account): Promise<SubscriptionResponse> {
      const { row, plan } = await current(account.id);
      const at = now();
      const period = usageMonth(at, account.timezone);
      const usage = await counters.month(account.id, period);
      return {
        subscription: presentSubscription(row),
        usage: { ...usage, ...period, resetsAt: nextMonthStart(at, account.timezone).toISOString() },
        planFeatures: plan.features,
        access: plan.access,
        limitsReached: limitsReached(plan, usage),
        checkout: {
          provider: payments.name === "none" ? null : payments.name,
          unavailable: checkoutUnavailable(),
          trialEndsAt: trialCarriedInto(row, at)?.toISOString() ?? null,
        },
      };
    },

    /** 402 with the spec's upgrade message when the account's plan lacks the feature. */
    async requireFeature(account: Account, feature: PlanFeatureKey): Promise<PlanDefinition> {
      const { plan } = await current(account.id);
      if (!plan.access[feature]) throw paymentRequired(featureRefusal(feature, plan));
      return plan;
    },

    async checkout(account: Account, planId: string, origin: string): Promise<{ sessionUrl: string }> {
      if (!isPlanId(planId)) throw badRequest("That plan does not exist");
      const plan = PLANS[planId];
      if (plan.priceCents === 0) {
        throw badRequest(
          "The Free plan needs no checkout. Cancel your subscription to move to Free at the end of its period.",
        );
      }
      const unavailable = checkoutUnavailable();
      if (unavailable) throw new HttpError(503, unavailable);
      const { row } = await current(account.id);
      // A trial with a plan chosen (a subscription behind it) is on that plan already.
      const chosen =
        row.status === "active" || (row.status === "trialing" && row.paymentSubscriptionId !== null);
      if (row.planType === plan.id && chosen && !row.cancelAtPeriodEnd) {
        throw conflict(`You are already on the ${plan.name} plan`);
      }
      const at = now();
      const trialEnd = trialCarriedInto(row, at);
      const checkout = await repo.createCheckout({
        workspaceId: account.id,
        planId: plan.id,
        provider: payments.name,
        amountCents: plan.priceCents,
        trialEndsAt: trialEnd,
        createdAt: at,
      });
      const base = publicUrl ?? origin;
      try {
        const session = await payments.createCheckout({
          checkoutId: checkout.id,
          plan,
          customer: { workspaceId: account.id, email: account.actor?.email ?? null },
          customerId: subscriptionProvider(row) === "stripe" ? row.paymentCustomerId : null,
          trialEnd,
          successUrl: `${base}/subscription?checkout=success`,
          cancelUrl: `${base}/subscription?checkout=cancelled`,
        });
        await repo.setCheckoutProviderId(account.id, checkout.id, session.providerSessionId);
        return { sessionUrl: session.url };
      } catch (error) {
        await repo.deleteCheckout(account.id, checkout.id);
        if (error instanceof PaymentsUnavailable) {
          log.error({ err: error, cause: error.cause }, "checkout failed at the payments provider");
          throw new HttpError(502, CHECKOUT_FAILED);
        }
        throw error;
      }
    },

    /** Ends the subscription at the period's end; a trial (nothing paid) ends now. */
    cancel: (account: Account) => afterCommit(cancelNow(account)),

    async checkoutSession(account: Account, id: string): Promise<CheckoutSessionOut> {
      const row = await repo.checkout(account.id, id);
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
        email: account.actor?.email ?? "",
        highlights: plan.highlights,
        createdAt: row.createdAt.toISOString(),
        trialEndsAt: checkoutTrialEnd(row, now())?.toISOString() ?? null,
        unavailable:
          checkoutUnavailable() ??
          (row.provider === "local" && payments.name !== "local" ? TEST_CHECKOUT_OFF : null),
      };
    },

    /**
     * The local provider's "Pay": the order page confirms, and the same handler Stripe's
     * webhook feeds applies the checkout.session.completed event.
     */
    async confirmLocal(account: Account, id: string) {
      const row = await repo.checkout(account.id, id);
      if (!row) throw notFound("That checkout");
      const unavailable = checkoutUnavailable();
      if (unavailable) throw new HttpError(503, unavailable);
      if (row.provider !== "local") throw conflict("This checkout is paid on Stripe's page");
      // An order from the test checkout is paid here only while the test checkout is on.
      if (payments.name !== "local") throw conflict(TEST_CHECKOUT_OFF);
      const status = checkoutStatus(row, now());
      if (status === "complete") throw conflict("This order is already confirmed");
      if (status === "expired")
        throw conflict("This checkout has expired. Start again from the Subscription page.");
      const { row: subscription } = await current(account.id);
      const customer =
        subscription.paymentCustomerId?.startsWith("local_cus_") === true
          ? subscription.paymentCustomerId
          : `local_cus_${account.id}`;
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
            metadata: { checkoutId: row.id, workspaceId: account.id, planId: row.planId },
          },
        },
      });
      const plan = planFor(row.planId);
      const trialEnd = checkoutTrialEnd(row, now());
      const day = trialEnd ? formatDay(trialEnd, account.timezone) : null;
      return {
        message: day
          ? `You're on the ${plan.name} plan now. Your trial continues until ${day}; you'll be charged ${formatDollars(row.amountCents)} on ${day}.`
          : `You're on the ${plan.name} plan now.`,
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
