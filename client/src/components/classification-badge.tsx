import type { Classification } from "@common/calls";
import { cn } from "../lib/cn";

const STYLES: Record<Classification, string> = {
  spam: "bg-red-100 text-red-800",
  sales: "bg-violet-100 text-violet-800",
  appointment: "bg-blue-100 text-blue-800",
  support: "bg-amber-100 text-amber-900",
  important: "bg-orange-100 text-orange-900",
  legitimate: "bg-green-100 text-green-800",
};

export function ClassificationBadge({
  value,
  className,
}: {
  value: Classification | null;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-md px-2 py-0.5 text-xs font-semibold capitalize",
        value ? STYLES[value] : "bg-muted text-muted-foreground",
        className,
      )}
    >
      {value ?? "screening"}
    </span>
  );
}
