import type { SatelliteOrder, SatellitePackage, TimeSlotId } from "../../../common/satellite";
import type { OrderRow, PackageRow } from "./repository";

const dollars = (cents: number) => cents / 100;

export function presentPackage(row: PackageRow): SatellitePackage {
  return {
    id: row.id,
    name: row.name,
    speed: row.speed,
    data: row.data,
    price: dollars(row.priceCents),
    stripePriceId: row.stripePriceId,
    installationFee: dollars(row.installationFeeCents),
    monthlyEquipmentFee: dollars(row.monthlyEquipmentFeeCents),
    isActive: row.isActive,
  };
}

export function presentOrder(row: OrderRow): SatelliteOrder {
  return {
    id: row.id,
    confirmationNumber: row.confirmationNumber,
    contactId: row.contactId,
    packageId: row.packageId,
    packageName: row.packageName,
    price: dollars(row.priceCents),
    monthlyEquipmentFee: dollars(row.monthlyEquipmentFeeCents),
    installationFee: dollars(row.installationFeeCents),
    status: row.status === "paid" ? "paid" : "scheduled",
    installationStatus: row.installationStatus === "unscheduled" ? "unscheduled" : "booked",
    installationDate: row.installationDate,
    installationSlot: row.installationSlot as TimeSlotId,
    installationAddress: row.installationAddress,
    phoneNumber: row.phoneNumber,
    specialInstructions: row.specialInstructions,
    appointmentId: row.appointmentId,
    createdAt: row.createdAt.toISOString(),
  };
}
