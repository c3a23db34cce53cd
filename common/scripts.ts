import { z } from "zod";
import { safeString } from "./text";

/**
 * AI agent scripts and the template catalogue (ai_scripts and script_templates, the
 * script schema; the spec AI Agent Scripts). Every script belongs to one
 * workspace; the workspace's default script drives its calls: the opening message greets callers,
 * the transfer rules hand the call over, the business rules and conversation flow shape the
 * replies, the personality traits the wording and the voice settings the spoken voice.
 */

export const SCRIPT_TYPES = ["inbound", "outbound", "appointment", "sales", "support"] as const;
export type ScriptType = (typeof SCRIPT_TYPES)[number];

/** The speech voices. */
export const SCRIPT_VOICES = ["nova", "alloy", "echo", "fable", "onyx", "shimmer"] as const;
export type ScriptVoice = (typeof SCRIPT_VOICES)[number];

export const SCRIPT_PITCHES = ["low", "medium", "high"] as const;
export type ScriptPitch = (typeof SCRIPT_PITCHES)[number];

export const SCRIPT_TONES = ["professional", "friendly", "casual", "formal"] as const;
export type ScriptTone = (typeof SCRIPT_TONES)[number];

/**
 * Situations (beside keywords and minutes) in which a script's call is transferred. Each is
 * decided by the engine on the caller's turn:
 * - caller_asks_for_person: the caller asks for a human, a manager or the owner;
 * - urgent: the turn's urgency is high (0.7 or more);
 * - upset_caller: the caller sounds upset (negative sentiment with distress words);
 * - important: the turn is classified important;
 * - sales_ready: a sales caller is ready to buy or asks for a quote.
 */
export const TRANSFER_CONDITIONS = [
  "caller_asks_for_person",
  "urgent",
  "upset_caller",
  "important",
  "sales_ready",
] as const;
export type TransferCondition = (typeof TRANSFER_CONDITIONS)[number];

export const TRANSFER_CONDITION_LABELS: Record<TransferCondition, string> = {
  caller_asks_for_person: "The caller asks for a person",
  urgent: "The call is urgent",
  upset_caller: "The caller is upset",
  important: "The call is important",
  sales_ready: "The caller is ready to buy",
};

// --- Defaults ---
export const DEFAULT_OPENING_MESSAGE = "Hello! How can I help you today?";
export const DEFAULT_SCRIPT_TYPE: ScriptType = "inbound";
export const DEFAULT_VOICE_SETTINGS = { voice: "nova", speed: 0.9, pitch: "low" } as const satisfies {
  voice: ScriptVoice;
  speed: number;
  pitch: ScriptPitch;
};
export const DEFAULT_PERSONALITY_TRAITS = {
  tone: "professional",
  empathy: 7,
  formality: 8,
} as const satisfies { tone: ScriptTone; empathy: number; formality: number };
export const DEFAULT_APPOINTMENT_SETTINGS = {
  enabled: true,
  durationMinutes: 30,
  bufferMinutes: 0,
} as const;

export const SPEED_MIN = 0.5;
export const SPEED_MAX = 2;
export const SPEED_STEP = 0.1;
export const TRAIT_MIN = 1;
export const TRAIT_MAX = 10;

export const SCRIPT_NAME_MAX = 120;
export const SCRIPT_DESCRIPTION_MAX = 1000;
export const OPENING_MESSAGE_MAX = 500;
/** Steps of a conversation flow, business rules, keywords, conditions. */
export const SCRIPT_LIST_MAX = 50;
export const SCRIPT_LINE_MAX = 500;
export const KEYWORD_MAX = 80;
/** A transfer after this many minutes on the call at most (a day). */
export const TRANSFER_MINUTES_MAX = 1440;
export const APPOINTMENT_MINUTES_MIN = 5;
export const APPOINTMENT_MINUTES_MAX = 480;
export const BUFFER_MINUTES_MAX = 120;
/** Scripts one workspace may keep. */
export const MAX_SCRIPTS = 100;

// --- Messages ---
export const SCRIPT_NAME_REQUIRED = "Script name is required";
export const OPENING_MESSAGE_REQUIRED = "Opening message is required";
export const SCRIPT_TYPE_MESSAGE = "Script type must be inbound, outbound, appointment, sales or support";
export const SCRIPT_VOICE_MESSAGE = "Voice must be nova, alloy, echo, fable, onyx or shimmer";
export const SCRIPT_SPEED_MESSAGE = `Speed must be between ${SPEED_MIN} and ${SPEED_MAX}`;
export const SCRIPT_PITCH_MESSAGE = "Pitch must be low, medium or high";
export const SCRIPT_TONE_MESSAGE = "Tone must be professional, friendly, casual or formal";
export const EMPATHY_MESSAGE = `Empathy must be a whole number from ${TRAIT_MIN} to ${TRAIT_MAX}`;
export const FORMALITY_MESSAGE = `Formality must be a whole number from ${TRAIT_MIN} to ${TRAIT_MAX}`;
export const TRANSFER_MINUTES_MESSAGE = `Transfer minutes must be a whole number from 1 to ${TRANSFER_MINUTES_MAX}`;
export const TRANSFER_CONDITION_MESSAGE = `Transfer conditions must be among ${TRANSFER_CONDITIONS.join(", ")}`;
export const TRANSFER_NUMBER_MESSAGE =
  "Enter the transfer number with its country code, like +15551234567, or leave it empty to use the owner's cell";
export const SCRIPT_NOT_FOUND = "That script was not found";
export const TEMPLATE_NOT_FOUND = "That template was not found";
export const SCRIPT_LIMIT_MESSAGE = `A workspace can keep at most ${MAX_SCRIPTS} scripts. Delete one you no longer use to create another.`;

export const SCRIPT_MESSAGES = {
  createFailed: "Failed to create AI script",
  updateFailed: "Failed to update AI script",
  deleteFailed: "Failed to delete AI script",
  fromTemplateFailed: "Failed to create script from template",
  created: "AI script created successfully",
  updated: "AI script updated successfully",
  deleted: "AI script deleted successfully",
  fromTemplate: "Script created from template successfully",
} as const;

/** A list of text lines: accepts a list or one text with a line per item; blank lines dropped. */
export function linesOf(value: unknown): unknown {
  if (typeof value === "string") {
    return value
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line.length > 0);
  }
  if (Array.isArray(value)) {
    return value.map((item) => (typeof item === "string" ? item.trim() : item)).filter((item) => item !== "");
  }
  return value;
}

/** Keywords: a list, or one text split on commas ("comma-space"); blanks dropped. */
export function keywordsOf(value: unknown): unknown {
  if (typeof value === "string") {
    return value
      .split(",")
      .map((word) => word.trim())
      .filter((word) => word.length > 0);
  }
  if (Array.isArray(value)) {
    return value.map((item) => (typeof item === "string" ? item.trim() : item)).filter((item) => item !== "");
  }
  return value;
}

const line = (label: string) =>
  safeString(label)
    .trim()
    .min(1)
    .max(SCRIPT_LINE_MAX, `${label} must be at most ${SCRIPT_LINE_MAX} characters`);

export const lineList = (label: string) =>
  z.preprocess(
    linesOf,
    z
      .array(line(label), { error: `${label} must be a list of text lines` })
      .max(SCRIPT_LIST_MAX, `${label} can have at most ${SCRIPT_LIST_MAX} lines`),
  );

export const keywordList = (label: string) =>
  z.preprocess(
    keywordsOf,
    z
      .array(
        safeString(label)
          .trim()
          .min(1)
          .max(KEYWORD_MAX, `Each of the ${label.toLowerCase()} must be at most ${KEYWORD_MAX} characters`),
        { error: `${label} must be a list of words or a comma-separated text` },
      )
      .max(SCRIPT_LIST_MAX, `${label} can have at most ${SCRIPT_LIST_MAX} entries`),
  );

/** E.164, as the telephony area dials; empty means the workspace owner's cell. */
const transferNumber = z.preprocess(
  (value) => (typeof value === "string" ? value.replace(/[\s().-]/g, "") : value),
  z
    .union([z.literal(""), z.string().regex(/^\+[1-9]\d{6,14}$/, TRANSFER_NUMBER_MESSAGE)], {
      error: TRANSFER_NUMBER_MESSAGE,
    })
    .nullish()
    .transform((value) => value || null),
);

export const TransferRulesSchema = z.object({
  /** Words or phrases in what the caller says that transfer the call (case-insensitive). */
  keywords: keywordList("Transfer keywords").default([]),
  /** Transfer once the call has lasted this many minutes; null never. */
  minutes: z
    .number({ error: TRANSFER_MINUTES_MESSAGE })
    .int(TRANSFER_MINUTES_MESSAGE)
    .min(1, TRANSFER_MINUTES_MESSAGE)
    .max(TRANSFER_MINUTES_MAX, TRANSFER_MINUTES_MESSAGE)
    .nullish()
    .transform((value) => value ?? null),
  conditions: z
    .array(z.enum(TRANSFER_CONDITIONS, { error: TRANSFER_CONDITION_MESSAGE }))
    .max(TRANSFER_CONDITIONS.length)
    .default([])
    .transform((list) => [...new Set(list)]),
  /** Where the call goes: this number, or the workspace owner's cell when null. */
  transferNumber: transferNumber.default(null),
});
export type TransferRules = z.infer<typeof TransferRulesSchema>;

export const AppointmentSettingsSchema = z.object({
  /** Whether the assistant books appointments on this script's calls. */
  enabled: z.boolean({ error: "Appointments on or off must be true or false" }).default(true),
  durationMinutes: z
    .number({ error: "Appointment length must be a number of minutes" })
    .int("Appointment length must be whole minutes")
    .min(APPOINTMENT_MINUTES_MIN, `Appointment length must be at least ${APPOINTMENT_MINUTES_MIN} minutes`)
    .max(APPOINTMENT_MINUTES_MAX, `Appointment length must be at most ${APPOINTMENT_MINUTES_MAX} minutes`)
    .default(DEFAULT_APPOINTMENT_SETTINGS.durationMinutes),
  /** Free minutes kept before and after each appointment. */
  bufferMinutes: z
    .number({ error: "Buffer must be a number of minutes" })
    .int("Buffer must be whole minutes")
    .min(0, "Buffer cannot be negative")
    .max(BUFFER_MINUTES_MAX, `Buffer must be at most ${BUFFER_MINUTES_MAX} minutes`)
    .default(DEFAULT_APPOINTMENT_SETTINGS.bufferMinutes),
});
export type AppointmentSettings = z.infer<typeof AppointmentSettingsSchema>;

export const VoiceSettingsSchema = z.object({
  voice: z.enum(SCRIPT_VOICES, { error: SCRIPT_VOICE_MESSAGE }).default(DEFAULT_VOICE_SETTINGS.voice),
  speed: z
    .number({ error: SCRIPT_SPEED_MESSAGE })
    .min(SPEED_MIN, SCRIPT_SPEED_MESSAGE)
    .max(SPEED_MAX, SCRIPT_SPEED_MESSAGE)
    .transform((value) => Math.round(value * 100) / 100)
    .default(DEFAULT_VOICE_SETTINGS.speed),
  pitch: z.enum(SCRIPT_PITCHES, { error: SCRIPT_PITCH_MESSAGE }).default(DEFAULT_VOICE_SETTINGS.pitch),
});
export type VoiceSettings = z.infer<typeof VoiceSettingsSchema>;

const trait = (message: string) =>
  z.number({ error: message }).int(message).min(TRAIT_MIN, message).max(TRAIT_MAX, message);

export const PersonalityTraitsSchema = z.object({
  tone: z.enum(SCRIPT_TONES, { error: SCRIPT_TONE_MESSAGE }).default(DEFAULT_PERSONALITY_TRAITS.tone),
  empathy: trait(EMPATHY_MESSAGE).default(DEFAULT_PERSONALITY_TRAITS.empathy),
  formality: trait(FORMALITY_MESSAGE).default(DEFAULT_PERSONALITY_TRAITS.formality),
});
export type PersonalityTraits = z.infer<typeof PersonalityTraitsSchema>;

const scriptName = safeString("Script name", SCRIPT_NAME_REQUIRED)
  .trim()
  .min(1, SCRIPT_NAME_REQUIRED)
  .max(SCRIPT_NAME_MAX, `Script name must be at most ${SCRIPT_NAME_MAX} characters`);
const openingMessage = safeString("Opening message", OPENING_MESSAGE_REQUIRED)
  .trim()
  .min(1, OPENING_MESSAGE_REQUIRED)
  .max(OPENING_MESSAGE_MAX, `Opening message must be at most ${OPENING_MESSAGE_MAX} characters`);
const description = safeString("Description")
  .trim()
  .max(SCRIPT_DESCRIPTION_MAX, `Description must be at most ${SCRIPT_DESCRIPTION_MAX} characters`)
  .nullish()
  .transform((value) => value || null);

/**
 * The fields of POST /api/ai-scripts. Everything but the name has the defaults of the spec
 * (opening "Hello! How can I help you today?", inbound, nova at 0.9, low pitch, professional,
 * empathy 7, formality 8). A missing opening message takes the default; a blank one is refused.
 */
export const ScriptCreate = z.object({
  name: scriptName,
  description: description,
  scriptType: z.enum(SCRIPT_TYPES, { error: SCRIPT_TYPE_MESSAGE }).default(DEFAULT_SCRIPT_TYPE),
  openingMessage: openingMessage.default(DEFAULT_OPENING_MESSAGE),
  /** The steps the assistant goes through, in order (each a question or sentence it says). */
  conversationFlow: lineList("Conversation flow").default([]),
  /** Facts and policies the assistant answers from ("We are open Monday to Friday, 8 to 5"). */
  businessRules: lineList("Business rules").default([]),
  transferRules: TransferRulesSchema.default({
    keywords: [],
    minutes: null,
    conditions: [],
    transferNumber: null,
  }),
  appointmentSettings: AppointmentSettingsSchema.default({ ...DEFAULT_APPOINTMENT_SETTINGS }),
  voiceSettings: VoiceSettingsSchema.default({ ...DEFAULT_VOICE_SETTINGS }),
  personalityTraits: PersonalityTraitsSchema.default({ ...DEFAULT_PERSONALITY_TRAITS }),
  isActive: z.boolean({ error: "Active must be true or false" }).default(true),
  /** Making a script the default unsets the workspace's previous default. */
  isDefault: z.boolean({ error: "Default must be true or false" }).default(false),
  /** The original client sends userId; accepted and ignored (the session decides the workspace). */
  userId: z.unknown().optional(),
});
export type ScriptCreate = z.input<typeof ScriptCreate>;
export type ScriptFields = z.output<typeof ScriptCreate>;

/** PUT /api/ai-scripts/:id: the fields sent change; the others keep their values. */
export const ScriptUpdate = z
  .object({
    name: scriptName,
    description: description,
    scriptType: z.enum(SCRIPT_TYPES, { error: SCRIPT_TYPE_MESSAGE }),
    openingMessage,
    conversationFlow: lineList("Conversation flow"),
    businessRules: lineList("Business rules"),
    transferRules: TransferRulesSchema,
    appointmentSettings: AppointmentSettingsSchema,
    voiceSettings: VoiceSettingsSchema,
    personalityTraits: PersonalityTraitsSchema,
    isActive: z.boolean({ error: "Active must be true or false" }),
    isDefault: z.boolean({ error: "Default must be true or false" }),
    userId: z.unknown(),
    id: z.unknown(),
  })
  .partial()
  .refine((body) => Object.keys(body).some((key) => key !== "userId" && key !== "id"), {
    message: "Send at least one field to change",
  });
export type ScriptUpdate = z.input<typeof ScriptUpdate>;

export const ScriptIdParams = z.object({ id: z.uuid(SCRIPT_NOT_FOUND) });

/** Template ids are short names from the catalogue ("dental-office"). */
export const TemplateIdParams = z.object({
  id: safeString("Template id", TEMPLATE_NOT_FOUND).max(200, TEMPLATE_NOT_FOUND),
});

export const TransferRulesOut = z.object({
  keywords: z.array(z.string()),
  minutes: z.number().int().nullable(),
  conditions: z.array(z.enum(TRANSFER_CONDITIONS)),
  transferNumber: z.string().nullable(),
});
export const AppointmentSettingsOut = z.object({
  enabled: z.boolean(),
  durationMinutes: z.number().int(),
  bufferMinutes: z.number().int(),
});
export const VoiceSettingsOut = z.object({
  voice: z.enum(SCRIPT_VOICES),
  speed: z.number(),
  pitch: z.enum(SCRIPT_PITCHES),
});
export const PersonalityTraitsOut = z.object({
  tone: z.enum(SCRIPT_TONES),
  empathy: z.number().int(),
  formality: z.number().int(),
});

export const ScriptOut = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  scriptType: z.enum(SCRIPT_TYPES),
  openingMessage: z.string(),
  conversationFlow: z.array(z.string()),
  businessRules: z.array(z.string()),
  transferRules: TransferRulesOut,
  appointmentSettings: AppointmentSettingsOut,
  voiceSettings: VoiceSettingsOut,
  personalityTraits: PersonalityTraitsOut,
  isActive: z.boolean(),
  isDefault: z.boolean(),
  /** The catalogue template it was made from, if any. */
  templateId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Script = z.infer<typeof ScriptOut>;

export const ScriptListResponse = z.array(ScriptOut);

export const DeleteScriptResponse = z.object({ deleted: z.literal(true), id: z.string() });

/** What a template creates: the script's fields. */
export const TemplateDataOut = ScriptOut.pick({
  scriptType: true,
  openingMessage: true,
  conversationFlow: true,
  businessRules: true,
  transferRules: true,
  appointmentSettings: true,
  voiceSettings: true,
  personalityTraits: true,
});
export type TemplateData = z.infer<typeof TemplateDataOut>;

/** A caller's conversation and what should happen (shipped with templates, saved as agent tests). */
export const TemplateTestCaseOut = z.object({
  name: z.string(),
  turns: z.array(z.string()),
  expectedClassification: z.string().nullable(),
  expectTransfer: z.boolean().nullable(),
});

export const TemplateOut = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  industry: z.string(),
  isPublic: z.boolean(),
  /** How many scripts were made from it (every workspace together). */
  usageCount: z.number().int(),
  templateData: TemplateDataOut,
  /** Test cases copied into the workspace's agent tests when a script is made from it. */
  testCases: z.array(TemplateTestCaseOut),
});
export type ScriptTemplate = z.infer<typeof TemplateOut>;

export const TemplateListResponse = z.array(TemplateOut);

/** POST /api/ai-scripts/from-template/:id: an optional name and default choice; no body is fine. */
export const FromTemplateRequest = z
  .object({
    name: scriptName.optional(),
    isDefault: z.boolean({ error: "Default must be true or false" }).optional(),
  })
  .nullish()
  .transform((value) => value ?? {});
export type FromTemplateRequest = z.input<typeof FromTemplateRequest>;

/** The new script, and how many of the template's test cases were added to the agent tests. */
export const FromTemplateResponse = ScriptOut.extend({ testCasesAdded: z.number().int() });
