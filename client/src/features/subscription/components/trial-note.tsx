import type { PlansResponse, SubscriptionResponse } from "@common/billing";
import { formatDollars, isPlanId } from "@common/plans";
import { CalendarClock } from "lucide-react";
import { formatDateTime } from "../../../lib/format";

/**
 * What choosing a plan during a trial does: the trial keeps its days, the
 * plan applies at once, and nothing is charged before the trial ends. Said before the buyer
 * chooses, in the same words the checkout and the confirmation use.
 */
export function TrialNote({
  data,
  plans,
  timeZone,
}: {
  data: SubscriptionResponse;
  plans: PlansResponse | undefined;
  timeZone: string;
}) {
  const { subscription, checkout } = data;
  if (subscription.status !== "trialing" || subscription.cancelAtPeriodEnd || checkout.unavailable)
    return null;
  const day = (iso: string) => formatDateTime(iso, timeZone, "MMMM d, yyyy");
  const chosen = subscription.provider !== null;
  // An enterprise plan is not among the plans on offer: its price is not shown here.
  const plan = isPlanId(subscription.planType) ? plans?.[subscription.planType] : undefined;
  let text: string;
  if (checkout.trialEndsAt) {
    const end = day(checkout.trialEndsAt);
    text = chosen
      ? `Your ${subscription.planName} trial continues until ${end}; you'll be charged ${plan ? formatDollars(plan.priceCents) : "the plan's price"} on ${end}. Switching plans keeps the trial: the plan you switch to is charged from ${end} instead.`
      : `Your trial continues until ${end}. Choosing a plan now keeps it: the plan applies straight away and you'll be charged its monthly price on ${end}, not before. Cancel before then and you pay nothing.`;
  } else {
    const end = subscription.currentPeriodEnd ? day(subscription.currentPeriodEnd) : "soon";
    text = `Your trial ends on ${end}, in less than two days: a plan chosen now starts and is charged today.`;
  }
  return (
    <p
      data-testid="trial-note"
      className="flex gap-2 rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-950"
    >
      <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden />
      {text}
    </p>
  );
}
