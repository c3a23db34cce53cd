import type { PlansResponse, SubscriptionResponse } from "../../../common/billing";
import { featureRefusal, type PlanDefinition, type PlanFeatureKey } from "../../../common/plans";
import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import { LimitReached } from "../../domain/errors";
import { limitsReached, nextMonthStart, usageMonth } from "../usage/limits";
import { checkoutSession, confirmLocalCheckout, startCheckout } from "./checkout";
import { applyPaymentEvent, applyStripeWebhook } from "./commands/apply-payment-event";
import { cancelSubscription } from "./commands/cancel-subscription";
import { grantCredit } from "./commands/grant-credit";
import { setPlanByAdministrator } from "./commands/set-plan-by-administrator";
import { type BillingContext, type BillingDeps, billingContext } from "./context";
import { presentOverview, presentPlans } from "./presenter";
import type { ProductSeller } from "./products";
import { currentPlan, trialCarriedInto } from "./subscription-state";

export type { BillingDeps } from "./context";
export type { ProductOrder, ProductSeller } from "./products";
export {
  type CurrentPlan,
  effectivePlan,
  subscriptionProvider,
  trialCarriedInto,
} from "./subscription-state";

/**
 * The billing area, assembled: the subscription's state and its period's end (subscription-
 * state.ts), buying a plan (checkout.ts), and the multi-step writes as commands: a payment
 * event applied once (commands/apply-payment-event.ts), a cancellation (commands/cancel-
 * subscription.ts). Each takes the area's context first; this binds it.
 */
export function billingService(deps: BillingDeps) {
  const ctx = billingContext(deps);
  const bound =
    <A extends unknown[], R>(work: (context: BillingContext, ...args: A) => R) =>
    (...args: A): R =>
      work(ctx, ...args);
  const current = bound(currentPlan);

  return {
    current,
    handleEvent: bound(applyPaymentEvent),

    /** A new workspace's trial of the plan it signed up for, inside the sign-up's transaction. */
    async startTrial(tx: Db, workspaceId: string, planType: string, endsAt: Date): Promise<void> {
      await ctx.repoFor(tx).createSubscription({
        workspaceId,
        planType,
        status: "trialing",
        currentPeriodEnd: endsAt,
      });
    },

    /** Usage month by month (advanced analytics). */
    usageHistory: (account: Account, months: number) => ctx.counters.history(account.id, months),

    plans: (): PlansResponse => presentPlans(),

    async overview(account: Account): Promise<SubscriptionResponse> {
      const { row, plan } = await current(account.id);
      const at = ctx.now();
      const period = usageMonth(at, account.timezone);
      const usage = await ctx.counters.month(account.id, period);
      return presentOverview({
        row,
        plan,
        usage: { ...usage, ...period, resetsAt: nextMonthStart(at, account.timezone).toISOString() },
        limitsReached: limitsReached(plan, usage),
        checkout: {
          provider: ctx.payments.name === "none" ? null : ctx.payments.name,
          unavailable: ctx.checkoutUnavailable(),
          trialEndsAt: trialCarriedInto(row, at)?.toISOString() ?? null,
        },
      });
    },

    /** 402 with the spec's upgrade message when the account's plan lacks the feature. */
    async requireFeature(account: Account, feature: PlanFeatureKey): Promise<PlanDefinition> {
      const { plan } = await current(account.id);
      if (!plan.access[feature]) throw new LimitReached(featureRefusal(feature, plan));
      return plan;
    },

    /**
     * Moves on up to `limit` subscriptions whose period passed unread (see the repository's
     * `lapsed`), so that an ended trial or plan is recorded as ended even when nobody signs in.
     * Answers how many were read.
     */
    async settleLapsed(limit: number): Promise<number> {
      const due = await ctx.repo.lapsed(ctx.now(), limit);
      for (const workspaceId of due) await current(workspaceId);
      return due.length;
    },

    /** Workspaces whose trial or plan ended at or before `before`, a page at a time (retention). */
    endedBy: (before: Date, cursor: { at: string; workspaceId: string } | null, limit: number) =>
      ctx.repo.endedBy(before, cursor, limit),

    /**
     * Inside the caller's transaction: locks the workspace's subscription and answers when it
     * ended, or null when a plan runs again (a deletion checks this under the lock, so a plan
     * bought a moment before is never deleted).
     */
    async endedAtIn(tx: Db, workspaceId: string): Promise<Date | null> {
      const row = await ctx.repoFor(tx).subscriptionForUpdate(workspaceId);
      return row?.endedAt ?? null;
    },

    checkout: bound(startCheckout),
    cancel: bound(cancelSubscription),
    setPlanByAdministrator: bound(setPlanByAdministrator),
    grantCredit: bound(grantCredit),
    checkoutSession: bound(checkoutSession),
    confirmLocal: bound(confirmLocalCheckout),
    stripeWebhook: bound(applyStripeWebhook),
    /** Another area sells through checkout (its price ids as planId); set up in the composition root. */
    sellProducts(seller: ProductSeller): void {
      ctx.sellers.set(seller.name, seller);
    },
  };
}

export type BillingService = ReturnType<typeof billingService>;
