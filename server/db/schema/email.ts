import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Personalization } from "../../../common/email";
import { contacts } from "./contacts";
import { users } from "./users";
import { workspaces } from "./workspaces";

/** Email templates ("Email template"), per workspace; the HTML is stored sanitised. */
export const emailTemplates = pgTable(
  "email_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    subject: text("subject").notNull(),
    targetAudience: text("target_audience").notNull().default("all"),
    textContent: text("text_content").notNull().default(""),
    htmlContent: text("html_content").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("email_templates_workspace_created_idx").on(table.workspaceId, table.createdAt)],
);

/**
 * A campaign keeps a copy of its template's subject and bodies, so editing or deleting the
 * template while it sends changes nothing already queued.
 */
export const emailCampaigns = pgTable(
  "email_campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    templateId: uuid("template_id").references(() => emailTemplates.id, { onDelete: "set null" }),
    templateName: text("template_name").notNull(),
    subject: text("subject").notNull(),
    textContent: text("text_content").notNull(),
    htmlContent: text("html_content").notNull(),
    /** The postal address in force when it was queued (every message carries it). */
    postalAddress: text("postal_address").notNull(),
    fromName: text("from_name"),
    fromEmail: text("from_email"),
    status: text("status").notNull().default("queued"),
    jobId: uuid("job_id"),
    /** Bumped by resume and retry: a job sends only while the campaign is on its run (an older job stops). */
    run: integer("run").notNull().default(0),
    batchSize: integer("batch_size").notNull(),
    delayMs: integer("delay_ms").notNull(),
    audience: jsonb("audience").notNull(),
    totalRecipients: integer("total_recipients").notNull().default(0),
    /**
     * Set when a run ended with only sends deferred by a temporary failure left: the earliest
     * one's time. The retry sweep (a cron job) queues the run again once it has passed.
     */
    nextRetryAt: timestamp("next_retry_at", { withTimezone: true }),
    /** Open tracking (a signed pixel) and click tracking (signed redirects), chosen per campaign. */
    trackOpens: boolean("track_opens").notNull().default(false),
    trackClicks: boolean("track_clicks").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [index("email_campaigns_workspace_created_idx").on(table.workspaceId, table.createdAt)],
);

/**
 * One row per recipient of a campaign, unique per campaign and contact: a worker claims pending
 * rows FOR UPDATE SKIP LOCKED and marks one sent only after the SMTP server accepted it (by group
 * commit, features/email/sending.ts), so a crash re-sends at most the messages accepted during
 * the marking in progress and the next, under the same Message-ID.
 */
export const emailSends = pgTable(
  "email_sends",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    personalization: jsonb("personalization").$type<Personalization>().notNull(),
    status: text("status").notNull().default("pending"),
    /** Fixed when the row is made: a retried delivery carries the same Message-ID. */
    messageId: text("message_id").notNull(),
    error: text("error"),
    /** Delivery tries: every claim counts one (a try a crash cut short included). */
    attempts: integer("attempts").notNull().default(0),
    /**
     * Not before this time: set when the server answered a temporary failure (4xx, a dropped
     * connection, a timeout); the row stays pending and is claimed again only once it is due.
     */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** When a worker claimed it: a row left "sending" longer than a delivery can take is released. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    /**
     * The job attempt that claimed it ("<jobId>:<attempt>"): the job's next attempt (its server
     * died, its lease ran out) releases its earlier attempts' claims at once.
     */
    claimedBy: text("claimed_by"),
    /** First open (tracking pixel) and first click (tracked link), each recorded once. */
    openedAt: timestamp("opened_at", { withTimezone: true }),
    clickedAt: timestamp("clicked_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("email_sends_campaign_contact_idx").on(table.campaignId, table.contactId),
    index("email_sends_campaign_pending_idx")
      .on(table.campaignId, table.createdAt)
      .where(sql`${table.status} = 'pending'`),
    index("email_sends_workspace_sent_idx").on(table.workspaceId, table.sentAt),
  ],
);

/** Addresses never emailed again by the workspace: unsubscribed, hard-bounced or complained. */
export const emailSuppressions = pgTable(
  "email_suppressions",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Lower-cased. */
    email: text("email").notNull(),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.email] })],
);

/** The workspace's sender details: the postal address is required before its first campaign. */
export const emailSettings = pgTable("email_settings", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  postalAddress: text("postal_address"),
  fromName: text("from_name"),
  fromEmail: text("from_email"),
  hourlyCap: integer("hourly_cap"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
