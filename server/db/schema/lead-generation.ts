import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";
import { workspaces } from "./workspaces";

/**
 * Lead generation (/leads, "Lead campaign"), per workspace. The
 * leads themselves are contacts (the contacts area's table); these tables hold the campaigns,
 * which businesses each workspace has already taken, and the dealer search's CSV files.
 */
export const leadCampaigns = pgTable(
  "lead_campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    industry: text("industry").notNull(),
    location: text("location").notNull(),
    businessType: text("business_type"),
    /** Results a run asks the provider for: 10, 20 or 50. */
    resultLimit: integer("result_limit").notNull().default(20),
    /** once, daily or weekly (common/lead-generation CAMPAIGN_SCHEDULES). */
    schedule: text("schedule").notNull().default("once"),
    /** active or paused: only active campaigns run on their schedule. */
    status: text("status").notNull().default("active"),
    leadsGenerated: integer("leads_generated").notNull().default(0),
    duplicatesSkipped: integer("duplicates_skipped").notNull().default(0),
    runs: integer("runs").notNull().default(0),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    /** Why the last run failed (the provider's clear error); null after a run that worked. */
    lastError: text("last_error"),
    /** When the schedule runs it next; null when nothing is due (once and done, or paused). */
    nextRunAt: timestamp("next_run_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("lead_campaigns_workspace_created_idx").on(table.workspaceId, table.createdAt),
    // The every-minute sweep reads only campaigns that are due.
    index("lead_campaigns_due_idx")
      .on(table.nextRunAt)
      .where(sql`${table.status} = 'active' and ${table.nextRunAt} is not null`),
  ],
);

/**
 * One row per business a workspace saved through lead generation: by its place (SerpAPI place
 * id, OpenStreetMap element) and by its phone in E.164. The unique indexes make "only new
 * businesses" hold when two saves or two servers race.
 */
export const generatedLeads = pgTable(
  "generated_leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The contact made from it (the contacts area's row; null until it is written). */
    contactId: uuid("contact_id"),
    campaignId: uuid("campaign_id").references(() => leadCampaigns.id, { onDelete: "set null" }),
    /** "serpapi:<place id>", "osm:node/123", or "name:<name>|<address>" when the provider gives neither. */
    placeKey: text("place_key").notNull(),
    phoneE164: text("phone_e164"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("generated_leads_workspace_place_idx").on(table.workspaceId, table.placeKey),
    uniqueIndex("generated_leads_workspace_phone_idx")
      .on(table.workspaceId, table.phoneE164)
      .where(sql`${table.phoneE164} is not null`),
    index("generated_leads_workspace_created_idx").on(table.workspaceId, table.createdAt),
  ],
);

/** A dealer search's results kept for its CSV download (GET /api/leads/exports/:exportId). */
export const leadExports = pgTable(
  "lead_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    /** The leads as the search answered them (common/lead-generation LeadResult[]). */
    leads: jsonb("leads").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("lead_exports_workspace_created_idx").on(table.workspaceId, table.createdAt)],
);
