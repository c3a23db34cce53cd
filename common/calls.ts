import { z } from "zod";
import type { JobEventOut } from "./jobs";
import { dateTime, safeString } from "./text";

export const CLASSIFICATIONS = [
  "spam",
  "sales",
  "appointment",
  "support",
  "important",
  "legitimate",
] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];

export const CALL_STATUSES = [
  "in_progress",
  "on_hold",
  "completed",
  "missed",
  "blocked",
  "pending",
  "ringing",
  "busy",
  "no_answer",
  "failed",
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

export const SENTIMENTS = ["positive", "negative", "neutral"] as const;

/**
 * What a call came to, as the assistant decided from the conversation: recorded on the call, the
 * contact and an autodialer lead, and counted in agent and campaign figures.
 */
export const CALL_DISPOSITIONS = [
  "interested",
  "qualified",
  "not_interested",
  "call_back",
  "booked",
  "wrong_number",
  "do_not_call",
  "voicemail",
  "transferred",
] as const;
export type CallDisposition = (typeof CALL_DISPOSITIONS)[number];

export const CALL_DISPOSITION_LABELS: Record<CallDisposition, string> = {
  interested: "Interested",
  qualified: "Qualified",
  not_interested: "Not interested",
  call_back: "Call back",
  booked: "Appointment booked",
  wrong_number: "Wrong number",
  do_not_call: "Do not call",
  voicemail: "Voicemail",
  transferred: "Transferred",
};

/**
 * Calls from the test screens: the Call System Test and the Voice Call Demo. They try the
 * product out rather than do a team's work, so they stay out of the dashboard, the history's
 * figures, the reports and the plan's usage; History shows them behind its "Test calls" choice.
 * The Active Calls simulation is the screening loop itself and counts as a call.
 */
export const TEST_CALL_TYPES = ["system_test", "demo"] as const;
export const isTestCallType = (callType: string): boolean =>
  (TEST_CALL_TYPES as readonly string[]).includes(callType);

/**
 * Calls the built-in carrier simulator carried (no Twilio connected): it played the phone
 * network and the person called. A campaign's dials, a contact's Dial, bulk calls and "Ring my
 * number" on the simulator are a team's work and count in every figure like a Twilio call; they
 * are marked simulated wherever a call is shown. The system test runs on the simulator too (a
 * test call and simulated).
 */
export const SIMULATED_CALL_TYPES = ["simulator", "system_test"] as const;
export const isSimulatedCallType = (callType: string): boolean =>
  (SIMULATED_CALL_TYPES as readonly string[]).includes(callType);

/** Transcript preview length in lists. */
export const TRANSCRIPT_PREVIEW_CHARS = 150;

export const BookedAppointmentOut = z.object({
  startTime: z.string(),
  endTime: z.string(),
  appointmentId: z.string(),
});

export const TurnAnalysisOut = z.object({
  classification: z.enum(CLASSIFICATIONS),
  confidence: z.number().min(0).max(1),
  intent: z.string(),
  urgency: z.number().min(0).max(1),
  sentiment: z.enum(SENTIMENTS),
  importance: z.number().int().min(0).max(5),
  signals: z.array(z.string()),
  appointment: BookedAppointmentOut.nullable(),
  scores: z.record(z.string(), z.number()).optional(),
  /** Which AI produced it: the local classifier or the configured language model. */
  source: z.enum(["local", "llm"]).optional(),
});
export type TurnAnalysisOut = z.infer<typeof TurnAnalysisOut>;

export const CallOut = z.object({
  id: z.string(),
  phoneNumber: z.string(),
  callerName: z.string().nullable(),
  direction: z.string(),
  classification: z.enum(CLASSIFICATIONS).nullable(),
  status: z.string(),
  isActive: z.boolean(),
  isOnHold: z.boolean(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  createdAt: z.string(),
  duration: z.number().int(),
  transcript: z.string(),
  aiResponse: z.string().nullable(),
  sentiment: z.enum(SENTIMENTS).nullable(),
  customerSatisfaction: z.number().int().nullable(),
  followUpRequired: z.boolean(),
  importance: z.number().int(),
  actionTaken: z.string(),
  notes: z.string().nullable(),
  summary: z.string().nullable(),
  analysis: TurnAnalysisOut.nullable(),
  confidence: z.number().nullable(),
  recordingUrl: z.string().nullable(),
  callType: z.string(),
  /** A call from a test screen (see TEST_CALL_TYPES): left out of every figure. */
  isTest: z.boolean(),
  /** Carried by the built-in carrier simulator (see SIMULATED_CALL_TYPES): nobody real was on the line. */
  simulated: z.boolean(),
  transferredAt: z.string().nullable(),
  /**
   * The number the assistant put the caller through to (the default script's transfer rules, or
   * the owner's cell); null when nobody transferred it or the user took it with Transfer to Me.
   */
  transferredTo: z.string().nullable(),
  /** What the call came to, as the assistant settled it; null: nothing settled (yet). */
  disposition: z.enum(CALL_DISPOSITIONS).nullable(),
  /** When the person asked to be called back, if they did. */
  callbackAt: z.string().nullable(),
  /** The appointment the call booked, if it booked one. */
  bookedAppointment: BookedAppointmentOut.nullable(),
});
export type Call = z.infer<typeof CallOut>;

const PHONE_REQUIRED = "Please enter a phone number";

export const SimulateCallRequest = z.object({
  phoneNumber: safeString("The phone number", PHONE_REQUIRED)
    .trim()
    .min(1, PHONE_REQUIRED)
    .max(40, "That phone number is too long"),
  callerName: safeString("Caller name")
    .trim()
    .max(120, "Caller name must be at most 120 characters")
    .optional(),
});
export type SimulateCallRequest = z.input<typeof SimulateCallRequest>;

export const CALLER_TEXT_MAX = 2000;
export const BLANK_TEXT_MESSAGE = "Please type what the caller says";

/** A typed caller line (JSON alternative to the multipart upload). */
export const CallerText = z.object({
  text: safeString("What the caller says", BLANK_TEXT_MESSAGE)
    .trim()
    .min(1, BLANK_TEXT_MESSAGE)
    .max(CALLER_TEXT_MAX, `What the caller says must be at most ${CALLER_TEXT_MAX} characters per turn`),
});

export const ProcessAudioResponse = z.object({
  transcription: z.string(),
  response: z.object({ text: z.string().nullable() }),
  analysis: TurnAnalysisOut,
  call: CallOut,
});
export type ProcessAudioResponse = z.infer<typeof ProcessAudioResponse>;

/** A call's duration in seconds is stored as an integer; no call lasts a week. */
const MAX_CALL_SECONDS = 7 * 24 * 60 * 60;

export const CallIdParams = z.object({ id: z.uuid("That call id is not valid") });

export const PatchCallRequest = z
  .object({
    isActive: z.boolean().optional(),
    endTime: dateTime("endTime", "endTime must be an ISO date-time").optional(),
    status: z.enum(["completed", "missed"], { error: "status must be completed or missed" }).optional(),
    duration: z
      .number({ error: "duration must be a number of seconds" })
      .int("duration must be a whole number of seconds")
      .min(0, "duration cannot be negative")
      .max(MAX_CALL_SECONDS, "duration is at most a week, in seconds")
      .optional(),
    notes: safeString("Notes").max(5000, "Notes must be at most 5000 characters").optional(),
  })
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");

export const HoldRequest = z.object({ isOnHold: z.boolean({ error: "isOnHold must be true or false" }) });

export const CALL_SORTS = ["createdAt", "duration", "importance"] as const;
export const CALL_FILTERS = ["all", ...CLASSIFICATIONS] as const;
/** The history's outcome filter: every call, one outcome, or the calls that came to none. */
export const CALL_OUTCOME_FILTERS = ["all", ...CALL_DISPOSITIONS, "none"] as const;
export type CallOutcomeFilter = (typeof CALL_OUTCOME_FILTERS)[number];
/** Which calls a list shows: test calls too (the API's default), none of them, or only them. */
export const TEST_CALL_CHOICES = ["include", "exclude", "only"] as const;
export type TestCallChoice = (typeof TEST_CALL_CHOICES)[number];

/** Deeper than any history goes; keeps OFFSET an integer the database takes. */
const MAX_PAGE = 1_000_000;

export const CallListQuery = z.object({
  page: z.coerce
    .number({ error: "page must be a number" })
    .int("page must be a whole number")
    .min(1, "page starts at 1")
    .max(MAX_PAGE, "page is at most 1,000,000")
    .default(1),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int()
    .min(1)
    .max(100, "limit is at most 100")
    .default(10),
  filter: z.enum(CALL_FILTERS, { error: `filter must be one of ${CALL_FILTERS.join(", ")}` }).default("all"),
  outcome: z
    .enum(CALL_OUTCOME_FILTERS, { error: `outcome must be one of ${CALL_OUTCOME_FILTERS.join(", ")}` })
    .default("all"),
  search: safeString("The search").trim().max(100, "search is at most 100 characters").optional(),
  sortBy: z
    .enum(CALL_SORTS, { error: `sortBy must be one of ${CALL_SORTS.join(", ")}` })
    .default("createdAt"),
  sortOrder: z.enum(["asc", "desc"], { error: "sortOrder must be asc or desc" }).default("desc"),
  active: z.enum(["true", "false"], { error: "active must be true or false" }).optional(),
  testCalls: z
    .enum(TEST_CALL_CHOICES, { error: `testCalls must be one of ${TEST_CALL_CHOICES.join(", ")}` })
    .default("include"),
});
export type CallListQuery = z.input<typeof CallListQuery>;
export type CallListParams = z.output<typeof CallListQuery>;

/** The history's filters, for the CSV export (no paging: it streams everything that matches). */
export const CallExportQuery = CallListQuery.pick({
  filter: true,
  outcome: true,
  search: true,
  sortBy: true,
  sortOrder: true,
  testCalls: true,
}).extend({
  format: z.literal("csv", { error: "format must be csv" }).default("csv"),
});

export const CallListResponse = z.object({
  calls: z.array(CallOut),
  pagination: z.object({
    page: z.number(),
    limit: z.number(),
    total: z.number(),
    totalPages: z.number(),
    hasPrev: z.boolean(),
    hasNext: z.boolean(),
    /** A search or an outcome filter counts at most 500 matches; true when there are more than that. */
    totalCapped: z.boolean().optional(),
  }),
  summary: z.object({
    totalCalls: z.number(),
    spamBlocked: z.number(),
    appointmentsScheduled: z.number(),
    supportResolved: z.number(),
    averageDuration: z.number(),
    /** The account's test calls, which the five figures above leave out. */
    testCalls: z.number(),
  }),
});
export type CallListResponse = z.infer<typeof CallListResponse>;

export const Stats = z.object({
  todaysCalls: z.number(),
  spamBlocked: z.number(),
  appointments: z.number(),
  successRate: z.number(),
  /** Test calls today: not in the four figures above. */
  testCallsToday: z.number(),
});
export type Stats = z.infer<typeof Stats>;

// --- What calls came to, counted -----------------------------------------------------------------

/** Outcomes that count as a conversion: a booking, or a person interested or qualified. */
export const CONVERTED_DISPOSITIONS = [
  "booked",
  "interested",
  "qualified",
] as const satisfies readonly CallDisposition[];

/**
 * Ended real calls (test calls left out) by what they came to. `answered`: a person took part
 * (the caller spoke, and it was not an answering machine). `conversionRate`: booked, interested
 * and qualified calls over answered ones, percent to one decimal; 0 with none answered.
 */
export const CallOutcomeCountsOut = z.object({
  calls: z.number().int(),
  answered: z.number().int(),
  booked: z.number().int(),
  interested: z.number().int(),
  qualified: z.number().int(),
  callBacks: z.number().int(),
  notInterested: z.number().int(),
  doNotCall: z.number().int(),
  wrongNumber: z.number().int(),
  voicemail: z.number().int(),
  transferred: z.number().int(),
  /** Calls that came to no outcome. */
  noOutcome: z.number().int(),
  conversionRate: z.number(),
});
export type CallOutcomeCounts = z.infer<typeof CallOutcomeCountsOut>;

// --- A contact's calls --------------------------------------------------------------------------

/** GET /api/contacts/:id/calls: a page of the calls to and from one contact, newest first. */
export const ContactCallsQuery = z.object({
  page: z.coerce
    .number({ error: "page must be a number" })
    .int("page must be a whole number")
    .min(1, "page starts at 1")
    .max(MAX_PAGE, "page is at most 1,000,000")
    .default(1),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit is at least 1")
    .max(50, "limit is at most 50")
    .default(10),
});
export type ContactCallsQuery = z.input<typeof ContactCallsQuery>;

/** One call in a contact's history: when, how long, and what it came to. */
export const ContactCallOut = CallOut.pick({
  id: true,
  phoneNumber: true,
  direction: true,
  status: true,
  isActive: true,
  isTest: true,
  simulated: true,
  callType: true,
  startTime: true,
  endTime: true,
  duration: true,
  actionTaken: true,
  summary: true,
  disposition: true,
  callbackAt: true,
  bookedAppointment: true,
});
export type ContactCall = z.infer<typeof ContactCallOut>;

export const ContactCallsResponse = z.object({
  contact: z.object({
    id: z.string(),
    name: z.string(),
    phoneNumber: z.string().nullable(),
    /** The call back the contact is due, from the latest call that asked for one. */
    scheduledCallback: z.string().nullable(),
  }),
  calls: z.array(ContactCallOut),
  pagination: z.object({
    page: z.number(),
    limit: z.number(),
    total: z.number(),
    totalPages: z.number(),
    hasPrev: z.boolean(),
    hasNext: z.boolean(),
  }),
});
export type ContactCallsResponse = z.infer<typeof ContactCallsResponse>;

// --- Deleting calls -----------------------------------------------------------------------------

export const DELETE_LIVE_CALL_MESSAGE = "This call is still in progress. End it first, then delete it.";
export const DELETE_IDS_MAX = 100;
export const DeleteCallsRequest = z.object({
  ids: z
    .array(z.uuid("That call id is not valid"), { error: "Send the ids of the calls to delete" })
    .min(1, "Choose at least one call to delete")
    .max(DELETE_IDS_MAX, `Delete at most ${DELETE_IDS_MAX} calls at a time`),
});
export type DeleteCallsRequest = z.input<typeof DeleteCallsRequest>;
export const DeleteCallsResponse = z.object({ deleted: z.number().int() });
export type DeleteCallsResponse = z.infer<typeof DeleteCallsResponse>;
/** Deleting every test call: the ones still live are kept (and counted here). */
export const DeleteTestCallsResponse = z.object({
  deleted: z.number().int(),
  stillLive: z.number().int(),
});
export type DeleteTestCallsResponse = z.infer<typeof DeleteTestCallsResponse>;

/** Events on /api/events (server-sent). */
export type CallEvent =
  | JobEventOut
  | { type: "call.started"; callId: string }
  | { type: "call.updated"; callId: string; lines?: string[] }
  | { type: "call.ended"; callId: string }
  | { type: "appointment.created"; appointmentId: string }
  // The business phone system: a caller left a message; its words are ready.
  | { type: "voicemail.received"; voicemailId: string; from: string }
  | { type: "voicemail.transcribed"; voicemailId: string };
