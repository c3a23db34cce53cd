import type { PlanOut, PlansResponse, SubscriptionResponse } from "@common/billing";
import { formatDollars } from "@common/plans";
import { Check } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../../../components/ui/card";
import { cn } from "../../../lib/cn";

export type PlanChoice = {
  onChoose: (plan: PlanOut) => void;
  onFree: () => void;
  pendingPlan: string | null;
};

/** The plan cards: price from the server, what each includes, and the button for this account. */
export function PlanCards({
  plans,
  ids,
  current,
  choice,
}: {
  plans: PlansResponse;
  ids: readonly string[];
  current: SubscriptionResponse["subscription"];
  choice: PlanChoice;
}) {
  return (
    <div className={cn("grid gap-4 sm:grid-cols-2", ids.length > 2 ? "xl:grid-cols-4" : "")}>
      {ids.map((id) => {
        const plan = plans[id as keyof PlansResponse];
        if (!plan) return null;
        const isCurrent = current.planType === plan.id;
        return (
          <Card
            key={plan.id}
            data-testid={`plan-${plan.id}`}
            className={cn(
              "relative flex flex-col",
              plan.popular && "border-2 border-primary",
              isCurrent && "bg-secondary/40",
            )}
          >
            {plan.popular ? (
              <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Most Popular</Badge>
            ) : null}
            <CardHeader>
              <h3 className="text-lg font-semibold">{plan.name}</h3>
              <p>
                <span className="text-3xl font-bold">{formatDollars(plan.priceCents)}</span>
                <span className="text-sm text-muted-foreground">/month</span>
              </p>
              <CardDescription>{plan.description}</CardDescription>
            </CardHeader>
            <CardContent className="flex-1">
              <ul className="grid gap-2 text-sm">
                {plan.highlights.map((line) => (
                  <li key={line} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
                    {line}
                  </li>
                ))}
              </ul>
            </CardContent>
            <CardFooter>
              <PlanButton plan={plan} current={current} isCurrent={isCurrent} choice={choice} />
            </CardFooter>
          </Card>
        );
      })}
    </div>
  );
}

function PlanButton({
  plan,
  current,
  isCurrent,
  choice,
}: {
  plan: PlanOut;
  current: SubscriptionResponse["subscription"];
  isCurrent: boolean;
  choice: PlanChoice;
}) {
  if (plan.priceCents === 0) {
    // Spec 2 §2: the free plan's button says the user is already on it.
    if (isCurrent)
      return (
        <Button className="h-auto min-h-9 w-full whitespace-normal py-2" variant="outline" disabled>
          You're already on the free plan
        </Button>
      );
    return (
      <Button
        className="h-auto min-h-9 w-full whitespace-normal py-2"
        variant="outline"
        onClick={choice.onFree}
        disabled={current.cancelAtPeriodEnd}
      >
        {current.cancelAtPeriodEnd ? "Free when your plan ends" : "Switch to Free"}
      </Button>
    );
  }
  if (isCurrent && current.status === "active" && !current.cancelAtPeriodEnd) {
    return (
      <Button className="h-auto min-h-9 w-full whitespace-normal py-2" variant="outline" disabled>
        Current Plan
      </Button>
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
      className="h-auto min-h-9 w-full whitespace-normal py-2"
      variant={plan.popular ? "default" : "secondary"}
      onClick={() => choice.onChoose(plan)}
      disabled={choice.pendingPlan !== null}
      aria-label={`${label}, ${formatDollars(plan.priceCents)} a month`}
    >
      {pending ? "Redirecting to checkout..." : label}
    </Button>
  );
}
