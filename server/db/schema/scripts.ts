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
import type {
  AppointmentSettings,
  PersonalityTraits,
  TransferRules,
  VoiceSettings,
} from "../../../common/scripts";
import { users } from "./users";
import { workspaces } from "./workspaces";

/**
 * Ai_scripts, per workspace. The workspace's default script (at most one: a
 * partial unique index) greets its callers and shapes the assistant's replies; the JSON columns
 * hold the shapes of common/scripts.ts, checked by Zod on the way in.
 */
export const aiScripts = pgTable(
  "ai_scripts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    description: text("description"),
    scriptType: text("script_type").notNull().default("inbound"),
    openingMessage: text("opening_message").notNull(),
    conversationFlow: jsonb("conversation_flow").$type<string[]>().notNull().default([]),
    businessRules: jsonb("business_rules").$type<string[]>().notNull().default([]),
    transferRules: jsonb("transfer_rules").$type<TransferRules>().notNull(),
    appointmentSettings: jsonb("appointment_settings").$type<AppointmentSettings>().notNull(),
    voiceSettings: jsonb("voice_settings").$type<VoiceSettings>().notNull(),
    personalityTraits: jsonb("personality_traits").$type<PersonalityTraits>().notNull(),
    isActive: boolean("is_active").notNull().default(true),
    isDefault: boolean("is_default").notNull().default(false),
    /** The catalogue template it was made from (common ids like "dental-office"). */
    templateId: text("template_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("ai_scripts_workspace_created_idx").on(table.workspaceId, table.createdAt),
    // One default script per workspace: making another the default unsets this one first.
    uniqueIndex("ai_scripts_one_default_idx").on(table.workspaceId).where(sql`${table.isDefault}`),
  ],
);

/**
 * How many scripts were made from each catalogue template (script_templates'
 * usageCount). The templates themselves are global and kept in code
 * (server/features/scripts/templates.ts); only their count changes.
 */
export const scriptTemplateUsage = pgTable("script_template_usage", {
  templateId: text("template_id").primaryKey(),
  usageCount: integer("usage_count").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
