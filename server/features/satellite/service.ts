import { randomInt } from "node:crypto";
import { z } from "zod";
import {
  type AvailabilityResponse,
  DEFAULT_EQUIPMENT_FEE_CENTS,
  DEFAULT_INSTALLATION_FEE_CENTS,
  DEFAULT_PACKAGES,
  type PackageUpdate,
  SatelliteCheckoutMetadata,
  type ScheduleInstallationRequest,
  SERVICE_TYPE,
  SLOT_CAPACITY,
  slotFor,
  slotFullMessage,
  TIME_SLOTS,
  TOO_FAR,
  tooSoonMessage,
} from "../../../common/satellite";
import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import { Conflict, Invalid, notFound } from "../../domain/errors";
import type { AgentService } from "../agents/service";
import type { AppointmentService } from "../appointments/service";
import type { ProductOrder, ProductSeller } from "../billing/service";
import type { ContactDialer } from "../contacts/dial";
import type { ContactService } from "../contacts/service";
import type { ScriptService } from "../scripts/service";
import { type OrderRow, type PackageRow, satelliteRepository } from "./repository";
import { satelliteSales } from "./sales-agent";
import { earliestDay, latestDay, longDay, slotInterval } from "./schedule";

export type SatelliteDeps = {
  db: Db;
  appointments: Pick<AppointmentService, "bookIn">;
  contacts: Pick<ContactService, "get" | "noteIn">;
  scripts: Pick<ScriptService, "list" | "fromTemplate">;
  agents: Pick<AgentService, "listAgents" | "createAgent">;
  dialer: Pick<ContactDialer, "dial">;
  now?: () => Date;
};

/** Letters and digits that cannot be misread (no 0/O, 1/I/L). */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const confirmationNumber = () =>
  `VS-${Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("")}`;

const money = (cents: number) => `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
const AUTODIAL_PURPOSE = "satellite internet for your home";

/** What a paid checkout's stored metadata holds: the request's fields, the package and zone then. */
const StoredMetadata = SatelliteCheckoutMetadata.extend({
  time_zone: z.string(),
  package_snapshot: z.object({
    id: z.string(),
    name: z.string(),
    priceCents: z.number().int(),
    installationFeeCents: z.number().int(),
    monthlyEquipmentFeeCents: z.number().int(),
  }),
});

type Installation = {
  contactId: string | null;
  pkg: z.infer<typeof StoredMetadata>["package_snapshot"];
  day: string;
  slot: string;
  address: string;
  phoneNumber: string | null;
  specialInstructions: string | null;
  timeZone: string;
  createdBy: string | null;
};

/**
 * Satellite-internet sales: the workspace's packages (three defaults written
 * on first read), installation slots with a capacity per day, orders booked directly
 * (schedule-installation) or through billing's checkout (this area is its product seller: the
 * paid event books the installation in its transaction), and the autodial to a contact.
 */
export function satelliteService(deps: SatelliteDeps) {
  const now = deps.now ?? (() => new Date());
  const repo = satelliteRepository(deps.db);
  const satelliteCalls = satelliteSales({ scripts: deps.scripts, agents: deps.agents });

  async function packages(workspaceId: string): Promise<PackageRow[]> {
    const rows = await repo.packages(workspaceId);
    if (rows.length) return rows;
    await repo.seedPackages(
      workspaceId,
      DEFAULT_PACKAGES.map((pkg, position) => ({
        ...pkg,
        installationFeeCents: DEFAULT_INSTALLATION_FEE_CENTS,
        monthlyEquipmentFeeCents: DEFAULT_EQUIPMENT_FEE_CENTS,
        position,
      })),
    );
    return repo.packages(workspaceId);
  }

  /** The date rule: from two days after today, in the workspace's zone, to 180 days ahead. */
  function checkDay(account: Account, day: string, field: string): void {
    const earliest = earliestDay(account.timezone, now());
    if (day < earliest) {
      const message = tooSoonMessage(longDay(earliest));
      throw new Invalid(message, [{ path: field, message }]);
    }
    if (day > latestDay(account.timezone, now()))
      throw new Invalid(TOO_FAR, [{ path: field, message: TOO_FAR }]);
  }

  async function activePackage(account: Account, id: string): Promise<PackageRow> {
    await packages(account.id);
    const row = await repo.package(account.id, id);
    if (!row?.isActive) throw notFound("That package");
    return row;
  }

  const snapshot = (row: PackageRow) => ({
    id: row.id,
    name: row.name,
    priceCents: row.priceCents,
    installationFeeCents: row.installationFeeCents,
    monthlyEquipmentFeeCents: row.monthlyEquipmentFeeCents,
  });

  /**
   * One order and its installation in the caller's transaction. A place in the slot is taken
   * first; with none left a booking without payment is refused (409, nothing written) and a
   * paid order is kept with its installation to be rebooked.
   */
  async function placeOrder(
    tx: Db,
    workspaceId: string,
    how: { status: "paid"; checkoutId: string } | { status: "scheduled" },
    input: Installation,
  ): Promise<OrderRow> {
    const r = satelliteRepository(tx);
    const slot = slotFor(input.slot);
    if (!slot) throw new Invalid("Choose one of the offered time slots");
    const placed = await r.takePlace(workspaceId, input.day, input.slot, SLOT_CAPACITY);
    if (!placed && how.status === "scheduled")
      throw new Conflict(slotFullMessage(slot.label, longDay(input.day)));
    const code = confirmationNumber();
    const when = `${longDay(input.day)}, ${slot.label}`;
    let contactId = input.contactId;
    let customer: { name: string; phoneNumber: string | null; email: string | null } | undefined;
    if (contactId) {
      customer = await deps.contacts.noteIn(
        tx,
        workspaceId,
        contactId,
        `Viasat ${input.pkg.name} order ${code} (${how.status === "paid" ? "paid" : "scheduled"}, ${money(input.pkg.priceCents)}/month): installation ${placed ? when : "to be rescheduled"} at ${input.address}`,
      );
      if (!customer) contactId = null;
    }
    let appointmentId: string | null = null;
    if (placed) {
      const { start, end } = slotInterval(input.day, input.slot, input.timeZone);
      const booked = await deps.appointments.bookIn(tx, workspaceId, {
        title: `Viasat installation: ${input.pkg.name} (${code})`,
        description: [
          `Address: ${input.address}`,
          input.phoneNumber ? `Phone: ${input.phoneNumber}` : null,
          input.specialInstructions ? `Instructions: ${input.specialInstructions}` : null,
        ]
          .filter(Boolean)
          .join("\n"),
        start,
        end,
        attendeeName: customer?.name ?? null,
        attendeePhone: input.phoneNumber ?? customer?.phoneNumber ?? null,
        attendeeEmail: customer?.email ?? null,
        createdBy: input.createdBy,
      });
      appointmentId = booked.id;
    }
    return r.createOrder(workspaceId, {
      confirmationNumber: code,
      contactId,
      packageId: input.pkg.id,
      packageName: input.pkg.name,
      priceCents: input.pkg.priceCents,
      monthlyEquipmentFeeCents: input.pkg.monthlyEquipmentFeeCents,
      installationFeeCents: input.pkg.installationFeeCents,
      status: how.status,
      installationStatus: placed ? "booked" : "unscheduled",
      installationDate: input.day,
      installationSlot: input.slot,
      installationAddress: input.address,
      phoneNumber: input.phoneNumber,
      specialInstructions: input.specialInstructions,
      checkoutId: how.status === "paid" ? how.checkoutId : null,
      appointmentId,
      createdBy: input.createdBy,
    });
  }

  async function slotHasRoom(account: Account, day: string, slotId: string): Promise<void> {
    const taken = (await repo.bookedOn(account.id, day)).get(slotId);
    const slot = slotFor(slotId);
    if (slot && taken && taken.booked >= taken.capacity)
      throw new Conflict(slotFullMessage(slot.label, longDay(day)));
  }

  /** Billing's checkout sells packages by their price id (checkout's planId). */
  const seller: ProductSeller = {
    name: "satellite",
    returnPath: "/viasat-payment",
    async prepare(account, priceId, metadata): Promise<ProductOrder | null> {
      await packages(account.id);
      const pkg = await repo.packageByPriceId(account.id, priceId);
      if (!pkg?.isActive) return null;
      const parsed = SatelliteCheckoutMetadata.safeParse(metadata);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({
          path: `metadata.${issue.path.join(".")}`,
          message: issue.message,
        }));
        throw new Invalid(issues[0]?.message ?? "The installation details are not valid", issues);
      }
      const details = parsed.data;
      if (details.package_id !== pkg.id)
        throw new Invalid("The package does not match the price id", [
          { path: "metadata.package_id", message: "The package does not match the price id" },
        ]);
      checkDay(account, details.installation_date, "metadata.installation_date");
      if (details.customer_id) await deps.contacts.get(account, details.customer_id);
      await slotHasRoom(account, details.installation_date, details.installation_slot);
      const slot = slotFor(details.installation_slot);
      return {
        name: `Viasat ${pkg.name}`,
        lines: [
          `${pkg.speed}, ${pkg.data}`,
          `Equipment ${money(pkg.monthlyEquipmentFeeCents)} a month`,
          pkg.installationFeeCents ? `Installation ${money(pkg.installationFeeCents)}` : "Free installation",
          `Installation ${longDay(details.installation_date)}, ${slot?.label ?? details.installation_slot}`,
          details.installation_address,
        ],
        amountCents: pkg.priceCents,
        extras: [{ name: `Viasat ${pkg.name} equipment`, amountCents: pkg.monthlyEquipmentFeeCents }],
        priceId: pkg.stripePriceId,
        metadata: {
          ...details,
          service_type: SERVICE_TYPE,
          time_zone: account.timezone,
          package_snapshot: snapshot(pkg),
        },
      };
    },
    async paid(tx, order) {
      const details = StoredMetadata.parse(order.metadata);
      if (await satelliteRepository(tx).orderForCheckout(order.checkoutId)) return;
      await placeOrder(
        tx,
        order.workspaceId,
        { status: "paid", checkoutId: order.checkoutId },
        {
          contactId: details.customer_id ?? null,
          pkg: details.package_snapshot,
          day: details.installation_date,
          slot: details.installation_slot,
          address: details.installation_address,
          phoneNumber: details.installation_phone,
          specialInstructions: details.special_instructions,
          timeZone: details.time_zone,
          createdBy: order.createdBy,
        },
      );
    },
  };

  return {
    seller,

    packages: (account: Account) => packages(account.id),

    async updatePackage(account: Account, id: string, change: PackageUpdate): Promise<PackageRow> {
      await packages(account.id);
      const cents = (value: number | undefined) =>
        value === undefined ? undefined : Math.round(value * 100);
      const fields = Object.fromEntries(
        Object.entries({
          name: change.name,
          speed: change.speed,
          data: change.data,
          priceCents: cents(change.price),
          stripePriceId: change.stripePriceId,
          installationFeeCents: cents(change.installationFee),
          monthlyEquipmentFeeCents: cents(change.monthlyEquipmentFee),
          isActive: change.isActive,
        }).filter(([, value]) => value !== undefined),
      );
      try {
        const row = await repo.updatePackage(account.id, id, fields);
        if (!row) throw notFound("That package");
        return row;
      } catch (error) {
        if (
          (error as { code?: string; cause?: { code?: string } }).code === "23505" ||
          (error as { cause?: { code?: string } }).cause?.code === "23505"
        )
          throw new Conflict("Another package already has that name or price id");
        throw error;
      }
    },

    /** Places left per slot on a day (or only the earliest day when none is asked). */
    async availability(account: Account, day: string | undefined): Promise<AvailabilityResponse> {
      const earliest = earliestDay(account.timezone, now());
      const taken = day ? await repo.bookedOn(account.id, day) : new Map();
      const open = day !== undefined && day >= earliest && day <= latestDay(account.timezone, now());
      return {
        earliestDate: earliest,
        date: day ?? null,
        capacity: SLOT_CAPACITY,
        slots: TIME_SLOTS.map((slot) => ({
          id: slot.id,
          label: slot.label,
          remaining: open ? Math.max(0, SLOT_CAPACITY - (taken.get(slot.id)?.booked ?? 0)) : 0,
        })),
      };
    },

    /** POST /api/viasat/schedule-installation: an order booked without payment, its confirmation number. */
    async scheduleInstallation(account: Account, request: z.output<typeof ScheduleInstallationRequest>) {
      const form = request.appointmentData;
      const pkg = await activePackage(account, request.packageId);
      if (request.customerId) await deps.contacts.get(account, request.customerId);
      const day = form.preferredDate.trim();
      checkDay(account, day, "appointmentData.preferredDate");
      const order = await deps.db.transaction((tx) =>
        placeOrder(
          tx,
          account.id,
          { status: "scheduled" },
          {
            contactId: request.customerId ?? null,
            pkg: snapshot(pkg),
            day,
            slot: form.timeSlot,
            address: form.address.trim(),
            phoneNumber: form.phoneNumber?.trim() || null,
            specialInstructions: form.specialInstructions?.trim() || null,
            timeZone: account.timezone,
            createdBy: account.actor?.id ?? null,
          },
        ),
      );
      return order;
    },

    async orders(account: Account, contactId: string | undefined): Promise<OrderRow[]> {
      if (contactId) await deps.contacts.get(account, contactId);
      return repo.orders(account.id, { contactId, limit: 100 });
    },

    /**
     * POST /api/viasat/autodial: a call to the contact by the satellite-sales agent, following the
     * satellite-internet script (both made from the catalogue the first time).
     */
    async autodial(account: Account, contactId: string) {
      const sales = await satelliteCalls.forCall(account);
      const placed = await deps.dialer.dial(account, contactId, {
        agentId: sales.agentId,
        scriptId: sales.scriptId,
        purpose: AUTODIAL_PURPOSE,
      });
      return { message: placed.message, callId: placed.callId, script: sales.scriptName };
    },
  };
}

export type SatelliteService = ReturnType<typeof satelliteService>;
