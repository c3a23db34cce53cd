import { Crown } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { serverMessage } from "../../../lib/toast";

/**
 * The plan's contact limit was reached (402): the server's message, which names the limit and the
 * plans that allow more, and the spec's upgrade flow (a link to /subscription).
 */
export function PlanLimitAlert({ error }: { error: unknown }) {
  return (
    <div
      role="alert"
      className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="plan-limit"
    >
      <p className="flex items-start gap-2">
        <Crown className="mt-0.5 size-4 shrink-0 text-amber-800" aria-hidden />
        <span className="min-w-0 wrap-anywhere">
          {serverMessage(error) ?? "Your plan's contact limit is reached."}
        </span>
      </p>
      <div>
        <Button asChild size="sm">
          <Link to="/subscription">
            <Crown aria-hidden />
            Upgrade Plan
          </Link>
        </Button>
      </div>
    </div>
  );
}
