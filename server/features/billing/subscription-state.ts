import { TZDate } from "@date-fns/tz";
import { addMonths, format } from "date-fns";
import { PLANS, type PlanDefinition, planFor } from "../../../common/plans";
import type { BillingContext } from "./context";
import type { SubscriptionRow } from "./repository";

/**
 * A plan bought during a trial keeps the trial's days when at least this much of it is left:
 * Stripe refuses a subscription trial_end less than 48 hours ahead, and both providers follow
 * the same rule so the screens can say one thing.
 */
const MIN_TRIAL_LEFT_MS = 48 * 60 * 60 * 1000;
/** Statuses under which the plan's features apply; anything else falls back to free. */
export const IN_GOOD_STANDING = new Set(["active", "trialing", "past_due"]);
export const LOCAL_SUBSCRIPTION_PREFIX = "local_sub_";

/** A subscription back on the Free plan (its period start is set by whoever moves it). */
export const FREE_FIELDS = {
  planType: "free",
  status: "active",
  cancelAtPeriodEnd: false,
  currentPeriodEnd: null,
  paymentSubscriptionId: null,
  priceId: null,
} as const;

/**
 * A trial or paid plan that ended at `at` (cancelled, expired, a trial nobody paid for): back on
 * Free from then, and the day it ended recorded, from which the workspace's data is kept for
 * the Terms' period (features/retention).
 */
export function endedAt(at: Date) {
  return { ...FREE_FIELDS, currentPeriodStart: at, endedAt: at };
}

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

/** A day as the account reads it, in its time zone ("March 4, 2031"). */
export function formatDay(at: Date, timeZone: string): string {
  return format(new TZDate(at.getTime(), timeZone), "MMMM d, yyyy");
}

/**
 * A period that ended moves the account on: a cancelled subscription or an unpaid trial to
 * free; a local subscription renews while the test checkout is this server's provider (it has
 * no card to fail; once a server stops giving plans away, they end with their month). Stripe's
 * own subscriptions change by its webhooks, which it sends when a period ends.
 */
function transition(ctx: BillingContext, row: SubscriptionRow, at: Date) {
  const end = row.currentPeriodEnd;
  if (!end || end.getTime() > at.getTime()) return null;
  const provider = subscriptionProvider(row);
  const local = provider === "local";
  // A trial nobody chose a plan for (no subscription behind it) ends on free, nothing charged.
  const unpaidTrial = row.status === "trialing" && provider === null;
  if (row.cancelAtPeriodEnd || unpaidTrial || (local && ctx.payments.name !== "local")) {
    return endedAt(end);
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

/** The workspace's subscription now, moved on first if its period has ended, and the plan that applies. */
export function currentPlan(ctx: BillingContext, workspaceId: string): Promise<CurrentPlan> {
  return ctx.afterCommit(readCurrent(ctx, workspaceId));
}

async function readCurrent(ctx: BillingContext, workspaceId: string): Promise<CurrentPlan> {
  const at = ctx.now();
  let row = await ctx.repo.subscription(workspaceId);
  if (transition(ctx, row, at)) {
    row = await ctx.inTransaction(async (tx) => {
      const r = ctx.repoFor(tx);
      const locked = (await r.subscriptionForUpdate(workspaceId)) ?? row;
      const change = transition(ctx, locked, at);
      return change ? r.updateSubscription(workspaceId, change) : locked;
    });
  }
  return { row, plan: effectivePlan(row) };
}
