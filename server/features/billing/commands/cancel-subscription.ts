import { CANCEL_FAILED, type CancelResponse } from "../../../../common/billing";
import type { Account } from "../../../domain/account";
import { Conflict, OutsideServiceFailed } from "../../../domain/errors";
import type { BillingContext } from "../context";
import { presentSubscription } from "../presenter";
import {
  currentPlan,
  endedAt,
  formatDay,
  IN_GOOD_STANDING,
  subscriptionProvider,
} from "../subscription-state";

/**
 * Ends the subscription at the period's end; a trial (nothing paid) ends now. A Stripe
 * subscription is told first: if Stripe does not take it, nothing changes here (502).
 */
export function cancelSubscription(ctx: BillingContext, account: Account): Promise<CancelResponse> {
  return ctx.afterCommit(cancelNow(ctx, account));
}

async function cancelNow(ctx: BillingContext, account: Account): Promise<CancelResponse> {
  const { row, plan } = await currentPlan(ctx, account.id);
  if (plan.priceCents === 0 || !IN_GOOD_STANDING.has(row.status)) {
    throw new Conflict("There is no active subscription to cancel");
  }
  if (row.cancelAtPeriodEnd) {
    const end = row.currentPeriodEnd ? ` on ${formatDay(row.currentPeriodEnd, account.timezone)}` : "";
    throw new Conflict(`Your subscription is already set to end${end}`);
  }
  // The sign-up trial (no plan chosen, nothing to charge) ends at once.
  if ((row.status === "trialing" && !row.paymentSubscriptionId) || !row.currentPeriodEnd) {
    const updated = await ctx.repo.updateSubscription(account.id, endedAt(ctx.now()));
    return {
      message: `Your ${plan.name} trial has ended. You are on the Free plan now.`,
      subscription: presentSubscription(updated),
    };
  }
  if (subscriptionProvider(row) === "stripe" && row.paymentSubscriptionId) {
    try {
      await ctx.payments.cancelAtPeriodEnd(row.paymentSubscriptionId);
    } catch (error) {
      ctx.log.error({ err: error, cause: (error as Error).cause }, "cancel failed at the payments provider");
      throw new OutsideServiceFailed(CANCEL_FAILED);
    }
  }
  const updated = await ctx.repo.updateSubscription(account.id, { cancelAtPeriodEnd: true });
  const end = formatDay(row.currentPeriodEnd, account.timezone);
  return {
    message:
      row.status === "trialing"
        ? `Your ${plan.name} trial continues until ${end}, then moves to Free. You won't be charged.`
        : `Your ${plan.name} plan stays active until ${end}, then moves to Free.`,
    subscription: presentSubscription(updated),
  };
}
