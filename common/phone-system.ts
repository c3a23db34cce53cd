import { z } from "zod";
import { cleanPhoneNumber, E164, PHONE_INVALID, PHONE_REQUIRED, phoneNumberProblem } from "./telephony";
import { safeString } from "./text";

/**
 * The business phone system (/grasshopper, business phone number, phone analytics
 * and voicemail, endpoints, toasts). Grasshopper has no public API:
 * the numbers, extensions, business hours and routing are ours, on our own telephony.
 */

// --- Spec texts ---

export const NO_API_KEY = "No Grasshopper API key configured";
export const DISCONNECTED = "Disconnected";
export const FETCH_NUMBERS_FAILED = "Failed to fetch phone numbers";
export const FETCH_ANALYTICS_FAILED = "Failed to fetch analytics";
export const FETCH_VOICEMAILS_FAILED = "Failed to fetch voicemails";
export const SETUP_FAILED_TITLE = "Setup Failed";
export const SETUP_FAILED = "Failed to setup routing";
export const CALL_FAILED_TITLE = "Call Failed";
export const CALL_FAILED = "Failed to initiate Grasshopper call";
/** Voicemails shown on the screen. */
export const VOICEMAILS_SHOWN = 5;

// --- Ours ---

export const NUMBER_NOT_FOUND = "That business number was not found";
export const EXTENSION_NOT_FOUND = "That extension was not found";
export const NOT_YOUR_NUMBER =
  "That number is not one of your account's phone numbers. Connect it under Settings, Phone service (a Twilio number), or use your simulator number.";
export const NUMBER_TAKEN = "That number is already a business number";
export const EXTENSION_TAKEN = "That extension digit is already in use on this number";
export const AGENT_NOT_FOUND = "That AI agent was not found";
export const NO_NUMBERS_TO_ROUTE = "Add a business number before setting up call routing";
export const TWILIO_NEEDS_PUBLIC_URL =
  "Set PUBLIC_URL to this app's public address so Twilio can reach it, then set up call routing again";
export const DEFAULT_GREETING = "Thank you for calling.";
/** What a caller hears before recording a voicemail. */
export const VOICEMAIL_PROMPT =
  "Please leave a message after the tone. Press the pound key when you are finished.";
export const AFTER_HOURS_GREETING = "We are closed right now.";
export const UNKNOWN_EXTENSION = "Sorry, that is not a valid extension.";
/** Seconds a forwarded call rings before giving up. */
export const DIAL_TIMEOUT_SECONDS = 20;
/** Longest voicemail, in seconds. */
export const VOICEMAIL_MAX_SECONDS = 120;

export const NUMBER_TYPES = ["main", "sales", "support", "fax", "other"] as const;
export const NumberType = z.enum(NUMBER_TYPES, {
  error: `The number type is one of ${NUMBER_TYPES.join(", ")}`,
});
export const EXTENSION_TARGETS = ["phone", "agent", "voicemail"] as const;
export const AFTER_HOURS_ACTIONS = ["voicemail", "forward"] as const;
export const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

const HHMM_MESSAGE = "Times are HH:MM on a 24-hour clock, like 09:00 or 17:30";
export const ClockTime = safeString("The time", HHMM_MESSAGE).regex(
  /^([01]\d|2[0-3]):[0-5]\d$/,
  HHMM_MESSAGE,
);

/** A number to forward to: the spec's phone rule, stored as E.164 (10 digits are North American). */
const ForwardNumber = safeString("The forwarding number", PHONE_REQUIRED)
  .max(40, PHONE_INVALID)
  .superRefine((value, ctx) => {
    const problem = phoneNumberProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((value) => {
    const clean = cleanPhoneNumber(value);
    if (clean.startsWith("+")) return clean;
    const digits = clean.replace(/\D/g, "");
    return digits.length === 10 ? `+1${digits}` : `+${digits}`;
  });

// --- Business numbers ---

/** Business phone number. */
export const BusinessNumber = z.object({
  id: z.string(),
  number: z.string(),
  type: z.string(),
  location: z.string(),
  isActive: z.boolean(),
});
export type BusinessNumber = z.infer<typeof BusinessNumber>;

/**
 * success says whether the phone system is connected: it has at least one business number to
 * answer. With none it is false, and the screen's badge says Disconnected, as the server does.
 */
export const NumbersResponse = z.object({ success: z.boolean(), numbers: z.array(BusinessNumber) });

export const Extension = z.object({
  id: z.string(),
  digits: z.string(),
  name: z.string(),
  target: z.enum(EXTENSION_TARGETS),
  forwardTo: z.string().nullable(),
  agentId: z.string().nullable(),
});
export type Extension = z.infer<typeof Extension>;

export const BusinessHoursDay = z.object({
  /** 0 Sunday to 6 Saturday. */
  weekday: z.number({ error: "The weekday is a number from 0 (Sunday) to 6 (Saturday)" }).int().min(0).max(6),
  open: ClockTime,
  close: ClockTime,
});
export type BusinessHoursDay = z.infer<typeof BusinessHoursDay>;

export const AfterHours = z.object({
  action: z.enum(AFTER_HOURS_ACTIONS, { error: "The after-hours action is voicemail or forward" }),
  forwardTo: z.string().nullable(),
});

export const BusinessNumberDetail = BusinessNumber.extend({
  provider: z.enum(["twilio", "simulator"]),
  greeting: z.string(),
  timeZone: z.string(),
  afterHours: AfterHours,
  hours: z.array(BusinessHoursDay),
  extensions: z.array(Extension),
  routingAppliedAt: z.string().nullable(),
});
export type BusinessNumberDetail = z.infer<typeof BusinessNumberDetail>;
export const NumberDetailResponse = z.object({ number: BusinessNumberDetail });

const Greeting = safeString("The greeting")
  .trim()
  .min(1, "The greeting cannot be empty")
  .max(500, "The greeting is at most 500 characters");
const Location = safeString("The location").trim().max(120, "The location is at most 120 characters");

export const AddNumberRequest = z.object({
  number: E164,
  type: NumberType.default("main"),
  location: Location.default(""),
  greeting: Greeting.optional(),
});

export const UpdateNumberRequest = z
  .object({
    type: NumberType.optional(),
    location: Location.optional(),
    greeting: Greeting.optional(),
    isActive: z.boolean({ error: "isActive is true or false" }).optional(),
    afterHoursAction: z
      .enum(AFTER_HOURS_ACTIONS, { error: "The after-hours action is voicemail or forward" })
      .optional(),
    afterHoursForwardTo: ForwardNumber.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, "Nothing to change: send at least one field");

export const NumberIdParams = z.object({ id: z.uuid({ error: NUMBER_NOT_FOUND }) });
export const ExtensionParams = z.object({
  id: z.uuid({ error: NUMBER_NOT_FOUND }),
  extensionId: z.uuid({ error: EXTENSION_NOT_FOUND }),
});

const Digits = safeString("The extension digits").regex(
  /^[1-9]\d{0,2}$/,
  "The extension is 1 to 3 digits and does not start with 0",
);
const ExtensionName = safeString("The extension name")
  .trim()
  .min(1, "The extension needs a name")
  .max(80, "The extension name is at most 80 characters");

const ExtensionTarget = z.discriminatedUnion(
  "target",
  [
    z.object({ target: z.literal("phone"), forwardTo: ForwardNumber }),
    z.object({ target: z.literal("agent"), agentId: z.uuid({ error: AGENT_NOT_FOUND }) }),
    z.object({ target: z.literal("voicemail") }),
  ],
  { error: "The target is phone (with forwardTo), agent (with agentId) or voicemail" },
);

export const ExtensionRequest = z.intersection(
  z.object({ digits: Digits, name: ExtensionName }),
  ExtensionTarget,
);
export type ExtensionRequest = z.infer<typeof ExtensionRequest>;
export const ExtensionResponse = z.object({ extension: Extension });

export const HoursRequest = z
  .object({
    hours: z
      .array(BusinessHoursDay, { error: "hours is a list of {weekday, open, close}" })
      .max(7, "At most one entry per weekday"),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<number>();
    for (const day of body.hours) {
      if (seen.has(day.weekday))
        ctx.addIssue({ code: "custom", message: `${WEEKDAYS[day.weekday]} is listed twice` });
      seen.add(day.weekday);
      if (day.open >= day.close)
        ctx.addIssue({ code: "custom", message: `${WEEKDAYS[day.weekday]} closes before it opens` });
    }
  });
export type HoursRequest = z.infer<typeof HoursRequest>;

// --- Routing ---

export const AppliedRouting = z.object({
  numberId: z.string(),
  number: z.string(),
  provider: z.enum(["twilio", "simulator"]),
  voiceUrl: z.string(),
  /** How it was applied: Twilio's number voice webhook, or recorded for the simulator. */
  applied: z.enum(["twilio", "recorded"]),
  twiml: z.string(),
});
export const SetupRoutingResponse = z.object({ success: z.literal(true), applied: z.array(AppliedRouting) });

export const OkResponse = z.object({ success: z.literal(true) });

// --- Voicemail, analytics and click-to-call ---

export const VOICEMAIL_NOT_FOUND = "That voicemail was not found";
export const NO_CELLPHONE =
  "Add your cellphone number under Settings, Account first: click-to-call rings your phone, then the contact";
export const NO_BUSINESS_NUMBER = "Add a business number first: click-to-call shows it as your caller ID";
/** What a caller hears when their voicemail is saved. */
export const VOICEMAIL_SAVED = "Thank you. Your message has been saved. Goodbye.";
/** What the user hears when they answer a click-to-call, before the contact rings. */
export const bridgeAnnouncement = (name: string) => `Connecting you to ${name}.`;

/** Voicemail, plus where it stands (the transcription runs after the call). */
export const Voicemail = z.object({
  id: z.string(),
  /** The caller's number (E.164), or "Unknown". */
  from: z.string(),
  /** When the message was left (ISO 8601). */
  timestamp: z.string(),
  /** Seconds. */
  duration: z.number(),
  /** The words, once transcribed; "" while transcribing or when nothing was recognised. */
  transcription: z.string(),
  /** pending (being transcribed), done, failed (the audio could not be fetched or read). */
  transcriptionStatus: z.enum(["pending", "done", "failed"]),
  /** Plays only in a session of the workspace (GET, audio/wav); null when the audio is not stored. */
  audioUrl: z.string().nullable(),
  numberId: z.string(),
  /** The business number called. */
  number: z.string(),
  /** The extension pressed, when the caller chose one. */
  extension: z.string().nullable(),
  /** Whether someone in the workspace has opened it. */
  listened: z.boolean(),
});
export type Voicemail = z.infer<typeof Voicemail>;
export const VoicemailsQuery = z.object({
  limit: z.coerce
    .number({ error: "limit is a number from 1 to 100" })
    .int("limit is a whole number")
    .min(1, "limit is a number from 1 to 100")
    .max(100, "limit is a number from 1 to 100")
    .default(50),
  numberId: z.uuid({ error: NUMBER_NOT_FOUND }).optional(),
});
export const VoicemailsResponse = z.object({ success: z.literal(true), voicemails: z.array(Voicemail) });
export const VoicemailIdParams = z.object({ id: z.uuid({ error: VOICEMAIL_NOT_FOUND }) });

/**
 * Phone analytics, from the calls to the workspace's business numbers (last 30 days):
 * completed = a person or an AI agent answered; missed = the caller hung up or nobody answered
 * and no message was left; voicemails = messages left; averageDuration over answered calls,
 * seconds; conversionRate = the share of calls whose caller is a contact of the workspace now
 * interested, qualified or converted, in percent (0 when there were no calls).
 */
export const PhoneAnalytics = z.object({
  totalCalls: z.number(),
  completedCalls: z.number(),
  missedCalls: z.number(),
  voicemails: z.number(),
  averageDuration: z.number(),
  conversionRate: z.number(),
});
export type PhoneAnalytics = z.infer<typeof PhoneAnalytics>;
export const AnalyticsResponse = z.object({ success: z.literal(true), analytics: PhoneAnalytics });

/** POST /api/grasshopper/call. `numberId`: which business number shows (default: the main one). */
export const BusinessCallRequest = z.object({
  contactId: z.uuid({ error: "That contact was not found" }),
  numberId: z.uuid({ error: NUMBER_NOT_FOUND }).optional(),
});
export const BusinessCallResponse = z.object({
  success: z.literal(true),
  /** The business number the contact sees as caller ID. */
  businessNumber: z.string(),
  /** The user's own phone, rung first. */
  ringing: z.string(),
  callSid: z.string(),
  message: z.string(),
});
export type BusinessCallResponse = z.infer<typeof BusinessCallResponse>;
