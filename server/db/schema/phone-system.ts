import { sql } from "drizzle-orm";
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
 * The business phone system (business phone number): a workspace's
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

/**
 * A call on a business number: an incoming call the routing answered, or a
 * click-to-call the user placed from the number. The phone analytics are counted from these.
 */
export const businessCalls = pgTable(
  "business_calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    businessNumberId: uuid("business_number_id")
      .notNull()
      .references(() => businessNumbers.id, { onDelete: "cascade" }),
    /** The carrier's CallSid (null until a click-to-call is placed). */
    callSid: text("call_sid"),
    /** inbound | outbound (click-to-call) */
    direction: text("direction").notNull(),
    /** The other party: the caller, or the contact called. */
    otherNumber: text("other_number").notNull(),
    /** Click-to-call: the contact called and the user's phone rung first. */
    contactId: uuid("contact_id"),
    userPhone: text("user_phone"),
    /** ringing | answered (a person or an AI agent took it) | voicemail | missed */
    outcome: text("outcome").notNull().default("ringing"),
    /** The extension the caller pressed, if any. */
    extension: text("extension"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** Seconds, as the carrier reported at the end. */
    duration: integer("duration"),
  },
  (table) => [
    uniqueIndex("business_calls_sid_idx").on(table.callSid),
    index("business_calls_workspace_started_idx").on(table.workspaceId, table.startedAt),
  ],
);

/**
 * A voicemail left on a business number: the audio is stored under DATA_DIR
 * (voicemails/<workspace>/<id>.wav) once fetched from the carrier; the transcription comes from
 * the speech provider, in a job.
 */
export const voicemails = pgTable(
  "voicemails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    businessNumberId: uuid("business_number_id")
      .notNull()
      .references(() => businessNumbers.id, { onDelete: "cascade" }),
    businessCallId: uuid("business_call_id").references(() => businessCalls.id, { onDelete: "set null" }),
    /** The carrier's RecordingSid: one voicemail per recording, however often the webhook comes. */
    recordingSid: text("recording_sid").notNull(),
    /** Twilio's RecordingUrl (fetched with the account's credentials); null on the simulator. */
    recordingUrl: text("recording_url"),
    fromNumber: text("from_number").notNull(),
    extension: text("extension"),
    duration: integer("duration").notNull().default(0),
    /** The audio file under DATA_DIR, relative; null until fetched. */
    audioPath: text("audio_path"),
    transcription: text("transcription").notNull().default(""),
    /** pending | done | failed */
    transcriptionStatus: text("transcription_status").notNull().default("pending"),
    transcriptionError: text("transcription_error"),
    listenedAt: timestamp("listened_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("voicemails_recording_idx").on(table.recordingSid),
    index("voicemails_workspace_created_idx").on(table.workspaceId, table.createdAt),
    // The voicemails whose audio is still kept, oldest first (deleted past its retention period).
    index("voicemails_audio_created_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.audioPath} is not null or ${table.recordingUrl} is not null`),
  ],
);
