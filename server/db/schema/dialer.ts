import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
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
import { contacts } from "./contacts";
import { aiScripts } from "./scripts";
import { users } from "./users";
import { workspaces } from "./workspaces";

/** An AI agent staffing a campaign and the calls it takes at once (common/dialer AiAgentStaffing). */
export type CampaignAiAgent = { agentId: string; concurrentCalls: number };

/**
 * What predictive pacing keeps between ticks (written by the runtime through the dialer service):
 * its current level (lines per free agent) and whether the 3% ceiling dropped it to progressive.
 */
export type CampaignPacingState = {
  level: number;
  droppedToProgressive: boolean;
  updatedAt: string;
};

/** One disposition a campaign offers its reps: an agent disposition code, under the campaign's own label. */
export type CampaignDisposition = { code: string; label: string };

/**
 * A rep's call carried through a Twilio conference (the browser softphone): the conference's
 * name, the rep's browser leg, the customer's hold, a transfer under way, and supervisors on it.
 */
export type SoftphoneState = {
  conference: string;
  conferenceSid: string | null;
  customerCallSid: string | null;
  repCallSid: string | null;
  onHold: boolean;
  transfer: { to: string; callSid: string; warm: boolean } | null;
  supervisors: { userId: string; callSid: string; mode: "listen" | "whisper" | "barge" }[];
};

/**
 * Campaigns: an autodialer campaign with its pacing, calling-hours and retry settings. Statuses
 * active, paused, completed, scheduled (common/dialer CAMPAIGN_STATUSES).
 */
export const campaigns = pgTable(
  "campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    description: text("description"),
    status: text("status").notNull().default("paused"),
    dialingMode: text("dialing_mode").notNull().default("predictive"),
    maxLines: integer("max_lines").notNull().default(15),
    dialRatio: doublePrecision("dial_ratio").notNull().default(2.5),
    maxAttempts: integer("max_attempts").notNull().default(3),
    /** Minimum minutes between two attempts on one lead. */
    retryMinutes: integer("retry_minutes").notNull().default(60),
    /** An abandoned call's lead waits this long before it is dialled again. */
    abandonedRetryMinutes: integer("abandoned_retry_minutes").notNull().default(1440),
    /** "HH:MM" in the callee's own time zone, inside the legal 08:00-21:00. */
    callingHoursStart: text("calling_hours_start").notNull().default("08:00"),
    callingHoursEnd: text("calling_hours_end").notNull().default("21:00"),
    abandonTargetPercent: doublePrecision("abandon_target_percent").notNull().default(2),
    voicemailMessage: text("voicemail_message"),
    businessName: text("business_name"),
    /** E.164: the number the safe-harbor message gives. */
    callbackNumber: text("callback_number"),
    aiAgents: jsonb("ai_agents").$type<CampaignAiAgent[]>().notNull().default([]),
    pacing: jsonb("pacing").$type<CampaignPacingState>(),
    /** After a call the rep wraps up this long before the dialer offers them the next. */
    wrapUpSeconds: integer("wrap_up_seconds").notNull().default(30),
    /** The dispositions the console offers for this campaign's calls; null: the defaults. */
    dispositions: jsonb("dispositions").$type<CampaignDisposition[]>(),
    /** The script the console shows the rep, step by step. */
    scriptId: uuid("script_id").references(() => aiScripts.id, { onDelete: "set null" }),
    scheduledStartAt: timestamp("scheduled_start_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    /** When the runtime last ran a tick for it (the due list reads oldest first). */
    lastTickAt: timestamp("last_tick_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("campaigns_workspace_created_idx").on(table.workspaceId, table.createdAt),
    // The runtime's tick reads the campaigns to dial (active, or scheduled and due) across
    // workspaces: few rows, found without reading paused and completed ones.
    index("campaigns_due_idx")
      .on(table.status, table.lastTickAt)
      .where(sql`${table.status} in ('active', 'scheduled')`),
  ],
);

/**
 * Campaign_leads: one person to call in a campaign. `status` is common/dialer
 * LEAD_STATUSES; `next_attempt_at` is when it is next due (null: now). A lead with a callback
 * for one agent only carries that agent in `reserved_for`.
 */
export const campaignLeads = pgTable(
  "campaign_leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Insertion order: leads added in one statement share created_at; lists and claims read this. */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    /** The lead manager's contact it came from (import-leads), when it did. */
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    phoneNumber: text("phone_number").notNull(),
    phoneE164: text("phone_e164").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    company: text("company"),
    email: text("email"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zipCode: text("zip_code"),
    businessType: text("business_type"),
    /** IANA zone when known (the contact's); else the runtime reads zip code, then area code. */
    timeZone: text("time_zone"),
    status: text("status").notNull().default("new"),
    priority: integer("priority").notNull().default(1),
    callAttempts: integer("call_attempts").notNull().default(0),
    lastCallTime: timestamp("last_call_time", { withTimezone: true }),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    reservedFor: uuid("reserved_for").references(() => users.id, { onDelete: "set null" }),
    disposition: text("disposition"),
    notes: text("notes"),
    aiVoiceConsent: boolean("ai_voice_consent").notNull().default(false),
    consentSource: text("consent_source"),
    leadSource: text("lead_source").notNull().default("imported"),
    customFields: jsonb("custom_fields"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One lead per number in a campaign: adding it again is a duplicate, not a second dial.
    uniqueIndex("campaign_leads_campaign_phone_idx").on(table.campaignId, table.phoneE164),
    // The runtime's claim: dialable leads of a campaign, highest priority, longest due first,
    // read through this partial index with FOR UPDATE SKIP LOCKED.
    index("campaign_leads_dialable_idx")
      .on(table.campaignId, table.priority.desc(), table.nextAttemptAt.asc().nullsFirst(), table.seq)
      .where(sql`${table.status} in ('new', 'retry', 'callback')`),
    index("campaign_leads_campaign_seq_idx").on(table.campaignId, table.seq),
    index("campaign_leads_campaign_status_idx").on(table.campaignId, table.status, table.seq),
    index("campaign_leads_workspace_idx").on(table.workspaceId),
    index("campaign_leads_contact_idx").on(table.contactId),
    index("campaign_leads_reserved_idx")
      .on(table.reservedFor, table.nextAttemptAt)
      .where(sql`${table.reservedFor} is not null`),
  ],
);

/**
 * One dial of one lead. `dial_key` is "<lead id>:<attempt number>", unique: the
 * runtime inserts the row when it claims the lead, so a second claim of the same attempt (a
 * retried tick, another server) fails on the index instead of dialling twice; telephony's
 * calls.dial_key carries the same key. `state` is common/dialer ATTEMPT_STATES.
 * `answered_by_person` is set on a human answer (never on a machine): abandonment is
 * abandoned / answered by a person, read through the partial indexes below.
 */
export const dialAttempts = pgTable(
  "dial_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => campaignLeads.id, { onDelete: "cascade" }),
    attemptNumber: integer("attempt_number").notNull(),
    dialKey: text("dial_key").notNull(),
    phoneE164: text("phone_e164").notNull(),
    state: text("state").notNull().default("queued"),
    /** The calls-table row of the placed call (telephony's), once placed. */
    callId: uuid("call_id"),
    /** The member the call was connected to (an agent), or the AI agent staffing it. */
    agentUserId: uuid("agent_user_id").references(() => users.id, { onDelete: "set null" }),
    aiAgentId: uuid("ai_agent_id"),
    answeredByPerson: boolean("answered_by_person").notNull().default(false),
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
    dialedAt: timestamp("dialed_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    connectedAt: timestamp("connected_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    disposition: text("disposition"),
    notes: text("notes"),
    disposedBy: uuid("disposed_by").references(() => users.id, { onDelete: "set null" }),
    disposedAt: timestamp("disposed_at", { withTimezone: true }),
    /**
     * When the rep's wrap-up after this call ended: Ready (any status set by hand), the
     * campaign's wrap-up time running out, or the disposition itself when the campaign has none.
     * The reports' wrap-up is the call's end to this.
     */
    wrapUpEndedAt: timestamp("wrap_up_ended_at", { withTimezone: true }),
    /** Why a failed or skipped dial did not go out (the gate's reason, the carrier's error). */
    reason: text("reason"),
    /** The Twilio conference carrying a softphone rep's call, with its legs. */
    softphone: jsonb("softphone").$type<SoftphoneState>(),
  },
  (table) => [
    uniqueIndex("dial_attempts_dial_key_idx").on(table.dialKey),
    uniqueIndex("dial_attempts_lead_attempt_idx").on(table.leadId, table.attemptNumber),
    // Dialled today / in the last hour, per campaign and per workspace.
    index("dial_attempts_campaign_queued_idx").on(table.campaignId, table.queuedAt),
    index("dial_attempts_workspace_queued_idx").on(table.workspaceId, table.queuedAt),
    // Abandonment: answered by a person over a period (today, 30 days), per workspace and per
    // campaign; the state is in the index so the counts are index-only.
    index("dial_attempts_workspace_human_idx")
      .on(table.workspaceId, table.answeredAt, table.state)
      .where(sql`${table.answeredByPerson}`),
    index("dial_attempts_campaign_human_idx")
      .on(table.campaignId, table.answeredAt, table.state)
      .where(sql`${table.answeredByPerson}`),
    // Lines in use: the live attempts of a workspace (the plan's limit) and of a campaign.
    index("dial_attempts_live_idx")
      .on(table.workspaceId, table.campaignId)
      .where(sql`${table.state} in ('queued', 'dialing', 'ringing', 'answered', 'connected')`),
    index("dial_attempts_agent_idx").on(table.agentUserId, table.connectedAt),
    index("dial_attempts_call_idx").on(table.callId),
  ],
);

/**
 * Each campaign's calls answered by a person and abandoned, per UTC day of the answer: what the
 * dialer's every tick reads for the rolling 30 days and the campaign so far, a few rows a
 * campaign instead of every answered call it ever made. Kept exact by row triggers on
 * dial_attempts (the dial_abandonment_days_triggers migration) in the transaction of every write;
 * an attempt with no answer time counts on the day it was queued.
 */
export const dialAbandonmentDays = pgTable(
  "dial_abandonment_days",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    humanAnswered: integer("human_answered").notNull().default(0),
    abandoned: integer("abandoned").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.day] })],
);

/**
 * A scheduled callback: a lead to call again at `due_at`, by one agent (`agent_only`) or by
 * anyone. pending until the dialer connects it (done) or it is replaced (cancelled).
 */
export const dialerCallbacks = pgTable(
  "dialer_callbacks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => campaignLeads.id, { onDelete: "cascade" }),
    /** The attempt whose disposition asked for it, when one did. */
    attemptId: uuid("attempt_id").references(() => dialAttempts.id, { onDelete: "set null" }),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    agentOnly: boolean("agent_only").notNull().default(false),
    agentUserId: uuid("agent_user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").notNull().default("pending"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // At most one pending callback per lead: a new one replaces it.
    uniqueIndex("dialer_callbacks_pending_lead_idx").on(table.leadId).where(sql`${table.status} = 'pending'`),
    index("dialer_callbacks_workspace_due_idx")
      .on(table.workspaceId, table.dueAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * An agent's presence on the dialer: one row per member of a workspace, its
 * status (common/dialer AGENT_STATUSES) since when, the campaign worked and the call held.
 */
export const dialerAgentSessions = pgTable(
  "dialer_agent_sessions",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("offline"),
    since: timestamp("since", { withTimezone: true }).notNull().defaultNow(),
    /** The campaign the member chose to work; null: any active campaign of the workspace. */
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    /**
     * For a member working any campaign: the one the dialer has them on now (chosen at a tick,
     * least recently dialled first; runtime/any-campaign.ts), so each rep is counted by one
     * campaign's pacing at a time.
     */
    workingCampaignId: uuid("working_campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    currentAttemptId: uuid("current_attempt_id").references(() => dialAttempts.id, { onDelete: "set null" }),
    /** Preview mode: the lead offered to this agent, not yet dialled. */
    previewLeadId: uuid("preview_lead_id").references(() => campaignLeads.id, { onDelete: "set null" }),
    /** After a call: not offered the next one before this (the campaign's wrap-up), unless Ready. */
    wrapUpUntil: timestamp("wrap_up_until", { withTimezone: true }),
    /** The rep's browser softphone is registered with Twilio: calls join them through a conference. */
    softphone: boolean("softphone").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("dialer_agent_sessions_member_idx").on(table.workspaceId, table.userId),
    // Free agents of a campaign: what the runtime connects an answered call to.
    index("dialer_agent_sessions_available_idx")
      .on(table.campaignId, table.since)
      .where(sql`${table.status} = 'available'`),
  ],
);

/** A campaign's own do-not-call list (the workspace's list and the contact's flag also apply). */
export const campaignDoNotCall = pgTable(
  "campaign_do_not_call",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    phoneE164: text("phone_e164").notNull(),
    phoneNumber: text("phone_number").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("campaign_do_not_call_phone_idx").on(table.campaignId, table.phoneE164)],
);

/**
 * The browser softphone's Twilio pieces for a workspace's account, made through Twilio's REST API
 * the first time a rep asks for a token: an API key (its secret sealed under APP_SECRET, which
 * signs the access tokens) and a TwiML app. Made again when the workspace connects another account.
 */
export const softphoneApps = pgTable("softphone_apps", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  accountSid: text("account_sid").notNull(),
  apiKeySid: text("api_key_sid").notNull(),
  apiKeySecretEncrypted: text("api_key_secret_encrypted").notNull(),
  twimlAppSid: text("twiml_app_sid").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
