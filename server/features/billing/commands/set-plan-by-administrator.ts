import { knownPlan, type PlanDefinition } from "../../../../common/plans";
import { Conflict, Invalid } from "../../../domain/errors";
import type { BillingContext } from "../context";
import { currentPlan, IN_GOOD_STANDING, subscriptionProvider } from "../subscription-state";

export const UNKNOWN_PLAN = "That plan does not exist";
export const PAYS_BY_CARD = (plan: string) =>
  `This workspace pays by card for the ${plan} plan. Its owner cancels that subscription first (or it is changed at Stripe), so that nobody is charged for a plan they no longer have.`;

/**
 * A platform administrator puts a workspace on a plan (an enterprise deal invoiced outside the
 * app, a complimentary plan, a correction): active with no period end and nothing to charge,
 * until an administrator or the owner changes it. A card subscription at Stripe still charging
 * is refused rather than left running beside the new plan; the test checkout's subscription,
 * which charges nobody, is simply replaced. Answers the plan before and after.
 */
export function setPlanByAdministrator(
  ctx: BillingContext,
  workspaceId: string,
  planId: string,
): Promise<{ from: PlanDefinition; to: PlanDefinition }> {
  return ctx.afterCommit(
    (async () => {
      const to = knownPlan(planId);
      if (!to) throw new Invalid(UNKNOWN_PLAN);
      const { row, plan: from } = await currentPlan(ctx, workspaceId);
      const charging =
        subscriptionProvider(row) === "stripe" && IN_GOOD_STANDING.has(row.status) && !row.cancelAtPeriodEnd;
      if (charging) throw new Conflict(PAYS_BY_CARD(from.name));
      await ctx.repo.updateSubscription(workspaceId, {
        planType: to.id,
        status: "active",
        cancelAtPeriodEnd: false,
        currentPeriodStart: ctx.now(),
        currentPeriodEnd: null,
        paymentSubscriptionId: null,
        priceId: null,
        endedAt: null,
      });
      return { from, to };
    })(),
  );
}
