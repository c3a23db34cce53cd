import { z } from "zod";
import { dateTime, safeString } from "./text";

/**
 * The autodialer's contract (Autodialer; the spec campaigns and
 * campaign_leads): campaigns, their leads, dial attempts and dispositions, callbacks,
 * agents and the agent console, stats and abandonment. Routes live under /api/autodialer.
 * Percentages are numbers from 0 to 100 with one decimal; times are ISO 8601 strings.
 */

// ---------------------------------------------------------------------------------------------
// Enums and constants

export const DIALING_MODES = ["predictive", "progressive", "preview", "manual"] as const;
export type DialingMode = (typeof DIALING_MODES)[number];
export const DIALING_MODE_LABELS: Record<DialingMode, string> = {
  predictive: "Predictive",
  progressive: "Progressive",
  preview: "Preview",
  manual: "Manual",
};

/** Start moves a campaign to active, Pause to paused. */
export const CAMPAIGN_STATUSES = ["active", "paused", "completed", "scheduled"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Autodialer agent statuses. */
export const AGENT_STATUSES = ["available", "busy", "on_call", "break", "offline"] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];
/** What an agent may set themselves; on_call is set by the dialer when a call is connected. */
export const SETTABLE_AGENT_STATUSES = ["available", "busy", "break", "offline"] as const;
export type SettableAgentStatus = (typeof SETTABLE_AGENT_STATUSES)[number];

/**
 * A lead's place in the campaign. new: never dialled. retry: dialled, due again after the
 * campaign's minimum time between attempts. callback: a callback is scheduled. dialing: an
 * attempt is live. completed: a final disposition. do_not_call: never dialled again.
 * exhausted: the campaign's maximum attempts were made.
 */
export const LEAD_STATUSES = [
  "new",
  "retry",
  "callback",
  "dialing",
  "completed",
  "do_not_call",
  "exhausted",
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** The statuses the dialer may pick a lead in (when it is due). */
export const DIALABLE_LEAD_STATUSES = ["new", "retry", "callback"] as const satisfies readonly LeadStatus[];

/**
 * One dial attempt's life: queued (claimed, not yet dialled) → dialing → ringing → answered (by
 * a person, waiting for an agent) → connected (talking to an agent) → completed; or it ends as
 * abandoned (answered by a person, no agent within 2 seconds: the safe-harbor message),
 * machine, busy, no_answer or failed.
 */
export const ATTEMPT_STATES = [
  "queued",
  "dialing",
  "ringing",
  "answered",
  "connected",
  "abandoned",
  "machine",
  "busy",
  "no_answer",
  "failed",
  "completed",
] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];
/** An attempt in these states holds a line. */
export const LIVE_ATTEMPT_STATES = [
  "queued",
  "dialing",
  "ringing",
  "answered",
  "connected",
] as const satisfies readonly AttemptState[];
export const ENDED_ATTEMPT_STATES = [
  "abandoned",
  "machine",
  "busy",
  "no_answer",
  "failed",
  "completed",
] as const satisfies readonly AttemptState[];
export type EndedAttemptState = (typeof ENDED_ATTEMPT_STATES)[number];

/** The flags a disposition carries. `final`: the lead is not dialled again. */
export type DispositionFlags = {
  humanAnswered: boolean;
  sale: boolean;
  doNotCall: boolean;
  callback: boolean;
  final: boolean;
};

/** Disposition codes. `byAgent`: offered on the agent console; the others the dialer sets. */
export const DISPOSITIONS = {
  sale: {
    label: "Sale",
    byAgent: true,
    humanAnswered: true,
    sale: true,
    doNotCall: false,
    callback: false,
    final: true,
  },
  interested: {
    label: "Interested",
    byAgent: true,
    humanAnswered: true,
    sale: false,
    doNotCall: false,
    callback: false,
    final: true,
  },
  appointment: {
    label: "Appointment booked",
    byAgent: true,
    humanAnswered: true,
    sale: false,
    doNotCall: false,
    callback: false,
    final: true,
  },
  not_interested: {
    label: "Not interested",
    byAgent: true,
    humanAnswered: true,
    sale: false,
    doNotCall: false,
    callback: false,
    final: true,
  },
  callback: {
    label: "Call back",
    byAgent: true,
    humanAnswered: true,
    sale: false,
    doNotCall: false,
    callback: true,
    final: false,
  },
  do_not_call: {
    label: "Do not call",
    byAgent: true,
    humanAnswered: true,
    sale: false,
    doNotCall: true,
    callback: false,
    final: true,
  },
  wrong_number: {
    label: "Wrong number",
    byAgent: true,
    humanAnswered: true,
    sale: false,
    doNotCall: false,
    callback: false,
    final: true,
  },
  no_contact: {
    label: "No contact (dead air)",
    byAgent: true,
    humanAnswered: false,
    sale: false,
    doNotCall: false,
    callback: false,
    final: false,
  },
  answering_machine: {
    label: "Answering machine",
    byAgent: true,
    humanAnswered: false,
    sale: false,
    doNotCall: false,
    callback: false,
    final: false,
  },
  no_answer: {
    label: "No answer",
    byAgent: false,
    humanAnswered: false,
    sale: false,
    doNotCall: false,
    callback: false,
    final: false,
  },
  busy: {
    label: "Busy",
    byAgent: false,
    humanAnswered: false,
    sale: false,
    doNotCall: false,
    callback: false,
    final: false,
  },
  failed: {
    label: "Failed",
    byAgent: false,
    humanAnswered: false,
    sale: false,
    doNotCall: false,
    callback: false,
    final: false,
  },
  abandoned: {
    label: "Abandoned (safe-harbor message)",
    byAgent: false,
    humanAnswered: true,
    sale: false,
    doNotCall: false,
    callback: false,
    final: false,
  },
} as const satisfies Record<string, DispositionFlags & { label: string; byAgent: boolean }>;
export type DispositionCode = keyof typeof DISPOSITIONS;
export const DISPOSITION_CODES = Object.keys(DISPOSITIONS) as [DispositionCode, ...DispositionCode[]];
export const AGENT_DISPOSITION_CODES = DISPOSITION_CODES.filter((code) => DISPOSITIONS[code].byAgent);

/** A new campaign's settings. */
export const CAMPAIGN_DEFAULTS = {
  dialingMode: "predictive" as DialingMode,
  maxLines: 15,
  dialRatio: 2.5,
  status: "paused" as CampaignStatus,
  maxAttempts: 3,
  /** Minimum time between two attempts on one lead. */
  retryMinutes: 60,
  /** An abandoned call's lead is not redialled for this long. */
  abandonedRetryMinutes: 24 * 60,
  /** The campaign's own calling hours, in the callee's time zone, inside the legal window. */
  callingHoursStart: "08:00",
  callingHoursEnd: "21:00",
  /** Predictive pacing's abandonment target (percent of calls answered by a person). */
  abandonTargetPercent: 2,
};
/** A rep's wrap-up after each call, before the dialer offers the next, unless set per campaign. */
export const DEFAULT_WRAP_UP_SECONDS = 30;
export const MAX_WRAP_UP_SECONDS = 600;
export const WRAP_UP_RANGE = `Wrap-up time must be a whole number of seconds from 0 to ${MAX_WRAP_UP_SECONDS}`;
export const DIAL_RATIO_STEP = 0.1;
export const MIN_DIAL_RATIO = 1;
export const MAX_DIAL_RATIO = 10;
export const MAX_LINES_LIMIT = 1000;
export const MAX_ATTEMPTS_LIMIT = 20;
/** 3% of calls answered by a person is the hard ceiling: the campaign drops to progressive. */
export const ABANDON_CEILING_PERCENT = 3;
/** The campaign shows a warning from this rate on (nearing the ceiling). */
export const ABANDON_WARNING_PERCENT = 2.5;
/** The legal calling window in the callee's own time zone. */
export const LEGAL_WINDOW = { start: "08:00", end: "21:00" } as const;
/** A call must ring at least this long before the dialer gives up on it. */
export const MIN_RING_SECONDS = 15;
/** An answered call gets an agent within this, or the safe-harbor message. */
export const SAFE_HARBOR_SECONDS = 2;
/** Lines per leads request (text lines or objects) and per import from the lead manager. */
export const MAX_LEADS_PER_REQUEST = 10_000;
export const DEFAULT_LEADS_PAGE = 50;
export const MAX_LEADS_PAGE = 200;

// ---------------------------------------------------------------------------------------------
// Messages: the spec toasts, and the server's validation texts

export const DIALER_MESSAGES = {
  createFailed: "Failed to create campaign",
  addLeadsFailed: "Failed to add leads",
  startFailed: "Failed to start campaign",
  pauseFailed: "Failed to pause campaign",
  importFailed: "Failed to import leads",
  created: "Campaign created successfully",
  leadsAdded: "Leads added successfully",
  started: "Campaign started successfully",
  paused: "Campaign paused successfully",
  imported: "Leads imported from Lead Manager successfully",
} as const;

export const NAME_REQUIRED = "Please enter a campaign name";
export const INVALID_MODE = "Dialing mode must be predictive, progressive, preview or manual";
export const MAX_LINES_RANGE = `Max lines must be a whole number from 1 to ${MAX_LINES_LIMIT}`;
export const DIAL_RATIO_RANGE = `Dial ratio must be from ${MIN_DIAL_RATIO} to ${MAX_DIAL_RATIO} in steps of ${DIAL_RATIO_STEP}`;
export const MAX_ATTEMPTS_RANGE = `Max attempts must be a whole number from 1 to ${MAX_ATTEMPTS_LIMIT}`;
export const RETRY_MINUTES_RANGE =
  "Minutes between attempts must be a whole number from 1 to 43200 (30 days)";
export const HOURS_FORMAT = "Calling hours must be times like 09:00";
export const HOURS_ORDER = "The calling hours must end after they start";
export const HOURS_OUTSIDE_LAW = "Calling hours must be between 08:00 and 21:00 (the callee's time)";
export const ABANDON_TARGET_RANGE = `The abandonment target must be from 0.1% to ${ABANDON_CEILING_PERCENT}%`;
export const LEADS_REQUIRED = "Please select a campaign and enter leads";
export const NO_VALID_LEADS = "None of the lines has a phone number that can be dialled";
export const CONTACTS_REQUIRED = "Choose at least one contact to import";
export const INVALID_PHONE = "Please enter a valid phone number";
export const CAMPAIGN_COMPLETED = "This campaign is completed. Add leads to start it again.";
export const CAMPAIGN_HAS_NO_LEADS = "Add leads to this campaign before starting it";
export const NO_AI_CONSENT_LEADS =
  "This campaign is staffed by AI agents, and none of its leads has consent for AI-voice calls";
export const AGENT_NOT_MEMBER = "That agent is not a member of this workspace";
export const NOT_YOUR_CALL = "That call is not yours to end";
export const CALL_NOT_CONNECTED = "That call has already ended";
export const CALLBACK_TIME_REQUIRED = "Choose when to call back";
export const CALLBACK_IN_PAST = "The callback time has already passed. Choose a time in the future.";
export const INVALID_DISPOSITION = `Disposition must be one of ${AGENT_DISPOSITION_CODES.join(", ")}`;
export const ON_CALL_IS_SET_BY_DIALER = "Status must be available, busy, break or offline";
export const NOTES_TOO_LONG = "Notes must be at most 2000 characters";

/** The line's number for the add-leads dialog's rejects: "Line 3: Please enter a valid phone number". */
export function lineMessage(line: number, message: string): string {
  return `Line ${line}: ${message}`;
}

/** The plan's limit on lines dialled at once (402 when a campaign's lines would pass it). */
export function lineLimitMessage(planName: string, limit: number): string {
  return `The ${planName} plan dials at most ${limit} lines at the same time. Lower Max lines or upgrade your plan.`;
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const hours = z.string({ error: HOURS_FORMAT }).regex(HHMM, HOURS_FORMAT);
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const optionalText = (label: string, max: number) =>
  safeString(label)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

/** For a change: absent stays absent (no change); empty or null clears the field. */
const changedText = (label: string, max: number) =>
  safeString(label)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const dialRatio = z
  .number({ error: DIAL_RATIO_RANGE })
  .min(MIN_DIAL_RATIO, DIAL_RATIO_RANGE)
  .max(MAX_DIAL_RATIO, DIAL_RATIO_RANGE)
  .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6, DIAL_RATIO_RANGE)
  .transform((value) => Math.round(value * 10) / 10);

/** One disposition a campaign offers: an agent disposition code under the campaign's own label. */
export const CampaignDispositionIn = z.object({
  code: z.enum(AGENT_DISPOSITION_CODES as [DispositionCode, ...DispositionCode[]], {
    error: INVALID_DISPOSITION,
  }),
  label: safeString("Disposition label")
    .trim()
    .min(1, "Give the disposition a label")
    .max(60, "A disposition label must be at most 60 characters"),
});
export type CampaignDispositionIn = z.infer<typeof CampaignDispositionIn>;

/** The dispositions a campaign offers when it has no list of its own. */
export const DEFAULT_CAMPAIGN_DISPOSITIONS: CampaignDispositionIn[] = AGENT_DISPOSITION_CODES.map((code) => ({
  code,
  label: DISPOSITIONS[code].label,
}));

/** An AI agent (agents issue) staffing the campaign, with the calls it takes at once. */
export const AiAgentStaffing = z.object({
  agentId: z.uuid("That AI agent id is not valid"),
  concurrentCalls: wholeNumber("Concurrent calls must be a whole number from 1 to 100", 1, 100),
});
export type AiAgentStaffing = z.infer<typeof AiAgentStaffing>;

const campaignFields = {
  description: optionalText("Description", 2000),
  dialingMode: z.enum(DIALING_MODES, { error: INVALID_MODE }),
  maxLines: wholeNumber(MAX_LINES_RANGE, 1, MAX_LINES_LIMIT),
  dialRatio,
  maxAttempts: wholeNumber(MAX_ATTEMPTS_RANGE, 1, MAX_ATTEMPTS_LIMIT),
  retryMinutes: wholeNumber(RETRY_MINUTES_RANGE, 1, 43_200),
  abandonedRetryMinutes: wholeNumber(
    "Minutes before an abandoned call is redialled must be a whole number from 60 to 43200",
    60,
    43_200,
  ),
  callingHoursStart: hours,
  callingHoursEnd: hours,
  abandonTargetPercent: z
    .number({ error: ABANDON_TARGET_RANGE })
    .min(0.1, ABANDON_TARGET_RANGE)
    .max(ABANDON_CEILING_PERCENT, ABANDON_TARGET_RANGE),
  /** Played to an answering machine; none: hang up without a message. */
  voicemailMessage: optionalText("Voicemail message", 1000),
  /** The safe-harbor message's business name (default: the workspace's company name). */
  businessName: optionalText("Business name", 120),
  /** The safe-harbor message's call-back number (stored in E.164). */
  callbackNumber: optionalText("Call-back number", 40),
  /** AI agents staffing the campaign; such campaigns dial only leads with AI-voice consent. */
  aiAgents: z.array(AiAgentStaffing, { error: "aiAgents must be a list" }).max(20),
  /** Start on its own at this time (status scheduled until then). */
  scheduledStartAt: dateTime("scheduledStartAt").nullish(),
  /** Seconds a rep wraps up after a call before the dialer offers them the next (Ready ends it sooner). */
  wrapUpSeconds: wholeNumber(WRAP_UP_RANGE, 0, MAX_WRAP_UP_SECONDS),
  /** The dispositions the console offers on this campaign's calls, in order; null: the defaults. */
  dispositions: z
    .array(CampaignDispositionIn, { error: "Dispositions must be a list" })
    .min(1, "Offer at least one disposition")
    .max(AGENT_DISPOSITION_CODES.length)
    .refine((list) => new Set(list.map((entry) => entry.code)).size === list.length, {
      message: "Each disposition may be offered once",
    })
    .nullish(),
  /** The script the console shows the rep (one of the workspace's AI scripts); null: none. */
  scriptId: z.uuid("That script id is not valid").nullish(),
};

function hoursInOrder(body: { callingHoursStart?: string; callingHoursEnd?: string }): boolean {
  if (!body.callingHoursStart || !body.callingHoursEnd) return true;
  return minutesOf(body.callingHoursEnd) > minutesOf(body.callingHoursStart);
}
function hoursInsideLaw(body: { callingHoursStart?: string; callingHoursEnd?: string }): boolean {
  const start = body.callingHoursStart ? minutesOf(body.callingHoursStart) : minutesOf(LEGAL_WINDOW.start);
  const end = body.callingHoursEnd ? minutesOf(body.callingHoursEnd) : minutesOf(LEGAL_WINDOW.end);
  return start >= minutesOf(LEGAL_WINDOW.start) && end <= minutesOf(LEGAL_WINDOW.end);
}

const campaignName = safeString("Campaign name", NAME_REQUIRED)
  .trim()
  .min(1, NAME_REQUIRED)
  .max(120, "Campaign name must be at most 120 characters");

// ---------------------------------------------------------------------------------------------
// Campaigns

/** POST /api/autodialer/campaigns: the create-campaign dialog. Only the name is required. */
export const CampaignCreate = z
  .object({
    name: campaignName,
    description: campaignFields.description,
    dialingMode: campaignFields.dialingMode.default(CAMPAIGN_DEFAULTS.dialingMode),
    maxLines: campaignFields.maxLines.default(CAMPAIGN_DEFAULTS.maxLines),
    dialRatio: campaignFields.dialRatio.default(CAMPAIGN_DEFAULTS.dialRatio),
    maxAttempts: campaignFields.maxAttempts.default(CAMPAIGN_DEFAULTS.maxAttempts),
    retryMinutes: campaignFields.retryMinutes.default(CAMPAIGN_DEFAULTS.retryMinutes),
    abandonedRetryMinutes: campaignFields.abandonedRetryMinutes.default(
      CAMPAIGN_DEFAULTS.abandonedRetryMinutes,
    ),
    callingHoursStart: campaignFields.callingHoursStart.default(CAMPAIGN_DEFAULTS.callingHoursStart),
    callingHoursEnd: campaignFields.callingHoursEnd.default(CAMPAIGN_DEFAULTS.callingHoursEnd),
    abandonTargetPercent: campaignFields.abandonTargetPercent.default(CAMPAIGN_DEFAULTS.abandonTargetPercent),
    voicemailMessage: campaignFields.voicemailMessage,
    businessName: campaignFields.businessName,
    callbackNumber: campaignFields.callbackNumber,
    aiAgents: campaignFields.aiAgents.default([]),
    scheduledStartAt: campaignFields.scheduledStartAt,
    wrapUpSeconds: campaignFields.wrapUpSeconds.default(DEFAULT_WRAP_UP_SECONDS),
    dispositions: campaignFields.dispositions,
    scriptId: campaignFields.scriptId,
  })
  .refine(hoursInOrder, { message: HOURS_ORDER, path: ["callingHoursEnd"] })
  .refine(hoursInsideLaw, { message: HOURS_OUTSIDE_LAW, path: ["callingHoursStart"] });
export type CampaignCreate = z.input<typeof CampaignCreate>;
export type CampaignCreateParsed = z.output<typeof CampaignCreate>;

/** PATCH /api/autodialer/campaigns/:id: any field; absent stays as it is. */
export const CampaignUpdate = z
  .object({
    name: campaignName.optional(),
    description: changedText("Description", 2000),
    dialingMode: campaignFields.dialingMode.optional(),
    maxLines: campaignFields.maxLines.optional(),
    dialRatio: campaignFields.dialRatio.optional(),
    maxAttempts: campaignFields.maxAttempts.optional(),
    retryMinutes: campaignFields.retryMinutes.optional(),
    abandonedRetryMinutes: campaignFields.abandonedRetryMinutes.optional(),
    callingHoursStart: campaignFields.callingHoursStart.optional(),
    callingHoursEnd: campaignFields.callingHoursEnd.optional(),
    abandonTargetPercent: campaignFields.abandonTargetPercent.optional(),
    voicemailMessage: changedText("Voicemail message", 1000),
    businessName: changedText("Business name", 120),
    callbackNumber: changedText("Call-back number", 40),
    aiAgents: campaignFields.aiAgents.optional(),
    scheduledStartAt: campaignFields.scheduledStartAt,
    wrapUpSeconds: campaignFields.wrapUpSeconds.optional(),
    dispositions: campaignFields.dispositions,
    scriptId: campaignFields.scriptId,
  })
  .refine(hoursInOrder, { message: HOURS_ORDER, path: ["callingHoursEnd"] })
  .refine(hoursInsideLaw, { message: HOURS_OUTSIDE_LAW, path: ["callingHoursStart"] });
export type CampaignUpdate = z.input<typeof CampaignUpdate>;

export const CampaignIdParams = z.object({ id: z.uuid("That campaign id is not valid") });

/** Autodialer campaign, with the spec's counters and the pacing, hours and retry settings. */
export const CampaignOut = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  dialingMode: z.enum(DIALING_MODES),
  maxLines: z.number(),
  dialRatio: z.number(),
  status: z.enum(CAMPAIGN_STATUSES),
  totalLeads: z.number(),
  /** Leads the dialer may still call (new, retry or callback). */
  dialableLeads: z.number(),
  completedCalls: z.number(),
  successfulConnections: z.number(),
  maxAttempts: z.number(),
  retryMinutes: z.number(),
  abandonedRetryMinutes: z.number(),
  callingHoursStart: z.string(),
  callingHoursEnd: z.string(),
  abandonTargetPercent: z.number(),
  voicemailMessage: z.string().nullable(),
  businessName: z.string().nullable(),
  callbackNumber: z.string().nullable(),
  aiAgents: z.array(AiAgentStaffing),
  scheduledStartAt: z.string().nullable(),
  /** Predictive pacing fell to progressive after passing the 3% ceiling. */
  droppedToProgressive: z.boolean(),
  /** The lines the plan lets it dial at once (min of maxLines and the plan's limit); null: no plan limit. */
  planLineLimit: z.number().nullable(),
  startedAt: z.string().nullable(),
  wrapUpSeconds: z.number().int(),
  /** What the console offers on its calls (its own list, or the defaults). */
  dispositions: z.array(z.object({ code: z.enum(DISPOSITION_CODES), label: z.string() })),
  /** Whether the list is the campaign's own (false: the defaults). */
  ownDispositions: z.boolean(),
  scriptId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof CampaignOut>;

// ---------------------------------------------------------------------------------------------
// Leads

/** One lead as the add-leads dialog sends it (or one text line read into it). */
export const LeadInput = z.object({
  phoneNumber: safeString("Phone number", INVALID_PHONE).trim().min(1, INVALID_PHONE).max(40, INVALID_PHONE),
  firstName: optionalText("First name", 120),
  lastName: optionalText("Last name", 120),
  company: optionalText("Company", 200),
  email: optionalText("Email", 254),
  notes: optionalText("Notes", 2000),
  /** IANA zone; else the dialer reads it from the postal code, then the number's area code. */
  timeZone: optionalText("Time zone", 64),
  postalCode: optionalText("Postal code", 20),
  priority: z.number().int().min(1).max(10).default(1),
  /** Recorded consent for AI-voice calls, and where it came from (a form, a recording, ...). */
  aiVoiceConsent: z.boolean().default(false),
  consentSource: optionalText("Consent source", 200),
});
export type LeadInput = z.input<typeof LeadInput>;

/**
 * POST /api/autodialer/campaigns/:id/leads. `text`: the dialog's lines, each "phone, first
 * name, last name, company, email"; or `leads`: objects. One of the two is required.
 */
export const LeadsAdd = z
  .object({
    text: safeString("Leads").max(2_000_000, "Paste at most 10,000 lines at a time").optional(),
    leads: z.array(LeadInput).max(MAX_LEADS_PER_REQUEST, "Add at most 10,000 leads at a time").optional(),
  })
  .refine((body) => Boolean(body.text?.trim()) || Boolean(body.leads?.length), { message: LEADS_REQUIRED });
export type LeadsAdd = z.input<typeof LeadsAdd>;

/** POST .../:id/import-leads: contacts from the lead manager; absent = every contact with a phone number. */
export const LeadsImport = z.object({
  contactIds: z
    .array(z.uuid("That contact id is not valid"))
    .min(1, CONTACTS_REQUIRED)
    .max(MAX_LEADS_PER_REQUEST, "Import at most 10,000 contacts at a time")
    .optional(),
});
export type LeadsImport = z.input<typeof LeadsImport>;

/** A line (or a chosen contact) not added, and why; `line` counts from 1 in the text or the list. */
export const LeadRejectOut = z.object({
  line: z.number(),
  message: z.string(),
  contactId: z.string().nullable(),
});
export type LeadReject = z.infer<typeof LeadRejectOut>;

/** What adding or importing leads did. */
export const LeadsAddResult = z.object({
  message: z.string(),
  added: z.number(),
  /** Already in the campaign (same number). */
  duplicates: z.number(),
  /** Added, but on a do-not-call list: kept and never dialled. */
  doNotCall: z.number(),
  rejected: z.array(LeadRejectOut),
  totalLeads: z.number(),
});
export type LeadsAddResult = z.infer<typeof LeadsAddResult>;

export const ScheduledCallbackOut = z.object({
  id: z.string(),
  at: z.string(),
  /** true: only `agentId` takes it; false: any agent. */
  agentOnly: z.boolean(),
  agentId: z.string().nullable(),
  agentName: z.string().nullable(),
});
export type ScheduledCallback = z.infer<typeof ScheduledCallbackOut>;

/** Autodialer lead. `disposition` is the last attempt's. */
export const LeadOut = z.object({
  id: z.string(),
  campaignId: z.string(),
  contactId: z.string().nullable(),
  phoneNumber: z.string(),
  phoneE164: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  company: z.string().nullable(),
  email: z.string().nullable(),
  priority: z.number(),
  status: z.enum(LEAD_STATUSES),
  attempts: z.number(),
  notes: z.string().nullable(),
  lastCallDate: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  scheduledCallback: ScheduledCallbackOut.nullable(),
  disposition: z.enum(DISPOSITION_CODES).nullable(),
  timeZone: z.string().nullable(),
  postalCode: z.string().nullable(),
  aiVoiceConsent: z.boolean(),
  consentSource: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lead = z.infer<typeof LeadOut>;

export const LeadListQuery = z.object({
  status: z.enum(LEAD_STATUSES, { error: `Status must be one of ${LEAD_STATUSES.join(", ")}` }).optional(),
  page: z.coerce.number({ error: "page must be a whole number" }).int().min(1).default(1),
  limit: z.coerce
    .number({ error: "limit must be a whole number" })
    .int()
    .min(1)
    .max(MAX_LEADS_PAGE, `limit must be at most ${MAX_LEADS_PAGE}`)
    .default(DEFAULT_LEADS_PAGE),
});
export type LeadListQuery = z.input<typeof LeadListQuery>;
export const LeadPage = z.object({ leads: z.array(LeadOut), total: z.number() });
export type LeadPage = z.infer<typeof LeadPage>;

// ---------------------------------------------------------------------------------------------
// The campaign's own do-not-call list

export const CampaignDoNotCallOut = z.object({
  id: z.string(),
  phoneNumber: z.string(),
  phoneE164: z.string(),
  createdAt: z.string(),
});
export type CampaignDoNotCall = z.infer<typeof CampaignDoNotCallOut>;
export const CampaignDoNotCallCreate = z.object({
  phoneNumber: safeString("Phone number", INVALID_PHONE).trim().min(1, INVALID_PHONE).max(40, INVALID_PHONE),
});
export type CampaignDoNotCallCreate = z.input<typeof CampaignDoNotCallCreate>;
export const CampaignDoNotCallParams = z.object({
  id: z.uuid("That campaign id is not valid"),
  entryId: z.uuid("That do-not-call entry id is not valid"),
});

// ---------------------------------------------------------------------------------------------
// Stats and abandonment

/** Abandoned calls over calls answered by a person, for one period. */
export const AbandonmentFigure = z.object({
  abandoned: z.number(),
  answeredByPerson: z.number(),
  /** abandoned / answeredByPerson × 100; 0 when nobody answered. */
  ratePercent: z.number(),
});
export type AbandonmentFigure = z.infer<typeof AbandonmentFigure>;

export const AbandonmentOut = z.object({
  today: AbandonmentFigure,
  last30Days: AbandonmentFigure,
  campaign: AbandonmentFigure,
  targetPercent: z.number(),
  ceilingPercent: z.number(),
  /** The higher of the 30-day and campaign rates is at or past ABANDON_WARNING_PERCENT. */
  nearCeiling: z.boolean(),
});
export type Abandonment = z.infer<typeof AbandonmentOut>;

/**
 * GET /api/autodialer/campaigns/:id/stats (campaign stats). Today is the workspace's
 * day. contactRate: attempts answered by a person over attempts dialled today, percent.
 * callsPerHour: attempts dialled in the last 60 minutes.
 */
export const CampaignStatsOut = z.object({
  dialedToday: z.number(),
  connectedToday: z.number(),
  contactRate: z.number(),
  callsPerHour: z.number(),
  activeLines: z.number(),
  abandonment: AbandonmentOut,
  /**
   * The campaign's leads by disposition, most first (leads with none left out). `byAi`: of
   * those, the ones an AI agent's call settled (what the conversation came to).
   */
  dispositions: z.array(
    z.object({
      code: z.enum(DISPOSITION_CODES),
      label: z.string(),
      leads: z.number().int(),
      byAi: z.number().int(),
    }),
  ),
});
export type CampaignStats = z.infer<typeof CampaignStatsOut>;

// ---------------------------------------------------------------------------------------------
// Agents and the agent console

/** GET /api/autodialer/agents: workspace members (every role can take calls), the spec. */
export const DialerAgentOut = z.object({
  id: z.string(),
  name: z.string(),
  /** 101, 102, ... in the order members joined (the spec's extension). */
  extension: z.string(),
  status: z.enum(AGENT_STATUSES),
  statusSince: z.string().nullable(),
  /** The campaign the member chose to work; null: any active campaign. */
  campaignId: z.string().nullable(),
  /** Working any campaign: the one the dialer has them on now (null: none, or they chose one). */
  workingCampaignId: z.string().nullable(),
  currentCalls: z.number(),
  totalCallsToday: z.number(),
  /** Wrapping up the last call until then (status busy); the dialer offers no call before it. */
  wrapUpUntil: z.string().nullable(),
  /** Takes calls on the browser softphone (Twilio). */
  softphone: z.boolean(),
});
export type DialerAgent = z.infer<typeof DialerAgentOut>;

/** PUT /api/autodialer/console/status: the agent's own status, and the campaign they work. */
export const AgentStatusUpdate = z.object({
  status: z.enum(SETTABLE_AGENT_STATUSES, { error: ON_CALL_IS_SET_BY_DIALER }),
  campaignId: z.uuid("That campaign id is not valid").nullish(),
  /** The browser softphone registered (true) or went away (false); absent: unchanged. */
  softphone: z.boolean({ error: "softphone must be true or false" }).optional(),
});
export type AgentStatusUpdate = z.input<typeof AgentStatusUpdate>;

/** The call an agent is on (or wrapping up): the lead, and where the call stands. */
export const CurrentCallOut = z.object({
  attemptId: z.string(),
  campaignId: z.string(),
  campaignName: z.string(),
  /** The calls-table id of the live call (the browser's live-call panel), when placed. */
  callId: z.string().nullable(),
  state: z.enum(ATTEMPT_STATES),
  attemptNumber: z.number(),
  answeredAt: z.string().nullable(),
  connectedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  lead: LeadOut,
});
export type CurrentCall = z.infer<typeof CurrentCallOut>;

export const DispositionOptionOut = z.object({
  code: z.enum(DISPOSITION_CODES),
  label: z.string(),
  humanAnswered: z.boolean(),
  sale: z.boolean(),
  doNotCall: z.boolean(),
  callback: z.boolean(),
  final: z.boolean(),
});

/** GET /api/autodialer/console: what the console shows the signed-in agent. */
export const AgentConsoleOut = z.object({
  agent: DialerAgentOut,
  currentCall: CurrentCallOut.nullable(),
  /** Preview mode: the lead offered to the agent before dialling. */
  previewLead: LeadOut.nullable(),
  /** Callbacks due to this agent (their own and anyone's), soonest first. */
  callbacks: z.array(z.object({ callback: ScheduledCallbackOut, lead: LeadOut, campaignName: z.string() })),
  /** The current call's campaign's dispositions (else the defaults), under its labels. */
  dispositions: z.array(DispositionOptionOut),
  /** The current call's campaign's script: its opening and steps, in order. */
  script: z.object({ id: z.string(), name: z.string(), steps: z.array(z.string()) }).nullable(),
  /** The current call's words so far, one line a turn ("Callee: ...", "Rep: ..."). */
  transcript: z.array(z.string()),
  /** The campaign's wrap-up after a call, in seconds (the current call's, else the one worked). */
  wrapUpSeconds: z.number().int(),
  /** How the rep talks: the browser softphone (Twilio connected) or the carrier simulator. */
  phone: z.enum(["softphone", "simulator"]),
});
export type AgentConsole = z.infer<typeof AgentConsoleOut>;

export const AttemptIdParams = z.object({ attemptId: z.uuid("That call id is not valid") });

export const CallbackRequest = z.object({
  at: dateTime("Callback time", CALLBACK_TIME_REQUIRED),
  /** true: only this agent takes it; false (default): any agent. */
  agentOnly: z.boolean({ error: "agentOnly must be true or false" }).default(false),
});
export type CallbackRequest = z.input<typeof CallbackRequest>;

/** POST /api/autodialer/console/calls/:attemptId/end: hang up and record the outcome. */
export const EndCallRequest = z
  .object({
    disposition: z.enum(AGENT_DISPOSITION_CODES as [DispositionCode, ...DispositionCode[]], {
      error: INVALID_DISPOSITION,
    }),
    notes: safeString("Notes").trim().max(2000, NOTES_TOO_LONG).nullish(),
    /** Required with the callback disposition. */
    callback: CallbackRequest.optional(),
  })
  .refine((body) => body.disposition !== "callback" || body.callback !== undefined, {
    message: CALLBACK_TIME_REQUIRED,
    path: ["callback", "at"],
  });
export type EndCallRequest = z.input<typeof EndCallRequest>;

/** POST /api/autodialer/leads/:leadId/callback: a supervisor or agent schedules one directly. */
export const LeadIdParams = z.object({ leadId: z.uuid("That lead id is not valid") });

/** Start and Pause answer the campaign as it now is. */
export const CampaignActionOut = z.object({ message: z.string(), campaign: CampaignOut });
export type CampaignActionResult = z.infer<typeof CampaignActionOut>;

// ---------------------------------------------------------------------------------------------
// The agent desktop: the simulator's conversation, the softphone, supervisors

/** POST /api/autodialer/console/calls/:attemptId/say: the rep's words on a simulated call. */
export const SayRequest = z.object({
  text: safeString("What you say")
    .trim()
    .min(1, "Type or choose what you say")
    .max(1000, "Say at most 1000 characters at a time"),
  /** The script step the words come from (the console moves to the next). */
  step: z.number().int().min(0).max(200).optional(),
});
export type SayRequest = z.input<typeof SayRequest>;

/** POST .../softphone/token: a Twilio Voice access token for the rep's browser. */
export const SoftphoneTokenOut = z.object({
  token: z.string(),
  identity: z.string(),
  expiresAt: z.string(),
});
export type SoftphoneToken = z.infer<typeof SoftphoneTokenOut>;

/** How many past calls the agent desktop's contact card lists. */
export const LEAD_CALLS_SHOWN = 5;

/**
 * One of a lead's past calls on the agent desktop's contact card (GET
 * /api/autodialer/leads/:leadId/calls): when, which way, what it came to, how long.
 */
export const LeadCallOut = z.object({
  callId: z.string(),
  at: z.string(),
  direction: z.enum(["inbound", "outbound"]),
  /** The rep's disposition on a dialer call, under its campaign's label; else the call's own outcome or status. */
  outcome: z.string(),
  /** The rep's disposition code, when the call was the dialer's and was dispositioned. */
  disposition: z.enum(DISPOSITION_CODES).nullable(),
  /** Seconds. */
  duration: z.number().int(),
});
export type LeadCall = z.infer<typeof LeadCallOut>;
export const LeadCallsOut = z.object({ calls: z.array(LeadCallOut) });
export type LeadCalls = z.infer<typeof LeadCallsOut>;

/**
 * POST /api/autodialer/console/calls/:attemptId/hand-over: a cold transfer of a simulated call
 * to another rep, who takes it on their console; the rep handing over goes to wrap-up.
 */
export const HandOverRequest = z.object({ agentId: z.uuid("Choose the rep to transfer the call to") });
export type HandOverRequest = z.input<typeof HandOverRequest>;

/**
 * GET /api/autodialer/supervisor/calls/:attemptId/listen: a supervisor follows a simulated call
 * read-only: its words so far (the live events bring each new line), and whether it goes on.
 */
export const ListenOut = z.object({
  attemptId: z.string(),
  callId: z.string().nullable(),
  agentName: z.string(),
  leadName: z.string(),
  transcript: z.array(z.string()),
  live: z.boolean(),
});
export type ListenView = z.infer<typeof ListenOut>;

export const HoldRequest = z.object({ hold: z.boolean({ error: "hold must be true or false" }) });

/** A cold transfer hands the customer over and leaves; a warm one brings the other party in first. */
export const TransferRequest = z
  .object({
    warm: z.boolean({ error: "warm must be true or false" }).default(false),
    phoneNumber: safeString("Phone number", INVALID_PHONE).trim().min(1, INVALID_PHONE).max(40).optional(),
    agentId: z.uuid("That agent id is not valid").optional(),
  })
  .refine((body) => Boolean(body.phoneNumber) !== Boolean(body.agentId), {
    message: "Transfer to a phone number or to another agent",
    path: ["phoneNumber"],
  });
export type TransferRequest = z.input<typeof TransferRequest>;

export const MONITOR_MODES = ["listen", "whisper", "barge"] as const;
export type MonitorMode = (typeof MONITOR_MODES)[number];
export const MonitorRequest = z.object({
  mode: z.enum(MONITOR_MODES, { error: "Mode must be listen, whisper or barge" }),
});

/** What a softphone control did: the call's conference as it now is. */
export const SoftphoneCallOut = z.object({
  attemptId: z.string(),
  conference: z.string(),
  onHold: z.boolean(),
  transfer: z.object({ to: z.string(), warm: z.boolean() }).nullable(),
  supervisors: z.array(z.object({ userId: z.string(), mode: z.enum(MONITOR_MODES) })),
});
export type SoftphoneCall = z.infer<typeof SoftphoneCallOut>;

/** GET /api/autodialer/supervisor: every rep's state and live call (admins and the owner). */
export const SupervisorViewOut = z.object({
  agents: z.array(
    z.object({
      agent: DialerAgentOut,
      call: z
        .object({
          attemptId: z.string(),
          campaignName: z.string(),
          leadName: z.string(),
          phoneNumber: z.string(),
          state: z.enum(ATTEMPT_STATES),
          connectedAt: z.string().nullable(),
          /** The last lines said, newest last. */
          transcript: z.array(z.string()),
          /** Carried through a Twilio conference: a supervisor can listen, whisper and barge in. */
          monitorable: z.boolean(),
          /**
           * Carried by the carrier simulator, in words: a supervisor listens by following its live
           * transcript (read-only), the callee's words spoken by their browser.
           */
          followable: z.boolean(),
        })
        .nullable(),
    }),
  ),
});
export type SupervisorView = z.infer<typeof SupervisorViewOut>;
