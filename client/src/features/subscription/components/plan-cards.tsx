import type { PlanOut, PlansResponse, SubscriptionResponse } from "@common/billing";
import { formatDollars } from "@common/plans";
import { Check } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../../../components/ui/card";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";

export type PlanChoice = {
  /** The member is not the owner: each button shows what it would do, disabled. */
  ownerOnly?: boolean;
  onChoose: (plan: PlanOut) => void;
  onFree: () => void;
  pendingPlan: string | null;
};

const BUTTON_CLASS = "h-auto min-h-9 w-full whitespace-normal py-2";

/**
 * Every plan as one ladder, least to most (`ids` in PLAN_LADDER order): price from the server,
 * what each adds to the one before it, the account's current plan marked, and the button for
 * this account. During a trial each paid card says when it would first be charged.
 */
export function PlanCards({
  plans,
  ids,
  data,
  timeZone,
  choice,
}: {
  plans: PlansResponse;
  ids: readonly string[];
  data: SubscriptionResponse;
  timeZone: string;
  choice: PlanChoice;
}) {
  const current = data.subscription;
  const trialEnd = data.checkout.trialEndsAt
    ? formatDateTime(data.checkout.trialEndsAt, timeZone, "MMMM d")
    : null;
  return (
    <ol aria-label="Plans from least to most" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {ids.map((id) => {
        const plan = plans[id as keyof PlansResponse];
        if (!plan) return null;
        const isCurrent = current.planType === plan.id;
        return (
          <li key={plan.id} className="flex">
            <Card
              data-testid={`plan-${plan.id}`}
              aria-current={isCurrent ? "true" : undefined}
              className={cn(
                "relative flex w-full flex-col",
                plan.popular && "border-2 border-primary",
                isCurrent && "bg-secondary/40 ring-2 ring-green-700/40",
              )}
            >
              {plan.popular ? (
                <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Most Popular</Badge>
              ) : null}
              <CardHeader>
                <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
                  {plan.name}
                  {isCurrent ? <Badge variant="success">Your plan</Badge> : null}
                </h3>
                <p>
                  <span className="text-3xl font-bold">{formatDollars(plan.priceCents)}</span>
                  <span className="text-sm text-muted-foreground">/month</span>
                </p>
                {trialEnd && plan.priceCents > 0 && !data.checkout.unavailable ? (
                  <p className="text-xs font-medium text-green-800" data-testid={`plan-${plan.id}-trial`}>
                    $0 today: first charge on {trialEnd}, when your trial ends
                  </p>
                ) : null}
                <CardDescription>{plan.description}</CardDescription>
              </CardHeader>
              <CardContent className="flex-1">
                <ul className="grid gap-2 text-sm">
                  {plan.highlights.map((line) =>
                    line.endsWith(":") ? (
                      <li key={line} className="font-medium">
                        {line}
                      </li>
                    ) : (
                      <li key={line} className="flex gap-2">
                        <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
                        {line}
                      </li>
                    ),
                  )}
                </ul>
              </CardContent>
              <CardFooter>
                <PlanButton
                  plan={plan}
                  current={current}
                  isCurrent={isCurrent}
                  choice={choice}
                  unavailable={data.checkout.unavailable !== null}
                />
              </CardFooter>
            </Card>
          </li>
        );
      })}
    </ol>
  );
}

function PlanButton({
  plan,
  current,
  isCurrent,
  choice,
  unavailable,
}: {
  plan: PlanOut;
  current: SubscriptionResponse["subscription"];
  isCurrent: boolean;
  choice: PlanChoice;
  /** No paid plan can be bought on this server: say so instead of a button that can only fail. */
  unavailable: boolean;
}) {
  if (choice.ownerOnly && !(isCurrent && plan.priceCents === 0)) {
    return (
      <Button
        className={BUTTON_CLASS}
        variant="outline"
        disabled
        title="Only the workspace owner can change the plan"
      >
        {isCurrent ? "Current Plan" : plan.priceCents === 0 ? "Switch to Free" : `Choose ${plan.name}`}
      </Button>
    );
  }
  if (plan.priceCents === 0) {
    // The free plan's button says the user is already on it.
    if (isCurrent)
      return (
        <Button className={BUTTON_CLASS} variant="outline" disabled>
          You're already on the free plan
        </Button>
      );
    return (
      <Button
        className={BUTTON_CLASS}
        variant="outline"
        onClick={choice.onFree}
        disabled={current.cancelAtPeriodEnd}
      >
        {current.cancelAtPeriodEnd ? "Free when your plan ends" : "Switch to Free"}
      </Button>
    );
  }
  // A plan chosen and not cancelled: active, or a trial with the plan behind it.
  const chosen = current.status === "active" || (current.status === "trialing" && current.provider !== null);
  if (isCurrent && chosen && !current.cancelAtPeriodEnd) {
    return (
      <Button className={BUTTON_CLASS} variant="outline" disabled>
        Current Plan
      </Button>
    );
  }
  if (unavailable) {
    return (
      <p className="w-full rounded-md bg-muted px-3 py-2 text-center text-sm text-muted-foreground">
        Not available on this server yet
      </p>
    );
  }
  const pending = choice.pendingPlan === plan.id;
  const label = isCurrent
    ? current.status === "trialing"
      ? `Keep ${plan.name} after the trial`
      : `Renew ${plan.name}`
    : `Choose ${plan.name}`;
  return (
    <Button
      className={BUTTON_CLASS}
      variant={plan.popular ? "default" : "secondary"}
      onClick={() => choice.onChoose(plan)}
      disabled={choice.pendingPlan !== null}
      // The accessible name keeps the visible words (WCAG 2.5.3), adding the price.
      aria-label={pending ? undefined : `${label}, ${formatDollars(plan.priceCents)} a month`}
    >
      {pending ? "Redirecting to checkout..." : label}
    </Button>
  );
}
