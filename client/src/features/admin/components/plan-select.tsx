import type { AdminUser } from "@common/admin";
import { ENTERPRISE_PLANS, knownPlan, PLAN_IDS, planFor } from "@common/plans";
import { NativeSelect } from "../../../components/ui/native-select";
import { toast } from "../../../lib/toast";
import { useSetUserPlan } from "../api/admin-actions";
import { failureText } from "../messages";

/** Every plan an administrator can put a workspace on: the listed plans, then the enterprise ones. */
const CHOICES = [...PLAN_IDS, ...ENTERPRISE_PLANS.map((plan) => plan.id)].map((id) => ({
  id,
  name: planFor(id).name,
}));

/**
 * The plan of the workspace a person owns, changed on the spot (audited on the server; a card
 * subscription still charging is refused with what to do). Someone who owns no workspace has no
 * plan to change.
 */
export function PlanSelect({ user, onChanged }: { user: AdminUser; onChanged: () => void }) {
  const setPlan = useSetUserPlan();
  if (!user.planType) return <span className="text-muted-foreground">No workspace</span>;
  const current = knownPlan(user.planType);
  const change = (planId: string) =>
    setPlan.mutate(
      { id: user.id, planId },
      {
        onSuccess: (result) => {
          toast({ title: "Plan Changed", description: result.message });
          onChanged();
        },
        onError: (error) =>
          toast({
            title: "Error",
            description: failureText("Failed to change the plan", error),
            variant: "destructive",
          }),
      },
    );
  return (
    <NativeSelect
      aria-label={`Plan of ${user.username}`}
      value={current ? user.planType : ""}
      disabled={setPlan.isPending}
      onChange={(event) => change(event.target.value)}
      className="h-8 min-w-36 text-sm"
    >
      {current ? null : <option value="">{user.planType}</option>}
      {CHOICES.map((plan) => (
        <option key={plan.id} value={plan.id}>
          {plan.name}
        </option>
      ))}
    </NativeSelect>
  );
}
