import { MAINTENANCE_BANNER } from "@common/admin";
import { Wrench } from "lucide-react";
import { Link } from "react-router";
import { useMaintenanceBanner } from "../../lib/maintenance";

/**
 * Shown to platform administrators while maintenance mode is on (everyone else sees the
 * maintenance page), so the mode is not left on by accident.
 */
export function MaintenanceBanner() {
  const on = useMaintenanceBanner();
  if (!on) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <Wrench className="size-4 shrink-0" aria-hidden />
      <span className="min-w-0 flex-1">{MAINTENANCE_BANNER}</span>
      <Link to="/admin" className="font-medium underline underline-offset-2">
        Open Admin
      </Link>
    </div>
  );
}
