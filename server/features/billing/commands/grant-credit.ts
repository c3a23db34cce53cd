import type { BillingContext } from "../context";
import { currentPlan, subscriptionProvider } from "../subscription-state";

export type GrantedCredit = {
  /** "stripe": taken off the workspace's next Stripe invoice; "local": recorded here only. */
  provider: "stripe" | "local";
  /** Stripe's balance transaction; null when recorded locally. */
  reference: string | null;
};

/**
 * A credit for a workspace (a referral's reward): on its Stripe customer's balance when it pays
 * through Stripe, which takes it off the next invoice; otherwise recorded by the caller alone
 * (the test checkout charges nothing, and a Free workspace has no invoice to take it off).
 * Throws PaymentsUnavailable when Stripe does not take it, so the caller can try again later.
 */
export async function grantCredit(
  ctx: BillingContext,
  workspaceId: string,
  amountCents: number,
  description: string,
  idempotencyKey: string,
): Promise<GrantedCredit> {
  const { row } = await currentPlan(ctx, workspaceId);
  const customerId = row.paymentCustomerId;
  if (subscriptionProvider(row) === "stripe" && customerId && ctx.payments.creditBalance) {
    const reference = await ctx.payments.creditBalance(customerId, amountCents, description, idempotencyKey);
    return { provider: "stripe", reference };
  }
  return { provider: "local", reference: null };
}
