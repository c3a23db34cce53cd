import {
  BUSINESS_HOURS,
  formatSatelliteDollars,
  GUARANTEES,
  type SatellitePackage,
  slotFor,
} from "@common/satellite";
import { ShieldCheck } from "lucide-react";

/** The order as it stands: the package, monthly total, installation, and the guarantees. */
export function OrderSummary({
  pkg,
  date,
  slot,
}: {
  pkg: SatellitePackage | undefined;
  date: string;
  slot: string;
}) {
  const monthly = pkg ? pkg.price + pkg.monthlyEquipmentFee : 0;
  return (
    <div className="grid gap-3 text-sm">
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1" data-testid="order-summary">
        <dt className="text-muted-foreground">Package</dt>
        <dd className="text-right font-medium">{pkg ? `Viasat ${pkg.name}` : "None selected"}</dd>
        <dt className="text-muted-foreground">Service</dt>
        <dd className="text-right">{pkg ? formatSatelliteDollars(pkg.price) : "-"}/month</dd>
        <dt className="text-muted-foreground">Equipment</dt>
        <dd className="text-right">{pkg ? formatSatelliteDollars(pkg.monthlyEquipmentFee) : "-"}/month</dd>
        <dt className="text-muted-foreground">Installation</dt>
        <dd className="text-right">
          {pkg && pkg.installationFee > 0 ? formatSatelliteDollars(pkg.installationFee) : "Free"}
        </dd>
        <dt className="text-muted-foreground">Scheduled</dt>
        <dd className="text-right">
          {date ? `${date}${slot ? `, ${slotFor(slot)?.label ?? slot}` : ""}` : "-"}
        </dd>
        <dt className="border-t pt-2 font-semibold">Monthly total</dt>
        <dd className="border-t pt-2 text-right text-lg font-bold">{formatSatelliteDollars(monthly)}</dd>
      </dl>
      <p className="text-xs text-muted-foreground">
        The monthly total (service and equipment) is charged at checkout, then each month.
      </p>
      <ul className="grid gap-1">
        {GUARANTEES.map((line) => (
          <li key={line} className="flex items-center gap-2">
            <ShieldCheck className="size-4 text-green-700" aria-hidden />
            {line}
          </li>
        ))}
      </ul>
      {/* The office's hours, for questions; the installers come in the slot chosen above. */}
      <p className="text-xs text-muted-foreground">
        Questions about your order: our office answers {BUSINESS_HOURS}. The installer arrives within the time
        slot you chose.
      </p>
    </div>
  );
}
