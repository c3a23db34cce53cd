import { CALL_DISPOSITION_LABELS, type CallDisposition } from "@common/calls";
import { cn } from "../lib/cn";

/** Good news green, a call back amber, a stop request red, the rest quiet. */
const STYLES: Record<CallDisposition, string> = {
  booked: "bg-green-100 text-green-800",
  qualified: "bg-green-100 text-green-800",
  interested: "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200 ring-inset",
  call_back: "bg-amber-100 text-amber-900",
  not_interested: "bg-slate-100 text-slate-700",
  do_not_call: "bg-red-100 text-red-800",
  wrong_number: "bg-slate-100 text-slate-700",
  voicemail: "bg-sky-100 text-sky-800",
  transferred: "bg-indigo-100 text-indigo-800",
};

/** What an AI call came to ("Call back", "Do not call", ...); nothing when it came to none. */
export function OutcomeBadge({ value, className }: { value: CallDisposition | null; className?: string }) {
  if (!value) return null;
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-md px-2 py-0.5 text-xs font-semibold whitespace-nowrap",
        STYLES[value],
        className,
      )}
      data-testid="call-outcome"
    >
      {CALL_DISPOSITION_LABELS[value]}
    </span>
  );
}
