import { SUBSCRIPTION_FAILED } from "@common/billing";
import { PLAN_LADDER } from "@common/plans";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { RoleNote } from "../../components/forms/role-note";
import { PaymentsUnavailable } from "../../components/payments-unavailable";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { useRefreshUser } from "../../lib/auth/session";
import { useUser } from "../../lib/auth/use-user";
import { useWorkspace } from "../../lib/auth/use-workspace";
import { useRefreshSubscription, useSubscription } from "../../lib/shared-api/get-subscription";
import { useStartCheckout } from "../../lib/shared-api/start-checkout";
import { serverMessage, toast } from "../../lib/toast";
import { usePlans } from "./api/get-plans";
import { CancelDialog } from "./components/cancel-dialog";
import { ComparisonTable } from "./components/comparison-table";
import { CurrentPlan } from "./components/current-plan";
import { LimitAlert } from "./components/limit-alert";
import { PlanCards } from "./components/plan-cards";
import { TrialNote } from "./components/trial-note";
import { UsageHistory } from "./components/usage-history";

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/**
 * /subscription: current plan, usage bars, every plan as one ladder (cards, then the
 * comparison table), what choosing a plan does to a trial, cancel.
 */
export function SubscriptionPage() {
  const { user } = useUser();
  // Only the owner buys, changes or cancels the plan (the server refuses anyone else).
  const owner = useWorkspace().can("owner");
  const timeZone = user?.timezone ?? browserTimeZone();
  const subscription = useSubscription();
  const plans = usePlans();
  const checkout = useStartCheckout();
  const refreshSubscription = useRefreshSubscription();
  const refreshUser = useRefreshUser();
  const [cancelling, setCancelling] = useState(false);
  const [params, setParams] = useSearchParams();
  const returned = params.get("checkout");

  // Back from a checkout: say how it went once, and read the plan fresh.
  useEffect(() => {
    if (!returned) return;
    if (returned === "success") {
      // Back from the card processor: its confirmation (a webhook) may land a moment after the browser.
      toast({
        title: "Payment Received",
        description: "Your plan changes as soon as the payment is confirmed.",
      });
      const refresh = () => {
        void refreshSubscription();
        void refreshUser();
      };
      refresh();
      // Harmless after leaving the page: it only marks cached answers stale.
      window.setTimeout(refresh, 3000);
    } else if (returned === "cancelled") {
      toast({ title: "Checkout Cancelled", description: "Your plan has not changed." });
    }
    setParams({}, { replace: true });
  }, [returned, setParams, refreshSubscription, refreshUser]);

  const choose = (planId: string) =>
    checkout.mutate(planId, {
      onError: (error) =>
        toast({
          title: "Subscription Failed",
          description: serverMessage(error) ?? SUBSCRIPTION_FAILED,
          variant: "destructive",
        }),
    });

  const data = subscription.data;
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold">Subscription</h1>
        <p className="text-muted-foreground">Your plan, this month's usage, and what each plan includes</p>
      </div>

      {subscription.isLoading ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading your subscription...
        </p>
      ) : subscription.isError || !data ? (
        <p role="alert" className="text-sm text-destructive">
          Your subscription could not be loaded. Please try again.
        </p>
      ) : (
        <>
          <LimitAlert data={data} timeZone={timeZone} />
          <CurrentPlan
            data={data}
            plans={plans.data}
            timeZone={timeZone}
            onCancel={owner ? () => setCancelling(true) : null}
          />
          <CancelDialog
            subscription={data.subscription}
            timeZone={timeZone}
            open={cancelling}
            onOpenChange={setCancelling}
          />
        </>
      )}

      <section aria-labelledby="plans-heading" className="grid gap-4">
        <div>
          <h2 id="plans-heading" className="text-xl font-semibold">
            Plans
          </h2>
          <p className="text-sm text-muted-foreground">
            From least to most: each plan includes everything in the one before it. Monthly, cancel any time.
            {data?.checkout.provider === "stripe"
              ? " Choosing a paid plan opens a secure card checkout."
              : data?.checkout.provider === "local"
                ? " Paid plans go through the built-in test checkout: no card is charged."
                : null}
          </p>
        </div>
        {!owner && data ? (
          <RoleNote least="owner">Only the workspace owner can choose, change or cancel the plan.</RoleNote>
        ) : null}
        {data?.checkout.unavailable ? <PaymentsUnavailable message={data.checkout.unavailable} /> : null}
        {data ? <TrialNote data={data} plans={plans.data} timeZone={timeZone} /> : null}
        {plans.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Plans could not be loaded.
          </p>
        ) : plans.data && data ? (
          <PlanCards
            plans={plans.data}
            ids={PLAN_LADDER}
            data={data}
            timeZone={timeZone}
            choice={{
              ownerOnly: !owner,
              onChoose: (plan) => choose(plan.id),
              onFree: () => setCancelling(true),
              pendingPlan: checkout.isPending ? (checkout.variables ?? null) : null,
            }}
          />
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            Loading plans...
          </p>
        )}
      </section>

      {plans.data ? (
        <Card>
          <CardHeader>
            <h2 className="font-semibold leading-none tracking-tight">Compare plans</h2>
            <CardDescription>
              From least to most. Limits are per calendar month in your time zone.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ComparisonTable plans={plans.data} ids={PLAN_LADDER} currentPlan={data?.subscription.planType} />
          </CardContent>
        </Card>
      ) : null}

      {data ? <UsageHistory data={data} /> : null}
    </div>
  );
}
