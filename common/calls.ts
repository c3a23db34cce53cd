import { z } from "zod";

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

/** Spec 1 §9: transcript preview length in lists. */
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
  transferredAt: z.string().nullable(),
});
export type Call = z.infer<typeof CallOut>;

const PHONE_REQUIRED = "Please enter a phone number";

export const SimulateCallRequest = z.object({
  phoneNumber: z
    .string({ error: PHONE_REQUIRED })
    .trim()
    .min(1, PHONE_REQUIRED)
    .max(40, "That phone number is too long"),
  callerName: z.string().trim().max(120, "Caller name must be at most 120 characters").optional(),
});
export type SimulateCallRequest = z.input<typeof SimulateCallRequest>;

export const CALLER_TEXT_MAX = 2000;
export const BLANK_TEXT_MESSAGE = "Please type what the caller says";

/** A typed caller line (JSON alternative to the multipart upload). */
export const CallerText = z.object({
  text: z
    .string({ error: BLANK_TEXT_MESSAGE })
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

export const CallIdParams = z.object({ id: z.uuid("That call id is not valid") });

export const PatchCallRequest = z
  .object({
    isActive: z.boolean().optional(),
    endTime: z.iso.datetime({ offset: true, error: "endTime must be an ISO date-time" }).optional(),
    status: z.enum(["completed", "missed"], { error: "status must be completed or missed" }).optional(),
    duration: z.number().int().min(0).optional(),
    notes: z.string().max(5000).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");

export const HoldRequest = z.object({ isOnHold: z.boolean({ error: "isOnHold must be true or false" }) });

export const CALL_SORTS = ["createdAt", "duration", "importance"] as const;
export const CALL_FILTERS = ["all", ...CLASSIFICATIONS] as const;

export const CallListQuery = z.object({
  page: z.coerce.number({ error: "page must be a number" }).int().min(1, "page starts at 1").default(1),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int()
    .min(1)
    .max(100, "limit is at most 100")
    .default(10),
  filter: z.enum(CALL_FILTERS, { error: `filter must be one of ${CALL_FILTERS.join(", ")}` }).default("all"),
  search: z.string().trim().max(100, "search is at most 100 characters").optional(),
  sortBy: z
    .enum(CALL_SORTS, { error: `sortBy must be one of ${CALL_SORTS.join(", ")}` })
    .default("createdAt"),
  sortOrder: z.enum(["asc", "desc"], { error: "sortOrder must be asc or desc" }).default("desc"),
  active: z.enum(["true", "false"], { error: "active must be true or false" }).optional(),
});
export type CallListQuery = z.input<typeof CallListQuery>;
export type CallListParams = z.output<typeof CallListQuery>;

/** The history's filters, for the CSV export (no paging: it streams everything that matches). */
export const CallExportQuery = CallListQuery.pick({
  filter: true,
  search: true,
  sortBy: true,
  sortOrder: true,
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
    /** A search counts at most 500 matches; true when there are more than that. */
    totalCapped: z.boolean().optional(),
  }),
  summary: z.object({
    totalCalls: z.number(),
    spamBlocked: z.number(),
    appointmentsScheduled: z.number(),
    supportResolved: z.number(),
    averageDuration: z.number(),
  }),
});
export type CallListResponse = z.infer<typeof CallListResponse>;

export const Stats = z.object({
  todaysCalls: z.number(),
  spamBlocked: z.number(),
  appointments: z.number(),
  successRate: z.number(),
});
export type Stats = z.infer<typeof Stats>;

/** Events on /api/events (server-sent). */
export type CallEvent =
  | { type: "call.started"; callId: string }
  | { type: "call.updated"; callId: string; lines?: string[] }
  | { type: "call.ended"; callId: string }
  | { type: "appointment.created"; appointmentId: string };
