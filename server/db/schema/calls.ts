import { sql } from "drizzle-orm";
import {
  bigint,
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
import type { CallerFacts, EngineState, TurnResult } from "../../engine";
import type { aiScripts } from "./scripts";
import { users } from "./users";
import { workspaces } from "./workspaces";

export const calls = pgTable(
  "calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The person who made it (null when the engine did, or the person has left). */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    phoneNumber: text("phone_number").notNull(),
    callerName: text("caller_name"),
    direction: text("direction").notNull().default("inbound"),
    /** Null until the first caller turn has been classified. */
    classification: text("classification"),
    status: text("status").notNull().default("in_progress"),
    isActive: boolean("is_active").notNull().default(false),
    isOnHold: boolean("is_on_hold").notNull().default(false),
    startTime: timestamp("start_time", { withTimezone: true }).notNull().defaultNow(),
    endTime: timestamp("end_time", { withTimezone: true }),
    duration: integer("duration").notNull().default(0),
    transcript: text("transcript").notNull().default(""),
    aiResponse: text("ai_response"),
    sentiment: text("sentiment"),
    customerSatisfaction: integer("customer_satisfaction"),
    followUpRequired: boolean("follow_up_required").notNull().default(false),
    importance: integer("importance").notNull().default(1),
    actionTaken: text("action_taken").notNull().default(""),
    notes: text("notes"),
    summary: text("summary"),
    /** The latest turn's analysis (server/engine's), with which AI read it (absent before it was kept). */
    analysis: jsonb("analysis").$type<TurnResult["analysis"] & { source?: "local" | "llm" }>(),
    /**
     * The engine's conversation state between turns (stage, offered slot, message so far, the
     * call-level evidence) and the caller facts read when the call started. A state an older
     * version stored may lack newer fields: read it through the engine's restoreState.
     * `assistant`: the agent the call was routed to, kept for the next turn, and how
     * the call speaks (the default script's voice, the agent's speed and language); absent on
     * calls before it, and on calls with no default script and no agent.
     */
    engineState: jsonb("engine_state").$type<{
      state: EngineState;
      facts: CallerFacts;
      /** What an outbound call was placed for (a Dial's purpose, a bulk call's), said and known by the engine. */
      purpose?: string | null;
      /** The script the call was placed with, when not its direction's (a satellite autodial's), as it was then. */
      script?: Pick<
        typeof aiScripts.$inferSelect,
        | "id"
        | "name"
        | "scriptType"
        | "openingMessage"
        | "conversationFlow"
        | "businessRules"
        | "transferRules"
        | "appointmentSettings"
        | "voiceSettings"
        | "personalityTraits"
      > | null;
      assistant?: {
        agentId: string | null;
        /** The number the assistant put the caller through to, when a turn transferred the call. */
        transferredTo?: string | null;
        voice: {
          twilioVoice: string | null;
          rate: string | null;
          pitch: string | null;
          volume: string | null;
          gatherLanguage: string | null;
          speechTimeout: number | null;
        } | null;
      };
    }>(),
    /** What the call came to, as the assistant decided from the conversation (common/calls.ts). */
    disposition: text("disposition"),
    /**
     * The contact an outbound call was placed to (a contact's Dial, a campaign's lead), if any.
     * No foreign key: the contacts and agents areas own their tables, and a call outlives both.
     */
    contactId: uuid("contact_id"),
    /** The AI agent the call was placed or put through with, if any. */
    agentId: uuid("agent_id"),
    recordingUrl: text("recording_url"),
    callType: text("call_type").notNull().default("simulation"),
    /**
     * A call from a test screen (the system test, the voice demo): kept in History behind the
     * "Test calls" filter, left out of every figure and of the plan's usage.
     */
    isTest: boolean("is_test").notNull().default(false),
    /**
     * Carried by the built-in carrier simulator (common/calls SIMULATED_CALL_TYPES): counted like
     * any call unless it is also a test call, and marked simulated wherever it is shown.
     */
    simulated: boolean("simulated").notNull().default(false),
    /** The last turn, hold, resume or transfer: the idle-call sweep ends live calls quiet for too long. */
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * An outbound call placed by a background job carries the job's key for it: a job that runs
     * again after a crash finds the call it already placed instead of dialling twice.
     */
    dialKey: text("dial_key"),
    /**
     * A bulk call's run, as the reports name it among the campaigns ("Bulk call: <purpose>", or
     * "Bulk calls" without one): the calls a calls.bulk job placed are keyed like the
     * autodialer's, and this tells them apart.
     */
    bulkRun: text("bulk_run"),
    /** The carrier's id for the call (Twilio's CallSid, the simulator's SIM...). */
    providerCallSid: text("provider_call_sid").unique(),
    transferredAt: timestamp("transferred_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One index per sort, matching the whole ORDER BY (sort column, then created_at, then id) so a
    // page is an index range scan in either direction instead of a sort of the account's calls.
    index("calls_workspace_created_idx").on(table.workspaceId, table.createdAt, table.id),
    // A contact's calls, and an agent's (their histories and figures).
    index("calls_workspace_contact_idx")
      .on(table.workspaceId, table.contactId, table.createdAt)
      .where(sql`${table.contactId} is not null`),
    index("calls_workspace_agent_idx")
      .on(table.workspaceId, table.agentId, table.createdAt)
      .where(sql`${table.agentId} is not null`),
    index("calls_workspace_active_idx")
      .on(table.workspaceId, table.startTime.desc())
      .where(sql`${table.isActive}`),
    index("calls_workspace_classification_idx").on(
      table.workspaceId,
      table.classification,
      table.createdAt,
      table.id,
    ),
    index("calls_workspace_duration_idx").on(table.workspaceId, table.duration, table.createdAt, table.id),
    index("calls_workspace_importance_idx").on(
      table.workspaceId,
      table.importance,
      table.createdAt,
      table.id,
    ),
    // Substring search on number and name (ILIKE '%...%') needs trigram indexes.
    index("calls_phone_trgm_idx").using("gin", sql`${table.phoneNumber} gin_trgm_ops`),
    index("calls_caller_name_trgm_idx").using("gin", sql`${table.callerName} gin_trgm_ops`),
    // "Test calls only" and "delete all test calls" read a few rows among many real ones.
    index("calls_workspace_test_idx")
      .on(table.workspaceId, table.createdAt, table.id)
      .where(sql`${table.isTest}`),
    // The recordings past their retention period, oldest first, across every workspace.
    index("calls_recording_created_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.recordingUrl} is not null`),
    uniqueIndex("calls_workspace_dial_key_idx")
      .on(table.workspaceId, table.dialKey)
      .where(sql`${table.dialKey} is not null`),
    // Reports read the calls no background job placed (calls in, a contact's Dial) and the bulk
    // calls by time: the autodialer's calls, counted from its attempts, are none of them.
    index("calls_workspace_reported_idx")
      .on(table.workspaceId, table.createdAt)
      .where(sql`${table.dialKey} is null or ${table.bulkRun} is not null`),
    // The idle-call sweep looks across accounts at the few live calls, oldest activity first.
    index("calls_active_activity_idx").on(table.lastActivityAt).where(sql`${table.isActive}`),
  ],
);

export const appointments = pgTable(
  "appointments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The person who made it (null when the engine did, or the person has left). */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    callId: uuid("call_id").references(() => calls.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description"),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    endTime: timestamp("end_time", { withTimezone: true }).notNull(),
    attendeeName: text("attendee_name"),
    attendeeEmail: text("attendee_email"),
    attendeePhone: text("attendee_phone"),
    status: text("status").notNull().default("scheduled"),
    googleEventId: text("google_event_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("appointments_workspace_start_idx").on(table.workspaceId, table.startTime),
    // Upcoming and cancelled lists, and the overlap checks (status and a bounded start range).
    index("appointments_workspace_status_start_idx").on(table.workspaceId, table.status, table.startTime),
    index("appointments_workspace_phone_idx").on(table.workspaceId, table.attendeePhone),
    index("appointments_call_idx").on(table.callId),
  ],
);

/** Numbers an account has blocked: the engine treats their calls as spam. */
export const blockedNumbers = pgTable(
  "blocked_numbers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    phoneNumber: text("phone_number").notNull(),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("blocked_numbers_workspace_phone_idx").on(table.workspaceId, table.phoneNumber)],
);

/**
 * Per-account call counts by class, status, whether the call is live and whether it is a test
 * call, kept exact by triggers on calls (migrations 0006, 0007, and the test-calls one). The history's totals and summary cards
 * read these few rows instead of counting a million calls on every page.
 */
export const callCounts = pgTable(
  "call_counts",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    classification: text("classification").notNull(),
    status: text("status").notNull(),
    isActive: boolean("is_active").notNull(),
    isTest: boolean("is_test").notNull().default(false),
    n: bigint("n", { mode: "number" }).notNull().default(0),
    durationSum: bigint("duration_sum", { mode: "number" }).notNull().default(0),
  },
  (table) => [
    primaryKey({
      columns: [table.workspaceId, table.classification, table.status, table.isActive, table.isTest],
    }),
  ],
);
