import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { DEFAULT_AI_SETTINGS, type WorkingHours } from "../../../common/ai-settings";
import { workspaces } from "./workspaces";

export const aiSettings = pgTable("ai_settings", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  personality: text("personality").notNull().default(DEFAULT_AI_SETTINGS.personality),
  greetingMessage: text("greeting_message").notNull().default(DEFAULT_AI_SETTINGS.greetingMessage),
  autoBlockSpam: boolean("auto_block_spam").notNull().default(DEFAULT_AI_SETTINGS.autoBlockSpam),
  allowAppointments: boolean("allow_appointments").notNull().default(DEFAULT_AI_SETTINGS.allowAppointments),
  forwardUrgent: boolean("forward_urgent").notNull().default(DEFAULT_AI_SETTINGS.forwardUrgent),
  workingHours: jsonb("working_hours")
    .$type<WorkingHours>()
    .notNull()
    .default(DEFAULT_AI_SETTINGS.workingHours),
  appointmentDuration: integer("appointment_duration")
    .notNull()
    .default(DEFAULT_AI_SETTINGS.appointmentDuration),
  /** Minutes kept free around each appointment when the engine checks for conflicts. */
  bufferMinutes: integer("buffer_minutes").notNull().default(0),
  /** The secret in the account's private iCalendar feed address; null until the feed is turned on. */
  calendarToken: text("calendar_token").unique(),
  callPurpose: text("call_purpose"),
  aiPersonality: text("ai_personality"),
  businessHours: text("business_hours"),
  customInstructions: text("custom_instructions"),
  /**
   * When the assistant says it is automated in its opening: "outbound" (calls it places, as
   * several US states require of AI voices), "always" or "never". Asked directly, it always says.
   */
  aiDisclosure: text("ai_disclosure").notNull().default("outbound"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    planType: text("plan_type").notNull(),
    status: text("status").notNull(),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull().defaultNow(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    paymentCustomerId: text("payment_customer_id"),
    paymentSubscriptionId: text("payment_subscription_id"),
    priceId: text("price_id"),
    /**
     * When the workspace's last trial or paid plan ended (cancelled, expired, unpaid trial) and
     * it fell back to Free; null while one runs, and for a workspace only ever on Free. The
     * workspace's data is deleted a set time after it (common/retention.ts).
     */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("subscriptions_workspace_id_idx").on(table.workspaceId),
    index("subscriptions_ended_at_idx").on(table.endedAt).where(sql`${table.endedAt} is not null`),
  ],
);

export const usageTracking = pgTable(
  "usage_tracking",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    month: integer("month").notNull(),
    callMinutesUsed: integer("call_minutes_used").notNull().default(0),
    callsScreened: integer("calls_screened").notNull().default(0),
    transcriptionsUsed: integer("transcriptions_used").notNull().default(0),
    appointmentsScheduled: integer("appointments_scheduled").notNull().default(0),
    adsViewed: integer("ads_viewed").notNull().default(0),
  },
  (table) => [
    uniqueIndex("usage_tracking_workspace_month_idx").on(table.workspaceId, table.year, table.month),
  ],
);
