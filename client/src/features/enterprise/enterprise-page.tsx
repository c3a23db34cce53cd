import { SUBSCRIPTION_FAILED } from "@common/billing";
import type { EnterprisePlanId } from "@common/enterprise";
import { ENTERPRISE_PLANS } from "@common/plans";
import { displayName } from "@common/user";
import { Building2, CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { RoleNote } from "../../components/forms/role-note";
import { PaymentsUnavailable } from "../../components/payments-unavailable";
import { Button } from "../../components/ui/button";
import { useUser } from "../../lib/auth/use-user";
import { useWorkspace } from "../../lib/auth/use-workspace";
import { useSubscription } from "../../lib/shared-api/get-subscription";
import { useStartCheckout } from "../../lib/shared-api/start-checkout";
import { serverMessage, toast } from "../../lib/toast";
import { ContactSalesDialog } from "./components/contact-sales-dialog";
import { EnterprisePlanCards } from "./components/enterprise-plan-cards";

const POPULAR = (ENTERPRISE_PLANS.find((plan) => plan.popular) ?? ENTERPRISE_PLANS[0]).id;

/**
 * /enterprise: the four enterprise plans, bought through the same checkout as every plan (by the
 * workspace owner), and a contact-sales form whose enquiry the platform administrator follows up.
 */
export function EnterprisePage() {
  const { user } = useUser();
  const owner = useWorkspace().can("owner");
  const subscription = useSubscription();
  const checkout = useStartCheckout();
  const unavailable = subscription.data?.checkout.unavailable ?? null;
  const buy = (id: string) =>
    checkout.mutate(id, {
      onError: (error) =>
        toast({
          title: "Checkout Failed",
          description: serverMessage(error) ?? SUBSCRIPTION_FAILED,
          variant: "destructive",
        }),
    });
  const [planId, setPlanId] = useState<EnterprisePlanId>(POPULAR);
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const contact = (id: string) => {
    setPlanId(id as EnterprisePlanId);
    setOpen(true);
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-3">
          <Building2 className="size-8 text-primary" aria-hidden />
          <div>
            <h1 className="text-2xl font-bold">Enterprise</h1>
            <p className="text-muted-foreground">
              High-volume calling for call centers: hundreds of calls at the same time, dialer campaigns and
              live monitoring.
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to="/enterprise-dashboard">Open the Enterprise Dashboard</Link>
          </Button>
          <Button onClick={() => contact(POPULAR)}>Contact Sales</Button>
        </div>
      </div>
      {sent ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-md border border-green-700/30 bg-green-50 p-3 text-sm text-green-900"
        >
          <CheckCircle2 className="size-4 shrink-0" aria-hidden />
          {sent}
        </p>
      ) : null}
      {!owner ? (
        <RoleNote least="owner">Only the workspace owner can buy a plan; anyone can contact sales.</RoleNote>
      ) : null}
      {owner && unavailable ? <PaymentsUnavailable message={unavailable} /> : null}
      <EnterprisePlanCards
        currentPlanType={user?.planType}
        onContact={contact}
        buying={
          owner && subscription.data && !unavailable
            ? { onBuy: buy, pendingPlan: checkout.isPending ? (checkout.variables ?? null) : null }
            : null
        }
      />
      <p className="text-sm text-muted-foreground">
        Prices are per month. Concurrent calls are the calls your workspace can have in progress at the same
        time; a call over the limit is refused with a message until one ends.
      </p>
      <ContactSalesDialog
        open={open}
        onOpenChange={setOpen}
        planId={planId}
        defaults={{
          name: user ? displayName(user) : "",
          email: user?.email ?? "",
          company: user?.companyName ?? user?.workspace.name ?? "",
          phoneNumber: user?.cellphoneNumber ?? "",
        }}
        onSent={setSent}
      />
    </div>
  );
}
