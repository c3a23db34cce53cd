import { ENTERPRISE_PLANS, formatDollars, UNLIMITED } from "@common/plans";
import { Check } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "../../../components/ui/card";
import { cn } from "../../../lib/cn";

/** What every enterprise plan includes, beside its concurrent calls (what this platform does for it). */
const INCLUDED = [
  "Predictive, progressive and preview dialer campaigns",
  "Live call monitoring and analytics",
  "Bulk calling with a call purpose",
  "Unlimited team members",
  "Priority support",
];

export function concurrentCallsLabel(calls: number): string {
  return calls === UNLIMITED
    ? "Unlimited concurrent calls"
    : `${calls.toLocaleString("en-US")} concurrent calls`;
}

/** What a card's Buy button may do: null when this person cannot buy (not the owner, no payments). */
export type EnterpriseBuying = {
  onBuy: (planId: string) => void;
  pendingPlan: string | null;
} | null;

/**
 * The four enterprise plans (common/plans.ts ENTERPRISE_PLANS), Pro marked popular.
 * Each card buys its plan through the same checkout as every plan, or opens the contact-sales
 * form with its plan chosen; the workspace's own plan, when it is one of them, is marked.
 */
export function EnterprisePlanCards({
  currentPlanType,
  onContact,
  buying,
}: {
  currentPlanType: string | undefined;
  onContact: (planId: string) => void;
  buying: EnterpriseBuying;
}) {
  return (
    <ol aria-label="Enterprise plans" className="grid grid-cols-1 gap-4 pt-3 sm:grid-cols-2 xl:grid-cols-4">
      {ENTERPRISE_PLANS.map((plan) => {
        const isCurrent = currentPlanType === plan.id;
        return (
          <li key={plan.id} className="flex">
            <Card
              data-testid={`enterprise-plan-${plan.id}`}
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
                <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
                  {plan.name}
                  {isCurrent ? <Badge variant="success">Your plan</Badge> : null}
                </h2>
                <p>
                  <span className="text-3xl font-bold">{formatDollars(plan.priceCents)}</span>
                  <span className="text-sm text-muted-foreground">/month</span>
                </p>
                <p className="font-medium">{concurrentCallsLabel(plan.concurrentCalls)}</p>
              </CardHeader>
              <CardContent className="flex-1">
                <ul className="grid gap-2 text-sm">
                  {INCLUDED.map((line) => (
                    <li key={line} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
                      {line}
                    </li>
                  ))}
                </ul>
              </CardContent>
              <CardFooter className="grid gap-2">
                {buying && !isCurrent ? (
                  <Button
                    className="w-full"
                    variant={plan.popular ? "default" : "outline"}
                    onClick={() => buying.onBuy(plan.id)}
                    disabled={buying.pendingPlan !== null}
                  >
                    {buying.pendingPlan === plan.id ? "Opening checkout..." : `Buy ${plan.name}`}
                  </Button>
                ) : null}
                <Button
                  className="w-full"
                  variant={buying && !isCurrent ? "ghost" : plan.popular ? "default" : "outline"}
                  onClick={() => onContact(plan.id)}
                  aria-label={`Contact sales about ${plan.name}`}
                >
                  Contact Sales
                </Button>
              </CardFooter>
            </Card>
          </li>
        );
      })}
    </ol>
  );
}
