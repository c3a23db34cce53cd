import { formatDollars } from "@common/plans";
import { Check, Lock, ShieldCheck } from "lucide-react";
import { Link, useNavigate, useParams } from "react-router";
import { PaymentsUnavailable } from "../../components/payments-unavailable";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../../components/ui/card";
import { ApiError } from "../../lib/api";
import { useUser } from "../../lib/auth/use-user";
import { formatDateTime } from "../../lib/format";
import { toast, toastError } from "../../lib/toast";
import { useConfirmCheckout } from "./api/confirm-checkout";
import { useCheckoutSession } from "./api/get-checkout-session";

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/**
 * The local payments provider's checkout (the default outside production when Stripe is not
 * configured): the order and a confirm button. Confirming runs the same code Stripe's "checkout
 * completed" webhook runs. An order started during a trial keeps the trial: nothing is due today.
 * On a server that cannot take payments, the order says so instead of offering to confirm.
 */
export function CheckoutPage() {
  const { sessionId = "" } = useParams();
  const navigate = useNavigate();
  const session = useCheckoutSession(sessionId);
  const confirm = useConfirmCheckout(sessionId);
  const order = session.data;
  const { user } = useUser();
  const timeZone = user?.timezone ?? browserTimeZone();
  const trialEnd = order?.trialEndsAt ? formatDateTime(order.trialEndsAt, timeZone, "MMMM d, yyyy") : null;
  const payable = order?.status === "open" && !order.unavailable;

  const pay = () =>
    confirm.mutate(undefined, {
      onSuccess: (result) => {
        toast({
          title: order?.kind === "product" ? "Order Confirmed" : "Subscription Updated",
          description: result.message,
        });
        navigate(order?.kind === "product" ? result.redirectTo : "/subscription", { replace: true });
      },
      onError: (error) => toastError("Subscription Failed", "Failed to start subscription", error),
    });

  return (
    <div className="mx-auto grid w-full max-w-lg gap-4">
      <h1 className="text-2xl font-bold">Checkout</h1>
      {session.isLoading ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading your order...
        </p>
      ) : session.isError || !order ? (
        <Card>
          <CardHeader>
            <h2 className="font-semibold">
              {session.error instanceof ApiError && session.error.status === 404
                ? "This checkout was not found"
                : "Your order could not be loaded"}
            </h2>
            <CardDescription>Start again from the Subscription page.</CardDescription>
          </CardHeader>
          <CardFooter>
            <Button asChild variant="outline">
              <Link to="/subscription">Back to Subscription</Link>
            </Button>
          </CardFooter>
        </Card>
      ) : (
        <Card>
          <CardHeader>
            <div className="flex items-center justify-between gap-2">
              <h2 className="text-lg font-semibold">
                {order.kind === "product" ? order.planName : `${order.planName} plan`}
              </h2>
              <Badge variant="secondary">Monthly</Badge>
            </div>
            <CardDescription>For {order.email}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <ul className="grid gap-2 text-sm">
              {order.highlights.map((line) => (
                <li key={line} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
                  {line}
                </li>
              ))}
            </ul>
            <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-t pt-3 text-sm">
              <dt className="text-muted-foreground">Due today</dt>
              <dd className="text-right text-lg font-bold" data-testid="checkout-amount">
                {formatDollars(trialEnd ? 0 : order.amountCents)}
              </dd>
              {trialEnd ? (
                <>
                  <dt className="text-muted-foreground">Your trial</dt>
                  <dd className="text-right">continues until {trialEnd}</dd>
                  <dt className="text-muted-foreground">Then</dt>
                  <dd className="text-right" data-testid="checkout-then">
                    {formatDollars(order.amountCents)} a month from {trialEnd}, cancel any time
                  </dd>
                </>
              ) : (
                <>
                  <dt className="text-muted-foreground">Then</dt>
                  <dd className="text-right">{formatDollars(order.amountCents)} a month, cancel any time</dd>
                </>
              )}
            </dl>
            {trialEnd ? (
              <p className="text-sm" data-testid="checkout-trial">
                You keep your trial: the {order.planName} plan applies as soon as you confirm, and you'll be
                charged {formatDollars(order.amountCents)} on {trialEnd}. Cancel before then and you pay
                nothing.
              </p>
            ) : null}
            {order.unavailable ? (
              <PaymentsUnavailable message={order.unavailable} />
            ) : (
              <p className="flex gap-2 rounded-md bg-muted p-3 text-xs text-muted-foreground">
                <ShieldCheck className="size-4 shrink-0" aria-hidden />
                Test checkout: this server has no card processor configured, so no card is charged.{" "}
                {order.kind === "product"
                  ? "Confirming places the order straight away."
                  : "Confirming puts your account on the plan straight away."}
              </p>
            )}
            {order.status === "complete" ? (
              <p role="status" className="text-sm font-medium text-green-800">
                This order is already confirmed.
              </p>
            ) : order.status === "expired" ? (
              <p role="alert" className="text-sm text-destructive">
                This checkout has expired. Start again from the Subscription page.
              </p>
            ) : null}
          </CardContent>
          <CardFooter className="flex-wrap justify-end gap-2">
            <Button asChild variant="outline">
              <Link to="/subscription?checkout=cancelled">Cancel</Link>
            </Button>
            {payable ? (
              <Button onClick={pay} disabled={confirm.isPending}>
                <Lock aria-hidden />
                {confirm.isPending
                  ? "Confirming..."
                  : trialEnd
                    ? `Confirm ${order.planName}, $0 today`
                    : `Confirm and Pay ${formatDollars(order.amountCents)}`}
              </Button>
            ) : (
              <Button asChild>
                <Link to="/subscription">Go to Subscription</Link>
              </Button>
            )}
          </CardFooter>
        </Card>
      )}
    </div>
  );
}
