import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { aiAgents } from "./agents";
import { workspaces } from "./workspaces";

/**
 * The business phone system (spec 3 §3 business phone number; issue 17 part 1): a workspace's
 * own numbers (a Twilio number of its account or its simulator number, from phone_numbers) with
 * a greeting, extensions, business hours and an after-hours action. Routing is rendered as TwiML
 * from these rows (features/phone-system/routing-twiml.ts).
 */
export const businessNumbers = pgTable(
  "business_numbers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** E.164; one of the workspace's phone_numbers when added. */
    number: text("number").notNull(),
    /** twilio | simulator */
    provider: text("provider").notNull(),
    type: text("type").notNull().default("main"),
    location: text("location").notNull().default(""),
    isActive: boolean("is_active").notNull().default(true),
    greeting: text("greeting").notNull(),
    /** voicemail | forward */
    afterHoursAction: text("after_hours_action").notNull().default("voicemail"),
    afterHoursForwardTo: text("after_hours_forward_to"),
    /** Set by POST /api/grasshopper/setup-routing: the voice URL applied and when. */
    routingVoiceUrl: text("routing_voice_url"),
    routingAppliedAt: timestamp("routing_applied_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("business_numbers_number_idx").on(table.number),
    index("business_numbers_workspace_idx").on(table.workspaceId),
  ],
);

/** A digit (or up to three) a caller presses: forward to a phone, hand to an AI agent, or voicemail. */
export const businessExtensions = pgTable(
  "business_extensions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    businessNumberId: uuid("business_number_id")
      .notNull()
      .references(() => businessNumbers.id, { onDelete: "cascade" }),
    digits: text("digits").notNull(),
    name: text("name").notNull(),
    /** phone | agent | voicemail */
    target: text("target").notNull(),
    forwardTo: text("forward_to"),
    agentId: uuid("agent_id").references(() => aiAgents.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("business_extensions_number_digits_idx").on(table.businessNumberId, table.digits)],
);

/**
 * Opening hours per number and weekday (0 Sunday to 6 Saturday), HH:MM in the workspace's time
 * zone; a weekday without a row is closed all day.
 */
export const businessHours = pgTable(
  "business_hours",
  {
    businessNumberId: uuid("business_number_id")
      .notNull()
      .references(() => businessNumbers.id, { onDelete: "cascade" }),
    weekday: integer("weekday").notNull(),
    opensAt: text("opens_at").notNull(),
    closesAt: text("closes_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.businessNumberId, table.weekday] })],
);
