import { CANCEL_FAILED, type SubscriptionResponse } from "@common/billing";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { formatDateTime } from "../../../lib/format";
import { toast, toastError } from "../../../lib/toast";
import { useCancelSubscription } from "../api/cancel-subscription";

/**
 * Asks before cancelling: a paid plan runs to the period's end; a trial with a plan chosen runs
 * to the trial's end and is never charged; the sign-up trial (nothing chosen) ends at once.
 */
export function CancelDialog({
  subscription,
  timeZone,
  open,
  onOpenChange,
}: {
  subscription: SubscriptionResponse["subscription"];
  timeZone: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const cancel = useCancelSubscription();
  const trial = subscription.status === "trialing";
  const chosenTrial = trial && subscription.provider !== null;
  const end = subscription.currentPeriodEnd
    ? formatDateTime(subscription.currentPeriodEnd, timeZone, "MMMM d, yyyy")
    : null;
  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: (result) => {
        toast({ title: "Subscription Cancelled", description: result.message });
        onOpenChange(false);
      },
      onError: (error) => toastError("Error", CANCEL_FAILED, error),
    });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Cancel your ${subscription.planName} ${trial ? "trial" : "plan"}?`}
      description={
        chosenTrial
          ? `Your ${subscription.planName} trial continues until ${end ?? "its end"}, then moves to the Free plan. You won't be charged.`
          : trial
            ? "Your trial ends now and your account moves to the Free plan, with its monthly limits."
            : `Your ${subscription.planName} plan stays active until ${end ?? "the end of the period"}, then moves to the Free plan. You won't be charged again.`
      }
      keepLabel={`Keep ${subscription.planName}`}
      confirmLabel="Cancel Subscription"
      pendingLabel="Cancelling..."
      pending={cancel.isPending}
      onConfirm={confirm}
    />
  );
}
