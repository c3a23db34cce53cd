import { z } from "zod";
import { ENTERPRISE_PLANS, planFor } from "./plans";
import { safeString } from "./text";

// --- Concurrent calls by plan (for the enterprise plans) ------------------------------

export const UNLIMITED_CALLS = -1;

/**
 * Phone calls (Twilio or the simulator, inbound and outbound) an account may have live at once;
 * -1 is unlimited. The enterprise plans are the spec; the others come from the plan catalogue.
 */
export function concurrentCallLimit(planType: string): { limit: number; planName: string } {
  const enterprise = ENTERPRISE_PLANS.find((plan) => plan.id === planType);
  if (enterprise) return { limit: enterprise.concurrentCalls, planName: `Enterprise ${enterprise.name}` };
  const plan = planFor(planType);
  return { limit: plan.concurrentCalls, planName: plan.name };
}

/** Why a call over the limit is refused: the 429's message and the System line in History. */
export function concurrentLimitMessage(planName: string, limit: number): string {
  const calls = limit === 1 ? "1 call" : `${limit} calls`;
  return `Your ${planName} plan allows ${calls} at the same time, and ${limit === 1 ? "it is" : "all are"} in use. End a call or upgrade your plan to take more.`;
}

// --- Phone numbers ------------------------------------------------------------------------------

/** Keep only digits and the plus sign. */
export function cleanPhoneNumber(raw: string): string {
  return raw.replace(/[^\d+]/g, "");
}

export const PHONE_REQUIRED = "Please enter a phone number";
export const PHONE_INVALID = "Please enter a valid phone number (at least 10 digits)";

/**
 * Real voice call: after cleaning, at least 10 digits; 10 digits, or 11 starting with 1,
 * are North American numbers; longer numbers need a leading + (international).
 */
export function phoneNumberProblem(raw: string): string | null {
  if (!raw.trim()) return PHONE_REQUIRED;
  const clean = cleanPhoneNumber(raw);
  const digits = clean.replace(/\D/g, "");
  if (digits.length < 10) return PHONE_INVALID;
  if (clean.startsWith("+")) return digits.length <= 15 ? null : PHONE_INVALID;
  if (digits.length === 10 || (digits.length === 11 && digits.startsWith("1"))) return null;
  return PHONE_INVALID;
}

const DialablePhone = safeString("The phone number", PHONE_REQUIRED)
  .max(40, PHONE_INVALID)
  .superRefine((value, ctx) => {
    const problem = phoneNumberProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

// --- The Twilio connection ----------------------------------------------------------------------

export const TELEPHONY_PROVIDERS = ["twilio", "simulator"] as const;
export type TelephonyProviderName = (typeof TELEPHONY_PROVIDERS)[number];

export const ACCOUNT_SID_MESSAGE =
  "The Account SID starts with AC followed by 32 letters and digits (find it on your Twilio console)";
export const AUTH_TOKEN_MESSAGE = "The Auth Token is 32 letters and digits (find it on your Twilio console)";
export const NUMBER_MESSAGE = "Enter your Twilio phone number with its country code, like +14155550123";

export const E164 = safeString("The phone number", NUMBER_MESSAGE)
  .trim()
  .transform(cleanPhoneNumber)
  .refine((value) => /^\+[1-9]\d{7,14}$/.test(value), NUMBER_MESSAGE);

export const TwilioConnectRequest = z.object({
  accountSid: safeString("The Account SID", ACCOUNT_SID_MESSAGE)
    .trim()
    .regex(/^AC[0-9a-fA-F]{32}$/, ACCOUNT_SID_MESSAGE),
  authToken: safeString("The Auth Token", AUTH_TOKEN_MESSAGE)
    .trim()
    .regex(/^[0-9a-zA-Z]{32}$/, AUTH_TOKEN_MESSAGE),
  phoneNumber: E164,
});
export type TwilioConnectRequest = z.input<typeof TwilioConnectRequest>;

export const TwilioNumberRequest = z.object({ phoneNumber: E164 });

export const TelephonyState = z.object({
  /** Who carries this account's calls now: its Twilio account, or the built-in simulator. */
  provider: z.enum(TELEPHONY_PROVIDERS),
  twilio: z
    .object({
      accountSid: z.string(),
      /** Never the token: only its last four characters, to recognise it. */
      authTokenHint: z.string(),
      phoneNumber: z.string().nullable(),
      status: z.string(),
      connectedAt: z.string(),
      lastCheckedAt: z.string().nullable(),
    })
    .nullable(),
  /** The number the simulator rings for this account (its numbers never reach a real phone). */
  simulatorNumber: z.string(),
  /** Where the Twilio number's webhooks must point; absolute only when PUBLIC_URL is set. */
  webhooks: z.object({
    voiceUrl: z.string(),
    statusCallbackUrl: z.string(),
    publicUrlConfigured: z.boolean(),
  }),
  concurrentCalls: z.object({ limit: z.number(), active: z.number(), planName: z.string() }),
  cellphoneNumber: z.string().nullable(),
});
export type TelephonyState = z.infer<typeof TelephonyState>;

export const TwilioTestResult = z.object({
  ok: z.boolean(),
  message: z.string(),
  /** The voice numbers on the Twilio account, for choosing one. */
  numbers: z.array(z.object({ phoneNumber: z.string(), friendlyName: z.string().nullable() })),
});
export type TwilioTestResult = z.infer<typeof TwilioTestResult>;

/**
 * A simulated incoming call: the simulator rings the account's simulator number and speaks the
 * script. A line "press 2" presses keys instead (the business phone system's extensions).
 */
export const SimulatedInboundRequest = z.object({
  from: DialablePhone,
  callerName: safeString("The caller name").trim().max(120).optional(),
  script: z
    .array(safeString("What the caller says").trim().min(1).max(500))
    .min(1, "Give the caller at least one thing to say")
    .max(20, "At most 20 caller turns"),
});
export type SimulatedInboundRequest = z.input<typeof SimulatedInboundRequest>;

// --- Outbound and active calls ------------------------------------------------------

export const OutboundCallRequest = z.object({
  phoneNumber: DialablePhone,
  /** What the assistant says it is calling about; the account's call purpose when missing. */
  purpose: safeString("The call purpose").trim().max(300).optional(),
});
export type OutboundCallRequest = z.input<typeof OutboundCallRequest>;

export const OutboundCallResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  instructions: z.string(),
  callSid: z.string(),
  callId: z.string(),
});
export type OutboundCallResponse = z.infer<typeof OutboundCallResponse>;

/** Carrier status words (Twilio's), as the active-calls list shows them. */
export const VOICE_STATUSES = ["queued", "ringing", "in-progress", "on-hold"] as const;

export const ActiveVoiceCall = z.object({
  callSid: z.string(),
  callId: z.string(),
  phoneNumber: z.string(),
  /** Seconds since the call was answered (0 while ringing). */
  duration: z.number().int(),
  status: z.string(),
  direction: z.string(),
  provider: z.string(),
});
export type ActiveVoiceCall = z.infer<typeof ActiveVoiceCall>;
export const ActiveVoiceCallsResponse = z.object({ activeCalls: z.array(ActiveVoiceCall) });
export type ActiveVoiceCallsResponse = z.infer<typeof ActiveVoiceCallsResponse>;

// --- Voice call demo --------------------------------------------------------

export const DEMO_MESSAGE_REQUIRED = "Please type a message";
export const StartDemoRequest = z.object({
  phoneNumber: safeString("The phone number", PHONE_REQUIRED)
    .trim()
    .min(1, PHONE_REQUIRED)
    .max(40, PHONE_INVALID),
});
/**
 * Where a reply's audio plays in the workspace's voice (its cloned voice, else the built-in voice
 * nearest it): a short-lived signed address; null when the workspace has no voice profile.
 */
const ReplyAudioUrl = z.string().nullable();

export const StartDemoResponse = z.object({
  callId: z.string(),
  greeting: z.string(),
  greetingAudioUrl: ReplyAudioUrl,
});
export type StartDemoResponse = z.infer<typeof StartDemoResponse>;

export const DEMO_ACTIONS = ["continue", "schedule_appointment", "transfer_call", "end_call"] as const;
export type DemoAction = (typeof DEMO_ACTIONS)[number];
export const ProcessDemoRequest = z.object({
  callId: z.uuid("That demo call was not found"),
  message: safeString("The message", DEMO_MESSAGE_REQUIRED)
    .trim()
    .min(1, DEMO_MESSAGE_REQUIRED)
    .max(2000, "A message is at most 2000 characters"),
});
export const ProcessDemoResponse = z.object({
  response: z.string(),
  intent: z.string(),
  urgency: z.number(),
  action: z.enum(DEMO_ACTIONS),
  classification: z.string().nullable(),
});
export type ProcessDemoResponse = z.infer<typeof ProcessDemoResponse>;
/** A message's answer as it comes: with the reply's audio (a picked-up demo shows the text only). */
export const ProcessDemoAnswer = ProcessDemoResponse.extend({ audioUrl: ReplyAudioUrl });
export type ProcessDemoAnswer = z.infer<typeof ProcessDemoAnswer>;
/** The screen closes the demo this long after the server says end_call. */
export const DEMO_END_DELAY_MS = 2000;

/** The account's demo call still in progress, so the demo screen can pick it up again. */
export const DemoTurn = z.object({ speaker: z.enum(["caller", "ai"]), text: z.string() });
export type DemoTurn = z.infer<typeof DemoTurn>;
export const CurrentDemoResponse = z.object({
  call: z
    .object({
      callId: z.string(),
      phoneNumber: z.string(),
      startTime: z.string(),
      turns: z.array(DemoTurn),
      /** What the assistant understood from the latest message, when there was one. */
      latest: ProcessDemoResponse.nullable(),
    })
    .nullable(),
});
export type CurrentDemoResponse = z.infer<typeof CurrentDemoResponse>;

// --- Call system test -------------------------------------------------------

export const SYSTEM_TEST_MIN = 1;
export const SYSTEM_TEST_MAX = 100;
export const SYSTEM_TEST_DEFAULT = 5;
export const BULK_DEMO_NUMBERS = [
  "+14155550101",
  "+12125550102",
  "+13125550103",
  "+17135550104",
  "+12065550105",
];
/**
 * A test call rings ("connecting") for 2 s plus 1 s per index, is answered, and the
 * caller hangs up 15 to 45 s later. Its duration is that talk time, as the carrier reports it:
 * The spec's other figure, "a random simulated duration of 60-239 s", cannot belong to a call
 * that completes within 45 s, and showing both is what made the screen contradict itself.
 */
export const SYSTEM_TEST_TIMING = {
  activeAfterMs: (index: number) => 2000 + index * 1000,
  completeAfterMs: [15_000, 45_000] as const,
};
export const SYSTEM_TEST_COUNT_MESSAGE = `Choose between ${SYSTEM_TEST_MIN} and ${SYSTEM_TEST_MAX} calls`;

/** A count of generated test numbers, or the bulk demo's own numbers. */
export const StartSystemTestRequest = z.union([
  z.object({
    phoneNumbers: z
      .array(safeString("A phone number").trim().min(1).max(40))
      .min(1, "No Numbers - Please enter phone numbers to call")
      .max(SYSTEM_TEST_MAX, SYSTEM_TEST_COUNT_MESSAGE),
  }),
  z.object({
    count: z.coerce
      .number({ error: SYSTEM_TEST_COUNT_MESSAGE })
      .int(SYSTEM_TEST_COUNT_MESSAGE)
      .min(SYSTEM_TEST_MIN, SYSTEM_TEST_COUNT_MESSAGE)
      .max(SYSTEM_TEST_MAX, SYSTEM_TEST_COUNT_MESSAGE)
      .default(SYSTEM_TEST_DEFAULT),
  }),
]);
export type StartSystemTestRequest = z.input<typeof StartSystemTestRequest>;

export const SYSTEM_TEST_CALL_STATES = ["connecting", "active", "completed", "failed"] as const;
export const SystemTestCall = z.object({
  callId: z.string(),
  callSid: z.string(),
  index: z.number().int(),
  phoneNumber: z.string(),
  state: z.enum(SYSTEM_TEST_CALL_STATES),
  status: z.string(),
  /** Seconds since it was answered: so far while active, the carrier's figure once completed, 0 before. */
  duration: z.number().int(),
  classification: z.string().nullable(),
});
export type SystemTestCall = z.infer<typeof SystemTestCall>;

export const SystemTestStats = z.object({
  runId: z.string().nullable(),
  startedAt: z.string().nullable(),
  total: z.number().int(),
  connecting: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  /** Mean duration of the completed calls, in seconds. */
  averageDuration: z.number().int(),
  /**
   * Seconds from the test's start until now, or until its last call ended. Like the durations,
   * on the carrier simulator's clock (real time unless SIMULATOR_TIME_SCALE speeds it up).
   */
  elapsedSeconds: z.number().int(),
  calls: z.array(SystemTestCall),
});
export type SystemTestStats = z.infer<typeof SystemTestStats>;

// --- Mobile calling test: native call ------------------------------------

export const EMERGENCY_NUMBER = "911";
export const CALLING_NOT_AVAILABLE = "Calling feature not available on this device";

export type NativeCallRequest = { phoneNumber: string; purpose?: string };
export type NativeCallResult = { success: boolean; message: string; callId: string };

export const nativeCallMessages = {
  success: (number: string) => `Call initiated to ${number}`,
  failure: (error?: string) => `Failed to initiate call: ${error || "Unknown error"}`,
  emergencySuccess: "Emergency call initiated",
  emergencyFailure: "Failed to initiate emergency call",
};
