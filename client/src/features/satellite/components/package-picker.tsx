import { formatSatelliteDollars, type SatellitePackage } from "@common/satellite";
import { Check, Satellite } from "lucide-react";
import { cn } from "../../../lib/cn";

/** Plan choice: one card per active package; the chosen one is pressed. */
export function PackagePicker({
  packages,
  selectedId,
  onSelect,
}: {
  packages: SatellitePackage[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-3">
      <legend className="sr-only">Viasat packages</legend>
      {packages
        .filter((pkg) => pkg.isActive)
        .map((pkg) => {
          const selected = pkg.id === selectedId;
          return (
            <button
              key={pkg.id}
              type="button"
              aria-pressed={selected}
              data-testid={`package-${pkg.stripePriceId}`}
              onClick={() => onSelect(pkg.id)}
              className={cn(
                "grid gap-1 rounded-lg border p-4 text-left transition-colors hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring",
                selected ? "border-primary bg-primary/5 ring-2 ring-primary" : "border-border",
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="flex items-center gap-2 font-semibold">
                  <Satellite className="size-4 text-primary" aria-hidden />
                  {pkg.name}
                </span>
                {selected ? <Check className="size-4 text-primary" aria-label="Selected" /> : null}
              </span>
              <span className="text-sm text-muted-foreground">{pkg.speed}</span>
              <span className="text-sm text-muted-foreground">{pkg.data}</span>
              <span className="mt-2 text-2xl font-bold">
                {formatSatelliteDollars(pkg.price)}
                <span className="text-sm font-normal text-muted-foreground">/month</span>
              </span>
              <span className="text-xs text-muted-foreground">
                + {formatSatelliteDollars(pkg.monthlyEquipmentFee)}/month equipment ·{" "}
                {pkg.installationFee === 0
                  ? "Free installation"
                  : `${formatSatelliteDollars(pkg.installationFee)} installation`}
              </span>
            </button>
          );
        })}
    </fieldset>
  );
}
