import { formatSatelliteDollars, type SatelliteOrder, slotFor } from "@common/satellite";
import { Badge } from "../../../components/ui/badge";

/** Orders with their confirmation numbers and installation (newest first). */
export function OrdersList({ orders }: { orders: SatelliteOrder[] }) {
  if (!orders.length) return <p className="text-sm text-muted-foreground">No orders yet.</p>;
  return (
    <ul className="grid gap-2" aria-label="Satellite orders">
      {orders.map((order) => (
        <li key={order.id} className="grid gap-0.5 rounded-md border p-3 text-sm">
          <span className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-mono font-semibold">{order.confirmationNumber}</span>
            <Badge variant={order.status === "paid" ? "default" : "secondary"}>
              {order.status === "paid" ? "Paid" : "Scheduled"}
            </Badge>
          </span>
          <span>
            Viasat {order.packageName}, {formatSatelliteDollars(order.price)}/month
          </span>
          <span className="text-muted-foreground">
            {order.installationStatus === "booked"
              ? `Installation ${order.installationDate}, ${slotFor(order.installationSlot)?.label ?? order.installationSlot}`
              : "Installation to be rescheduled: the slot filled before payment"}
          </span>
          <span className="text-muted-foreground">{order.installationAddress}</span>
        </li>
      ))}
    </ul>
  );
}
