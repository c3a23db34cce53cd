import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";
import { workspaces } from "./workspaces";

/** Spec 2 §3 contacts. The call engine reads it now (a contact is never spam); its screens come later. */
export const contacts = pgTable(
  "contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The person who made it (null when the engine did, or the person has left). */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    phoneNumber: text("phone_number"),
    /** The phone number in E.164, for matching callers whatever the formatting. */
    phoneE164: text("phone_e164"),
    email: text("email"),
    company: text("company"),
    preferredContactMethod: text("preferred_contact_method").notNull().default("phone"),
    communicationChannels: jsonb("communication_channels"),
    mailingAddress: text("mailing_address"),
    tags: text("tags").array().notNull().default([]),
    notes: text("notes"),
    lastCalled: timestamp("last_called", { withTimezone: true }),
    callCount: integer("call_count").notNull().default(0),
    isFavorite: boolean("is_favorite").notNull().default(false),
    leadSource: text("lead_source").notNull().default("manual"),
    address: text("address"),
    website: text("website"),
    industry: text("industry"),
    businessType: text("business_type"),
    leadScore: integer("lead_score").notNull().default(0),
    lastContactAttempt: timestamp("last_contact_attempt", { withTimezone: true }),
    contactStatus: text("contact_status").notNull().default("new"),
    preferredContactTime: text("preferred_contact_time"),
    timezone: text("timezone").notNull().default("America/New_York"),
    serpApiData: jsonb("serp_api_data"),
    campaignId: uuid("campaign_id"),
    importBatch: text("import_batch"),
    uploadDate: timestamp("upload_date", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("contacts_workspace_created_idx").on(table.workspaceId, table.createdAt),
    index("contacts_workspace_phone_idx").on(table.workspaceId, table.phoneE164),
  ],
);
