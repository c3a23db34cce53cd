import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";

/** An account's connection to a carrier (Twilio); the auth token is encrypted with APP_SECRET. */
export const telephonyConnections = pgTable("telephony_connections", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  provider: text("provider").notNull().default("twilio"),
  accountSid: text("account_sid").notNull(),
  authTokenEncrypted: text("auth_token_encrypted").notNull(),
  status: text("status").notNull().default("connected"),
  connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
  lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
});

/** Which account a phone number belongs to: inbound calls are routed by it. */
export const phoneNumbers = pgTable(
  "phone_numbers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** E.164. */
    number: text("number").notNull().unique(),
    provider: text("provider").notNull(),
    label: text("label"),
    /**
     * The simulator's number configuration, as Twilio keeps a number's voice and status
     * webhooks: set by the business phone system's routing; null: the assistant.
     */
    voiceUrl: text("voice_url"),
    statusCallbackUrl: text("status_callback_url"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("phone_numbers_workspace_idx").on(table.workspaceId)],
);

/** Webhook deliveries already handled (CallSid plus step): a retried webhook changes nothing twice. */
export const telephonyWebhookEvents = pgTable("telephony_webhook_events", {
  key: text("key").primaryKey(),
  response: text("response"),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
