import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { appointments } from "./calls";
import { contacts } from "./contacts";
import { users } from "./users";
import { workspaces } from "./workspaces";

/**
 * Satellite-internet packages a workspace sells. The three defaults are written on
 * the workspace's first read (features/satellite); an admin edits them. Money in cents.
 */
export const satellitePackages = pgTable(
  "satellite_packages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    speed: text("speed").notNull(),
    data: text("data").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** What checkout's planId carries: a Stripe price id (price_...) or our own id. */
    stripePriceId: text("stripe_price_id").notNull(),
    installationFeeCents: integer("installation_fee_cents").notNull().default(0),
    monthlyEquipmentFeeCents: integer("monthly_equipment_fee_cents").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("satellite_packages_workspace_price_idx").on(table.workspaceId, table.stripePriceId),
    uniqueIndex("satellite_packages_workspace_name_idx").on(table.workspaceId, table.name),
  ],
);

/**
 * Places taken per installation slot and day. A booking is one statement that inserts the row
 * or adds one to it only while below capacity (`booked < capacity`), under the row's lock, so
 * two requests for a slot's last place cannot both get it; the check constraint backs it up.
 */
export const satelliteInstallationSlots = pgTable(
  "satellite_installation_slots",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The installation day in the workspace's time zone (YYYY-MM-DD). */
    day: text("day").notNull(),
    slot: text("slot").notNull(),
    booked: integer("booked").notNull().default(0),
    capacity: integer("capacity").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.day, table.slot] }),
    check(
      "satellite_installation_slots_capacity_check",
      sql`${table.booked} >= 0 AND ${table.booked} <= ${table.capacity}`,
    ),
  ],
);

/**
 * A package sold: paid through checkout (created by the paid webhook, once per checkout) or
 * booked without payment (POST /api/viasat/schedule-installation). Its installation holds a
 * place in satellite_installation_slots and an appointment in the calendar.
 */
export const satelliteOrders = pgTable(
  "satellite_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    confirmationNumber: text("confirmation_number").notNull(),
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    packageId: uuid("package_id").references(() => satellitePackages.id, { onDelete: "set null" }),
    packageName: text("package_name").notNull(),
    priceCents: integer("price_cents").notNull(),
    monthlyEquipmentFeeCents: integer("monthly_equipment_fee_cents").notNull(),
    installationFeeCents: integer("installation_fee_cents").notNull(),
    /** paid | scheduled */
    status: text("status").notNull(),
    /** booked | unscheduled */
    installationStatus: text("installation_status").notNull().default("booked"),
    installationDate: text("installation_date").notNull(),
    installationSlot: text("installation_slot").notNull(),
    installationAddress: text("installation_address").notNull(),
    phoneNumber: text("phone_number"),
    specialInstructions: text("special_instructions"),
    /** The billing checkout that paid it: one order per checkout. */
    checkoutId: uuid("checkout_id"),
    appointmentId: uuid("appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("satellite_orders_confirmation_idx").on(table.confirmationNumber),
    uniqueIndex("satellite_orders_checkout_idx").on(table.checkoutId),
    index("satellite_orders_workspace_created_idx").on(table.workspaceId, table.createdAt),
    index("satellite_orders_workspace_contact_idx").on(table.workspaceId, table.contactId),
  ],
);
