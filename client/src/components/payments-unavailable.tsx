import { CreditCard } from "lucide-react";
import { cn } from "../lib/cn";

/**
 * Said wherever a paid plan would be bought, on a server that cannot take payments: instead of a button that can only fail, what is wrong and who can fix it.
 */
export function PaymentsUnavailable({ message, className }: { message: string; className?: string }) {
  return (
    <div
      role="note"
      aria-label="Payments are not set up"
      data-testid="payments-unavailable"
      className={cn(
        "flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-left text-sm text-amber-950",
        className,
      )}
    >
      <CreditCard className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="grid gap-1">
        <p className="font-semibold">Paid plans can't be bought on this server yet</p>
        <p>{message}</p>
      </div>
    </div>
  );
}
