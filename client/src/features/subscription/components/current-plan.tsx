import type { PlansResponse, SubscriptionResponse } from "@common/billing";
import { formatDollars, isPlanId } from "@common/plans";
import { CreditCard } from "lucide-react";
import { RoleNote } from "../../../components/forms/role-note";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { formatDateTime } from "../../../lib/format";
import { UsageBars } from "./usage-bars";

const STATUS_TEXT: Record<string, string> = {
  active: "Active",
  trialing: "Trial",
  past_due: "Payment due",
  canceled: "Cancelled",
  unpaid: "Unpaid",
  incomplete: "Incomplete",
  incomplete_expired: "Expired",
  paused: "Paused",
};

/** The current plan, its status and period, this month's usage bars, and Cancel for an active plan. */
export function CurrentPlan({
  data,
  plans,
  timeZone,
  onCancel,
}: {
  data: SubscriptionResponse;
  plans: PlansResponse | undefined;
  timeZone: string;
  /** Null for a member who may not cancel: the button is left out and the owner named. */
  onCancel: (() => void) | null;
}) {
  const { subscription } = data;
  // An enterprise plan is not among the plans on offer: its price is not shown here.
  const plan = isPlanId(subscription.planType) ? plans?.[subscription.planType] : undefined;
  const paid = (plan?.priceCents ?? 0) > 0;
  const day = (iso: string) => formatDateTime(iso, timeZone, "MMMM d, yyyy");
  const trial = subscription.status === "trialing";
  // A trial with a plan chosen has a subscription behind it: it is charged when the trial ends.
  const chosenTrial = trial && subscription.provider !== null;
  const price = plan ? formatDollars(plan.priceCents) : "the plan's price";
  const period = !subscription.currentPeriodEnd
    ? null
    : subscription.cancelAtPeriodEnd
      ? `Ends on ${day(subscription.currentPeriodEnd)}, then moves to Free.${trial ? " You won't be charged." : ""}`
      : chosenTrial
        ? `Trial until ${day(subscription.currentPeriodEnd)}; you'll be charged ${price} on ${day(subscription.currentPeriodEnd)}, then every month.`
        : trial
          ? `Free trial until ${day(subscription.currentPeriodEnd)}. Choose a plan below to keep going after it.`
          : `Renews on ${day(subscription.currentPeriodEnd)}.`;
  const cancellable =
    paid &&
    (subscription.status === "active" || subscription.status === "trialing") &&
    !subscription.cancelAtPeriodEnd;

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold leading-none tracking-tight">
            <CreditCard className="size-5" aria-hidden />
            <span data-testid="current-plan-name">{subscription.planName} Plan</span>
            <Badge
              variant={subscription.status === "active" ? "default" : "secondary"}
              data-testid="subscription-status"
            >
              {STATUS_TEXT[subscription.status] ?? subscription.status}
            </Badge>
            {subscription.cancelAtPeriodEnd ? <Badge variant="warning">Cancels at period end</Badge> : null}
          </h2>
          <CardDescription data-testid="current-plan-period">
            {plan && !trial
              ? plan.priceCents === 0
                ? "No charge."
                : `${formatDollars(plan.priceCents)} a month.`
              : null}{" "}
            {period}
            {subscription.provider === "local" ? " Paid through the built-in test checkout." : null}
          </CardDescription>
        </div>
        {cancellable && onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : cancellable ? (
          <RoleNote least="owner" className="max-w-64">
            Only the workspace owner can cancel {trial ? "the trial" : "the plan"}.
          </RoleNote>
        ) : null}
      </CardHeader>
      <CardContent>
        <h3 className="mb-3 text-sm font-semibold">Usage this month</h3>
        <UsageBars data={data} timeZone={timeZone} />
      </CardContent>
    </Card>
  );
}
