import { z } from "zod";
import { CLASSIFICATIONS } from "./calls";
import { safeString } from "./text";

/**
 * AI Studio ("AI Studio", AI flow, voice clone, automation rule, conversation
 * analysis; "AI studio"). Everything here is stored per workspace and
 * changes what the assistant does on the next call.
 */

// --- AI flows ------------------------------------------------------------------------------

/**
 * What the call does after a flow's response is said:
 * - continue: the conversation goes on as the assistant left it;
 * - transfer: the call is put through to the owner's cellphone (Settings), as an urgent call is;
 * - end_call: the assistant says the response and hangs up;
 * - take_message: the caller's words become the message the owner gets;
 * - book_appointment: the assistant waits for a day and time and books it.
 */
export const AI_FLOW_NEXT_ACTIONS = [
  "continue",
  "transfer",
  "end_call",
  "take_message",
  "book_appointment",
] as const;
export type AiFlowNextAction = (typeof AI_FLOW_NEXT_ACTIONS)[number];
export const AI_FLOW_NEXT_ACTION_LABELS: Record<AiFlowNextAction, string> = {
  continue: "Continue the conversation",
  transfer: "Transfer to your cellphone",
  end_call: "End the call",
  take_message: "Take a message",
  book_appointment: "Book an appointment",
};

/** When a flow may answer; every condition listed must hold (none: always). */
export const AI_FLOW_CONDITIONS = [
  "business_hours",
  "after_hours",
  "first_turn",
  "known_caller",
  "unknown_caller",
] as const;
export type AiFlowCondition = (typeof AI_FLOW_CONDITIONS)[number];
export const AI_FLOW_CONDITION_LABELS: Record<AiFlowCondition, string> = {
  business_hours: "During working hours",
  after_hours: "Outside working hours",
  first_turn: "Only on the caller's first words",
  known_caller: "Caller is in your contacts",
  unknown_caller: "Caller is not in your contacts",
};

/** The variables a response template may use, as {{name}}. Nothing else is evaluated. */
export const AI_FLOW_VARIABLES = ["callerName", "callerNumber", "businessName", "time", "date"] as const;
export type AiFlowVariable = (typeof AI_FLOW_VARIABLES)[number];
export const AI_FLOW_VARIABLE_HELP: Record<AiFlowVariable, string> = {
  callerName: 'the caller\'s name ("there" when unknown)',
  callerNumber: "the number calling",
  businessName: "your company name, or your first name",
  time: "the time now in your time zone",
  date: "today's date in your time zone",
};

export const MAX_AI_FLOWS = 100;
export const AI_FLOW_NAME_MAX = 80;
export const AI_FLOW_KEYWORDS_MAX = 20;
export const AI_FLOW_KEYWORD_MAX = 60;
export const AI_FLOW_RESPONSE_MAX = 600;

/** What a flow, rule or clone form says when a required field is empty. */
export const FILL_ALL_FIELDS = "Please fill in all fields";
export const AI_FLOW_NOT_FOUND = "That AI flow was not found";
export const AI_FLOW_LIMIT = `A workspace can keep at most ${MAX_AI_FLOWS} AI flows. Delete one you no longer use to create another.`;

const TEMPLATE_TAG = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The {{variables}} a template names that are not offered, or stray braces; empty when it is fine. */
export function templateProblem(template: string): string | null {
  const unknown = new Set<string>();
  for (const match of template.matchAll(TEMPLATE_TAG)) {
    const name = match[1] ?? "";
    if (!(AI_FLOW_VARIABLES as readonly string[]).includes(name)) unknown.add(name || "(empty)");
  }
  if (unknown.size > 0) {
    return `Unknown variable ${[...unknown].map((name) => `{{${name}}}`).join(", ")}: use ${AI_FLOW_VARIABLES.map((name) => `{{${name}}}`).join(", ")}`;
  }
  const rest = template.replace(TEMPLATE_TAG, "");
  if (rest.includes("{{") || rest.includes("}}")) {
    return "A variable is written {{callerName}}: check the braces in the response";
  }
  return null;
}

/**
 * Fills a checked template: each {{variable}} becomes its value. Logic-less on purpose: no code,
 * no conditions, no loops, nothing from the caller is ever read as a template.
 */
export function renderTemplate(template: string, values: Record<AiFlowVariable, string>): string {
  return template
    .replace(TEMPLATE_TAG, (_, name: string) => values[name as AiFlowVariable] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Keywords as typed: a list, or one text split on commas. Trimmed, blanks and repeats dropped. */
const keywords = z
  .union([
    z.array(
      safeString("A trigger keyword", FILL_ALL_FIELDS).max(
        AI_FLOW_KEYWORD_MAX,
        `Each trigger keyword must be at most ${AI_FLOW_KEYWORD_MAX} characters`,
      ),
      { error: FILL_ALL_FIELDS },
    ),
    safeString("Trigger keywords", FILL_ALL_FIELDS).max(2000, "Trigger keywords are too long"),
  ])
  .transform((value) => {
    const list = Array.isArray(value) ? value : value.split(",");
    const seen = new Set<string>();
    const out: string[] = [];
    for (const item of list) {
      const keyword = item.trim().replace(/\s+/g, " ");
      const key = keyword.toLowerCase();
      if (!keyword || seen.has(key)) continue;
      seen.add(key);
      out.push(keyword);
    }
    return out;
  })
  .pipe(
    z
      .array(
        z
          .string()
          .max(AI_FLOW_KEYWORD_MAX, `Each trigger keyword must be at most ${AI_FLOW_KEYWORD_MAX} characters`),
      )
      .min(1, FILL_ALL_FIELDS)
      .max(AI_FLOW_KEYWORDS_MAX, `A flow can have at most ${AI_FLOW_KEYWORDS_MAX} trigger keywords`),
  );

const flowName = safeString("Flow name", FILL_ALL_FIELDS)
  .trim()
  .min(1, FILL_ALL_FIELDS)
  .max(AI_FLOW_NAME_MAX, `Flow name must be at most ${AI_FLOW_NAME_MAX} characters`);

const responseTemplate = safeString("Response template", FILL_ALL_FIELDS)
  .trim()
  .min(1, FILL_ALL_FIELDS)
  .max(AI_FLOW_RESPONSE_MAX, `The response must be at most ${AI_FLOW_RESPONSE_MAX} characters`)
  .superRefine((value, ctx) => {
    const problem = templateProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const nextAction = z.enum(AI_FLOW_NEXT_ACTIONS, {
  error: `Next action must be one of ${AI_FLOW_NEXT_ACTIONS.join(", ")}`,
});

const conditions = z
  .array(z.enum(AI_FLOW_CONDITIONS, { error: `Conditions must be among ${AI_FLOW_CONDITIONS.join(", ")}` }), {
    error: "Conditions must be a list",
  })
  .max(AI_FLOW_CONDITIONS.length)
  .transform((list) => [...new Set(list)])
  .refine((list) => !(list.includes("business_hours") && list.includes("after_hours")), {
    message: "A flow cannot need both working hours and outside working hours",
  })
  .refine((list) => !(list.includes("known_caller") && list.includes("unknown_caller")), {
    message: "A flow cannot need the caller both in and not in your contacts",
  });

/** POST /api/ai-flows. A missing name, trigger or response is "Please fill in all fields". */
export const AiFlowCreate = z.object(
  {
    name: flowName,
    triggerKeywords: keywords,
    responseTemplate,
    nextAction: nextAction.default("continue"),
    conditions: conditions.default([]),
    isActive: z.boolean({ error: "Active must be true or false" }).default(true),
  },
  { error: FILL_ALL_FIELDS },
);
export type AiFlowCreate = z.input<typeof AiFlowCreate>;

export const AiFlowUpdate = z
  .object({
    name: flowName,
    triggerKeywords: keywords,
    responseTemplate,
    nextAction,
    conditions,
    isActive: z.boolean({ error: "Active must be true or false" }),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: "Send at least one field to change" });
export type AiFlowUpdate = z.input<typeof AiFlowUpdate>;

export const AiFlowIdParams = z.object({ id: z.uuid(AI_FLOW_NOT_FOUND) });

export const AiFlowOut = z.object({
  id: z.string(),
  name: z.string(),
  triggerKeywords: z.array(z.string()),
  responseTemplate: z.string(),
  nextAction: z.enum(AI_FLOW_NEXT_ACTIONS),
  conditions: z.array(z.enum(AI_FLOW_CONDITIONS)),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AiFlow = z.infer<typeof AiFlowOut>;
export const AiFlowListResponse = z.array(AiFlowOut);

export const TEST_MESSAGE_REQUIRED = "Please enter a test message";

/** POST /api/ai-flows/:id/test: a caller's words, and optionally who is calling. */
export const AiFlowTestRequest = z.object(
  {
    testMessage: safeString("Test message", TEST_MESSAGE_REQUIRED)
      .trim()
      .min(1, TEST_MESSAGE_REQUIRED)
      .max(1000, "The test message must be at most 1000 characters"),
    callerName: safeString("Caller name")
      .trim()
      .max(120, "Caller name must be at most 120 characters")
      .optional(),
    /** Whether the pretend caller is in your contacts (for the contact conditions). */
    knownCaller: z.boolean({ error: "Known caller must be true or false" }).optional(),
  },
  { error: TEST_MESSAGE_REQUIRED },
);
export type AiFlowTestRequest = z.input<typeof AiFlowTestRequest>;

export const AiFlowTestResult = z.object({
  triggered: z.boolean(),
  /** The keyword the message matched, or null. */
  matchedKeyword: z.string().nullable(),
  /** The conditions that did not hold now (a matched keyword with one of these does not trigger). */
  unmetConditions: z.array(z.enum(AI_FLOW_CONDITIONS)),
  /** What the assistant would say: the template filled in (null when it does not trigger). */
  response: z.string().nullable(),
  nextAction: z.enum(AI_FLOW_NEXT_ACTIONS),
  /** Whether the flow is switched on: an inactive flow never answers on calls. */
  isActive: z.boolean(),
});
export type AiFlowTestResult = z.infer<typeof AiFlowTestResult>;

// --- Voice clones --------------------------------------------------------------------------

/** Voice clone, read from the workspace's voice profiles (Settings' voice cloning). */
export const VoiceCloneOut = z.object({
  id: z.string(),
  name: z.string(),
  /** "cloned": the voice service speaks in the recorded voice; "built-in": the nearest local voice. */
  voiceType: z.enum(["cloned", "built-in"]),
  language: z.string(),
  accent: z.string(),
  isActive: z.boolean(),
  quality: z.number().int(),
  sampleDuration: z.number().int(),
  createdAt: z.string(),
});
export type VoiceClone = z.infer<typeof VoiceCloneOut>;
export const VoiceCloneListResponse = z.array(VoiceCloneOut);
export const VoiceCloneIdParams = z.object({ id: z.uuid("That voice clone was not found") });

// --- Automation rules ----------------------------------------------------------------------

export const AUTOMATION_CONDITION_TYPES = [
  "classification_is",
  "importance_at_least",
  "duration_over",
  "caller_not_contact",
  "sentiment_negative",
] as const;
export type AutomationConditionType = (typeof AUTOMATION_CONDITION_TYPES)[number];

export const AUTOMATION_ACTION_TYPES = ["follow_up", "mark_important", "do_not_call", "tag_contact"] as const;
export type AutomationActionType = (typeof AUTOMATION_ACTION_TYPES)[number];

export const AUTOMATION_ACTION_LABELS: Record<AutomationActionType, string> = {
  follow_up: "Flag the call for follow-up",
  mark_important: "Mark the call important",
  do_not_call: "Add the caller to the do-not-call list",
  tag_contact: "Tag the caller's contact",
};

export const MAX_AUTOMATION_RULES = 50;
export const AUTOMATION_NAME_MAX = 80;
export const AUTOMATION_TAG_MAX = 40;
export const AUTOMATION_RULE_NOT_FOUND = "That automation rule was not found";
export const AUTOMATION_NAME_REQUIRED = "Rule name is required";
export const AUTOMATION_LIMIT = `A workspace can keep at most ${MAX_AUTOMATION_RULES} automation rules. Delete one you no longer use to create another.`;

export const AutomationCondition = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("classification_is"),
      classification: z.enum(CLASSIFICATIONS, {
        error: `Classification must be one of ${CLASSIFICATIONS.join(", ")}`,
      }),
    }),
    z.object({
      type: z.literal("importance_at_least"),
      importance: z
        .number({ error: "Importance must be a whole number from 1 to 5" })
        .int("Importance must be a whole number from 1 to 5")
        .min(1, "Importance must be a whole number from 1 to 5")
        .max(5, "Importance must be a whole number from 1 to 5"),
    }),
    z.object({
      type: z.literal("duration_over"),
      seconds: z
        .number({ error: "Duration must be a whole number of seconds" })
        .int("Duration must be a whole number of seconds")
        .min(0, "Duration cannot be negative")
        .max(86_400, "Duration must be at most 86400 seconds (a day)"),
    }),
    z.object({ type: z.literal("caller_not_contact") }),
    z.object({ type: z.literal("sentiment_negative") }),
  ],
  { error: `Condition type must be one of ${AUTOMATION_CONDITION_TYPES.join(", ")}` },
);
export type AutomationCondition = z.infer<typeof AutomationCondition>;

export const AutomationAction = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("follow_up") }),
    z.object({ type: z.literal("mark_important") }),
    z.object({ type: z.literal("do_not_call") }),
    z.object({
      type: z.literal("tag_contact"),
      tag: safeString("Tag", "Enter the tag to add")
        .trim()
        .min(1, "Enter the tag to add")
        .max(AUTOMATION_TAG_MAX, `The tag must be at most ${AUTOMATION_TAG_MAX} characters`),
    }),
  ],
  { error: `Action type must be one of ${AUTOMATION_ACTION_TYPES.join(", ")}` },
);
export type AutomationAction = z.infer<typeof AutomationAction>;

/** "Classification is support", "Importance at least 4", ... */
export function describeCondition(condition: AutomationCondition): string {
  switch (condition.type) {
    case "classification_is":
      return `Classification is ${condition.classification}`;
    case "importance_at_least":
      return `Importance at least ${condition.importance} of 5`;
    case "duration_over":
      return `Call longer than ${condition.seconds} seconds`;
    case "caller_not_contact":
      return "Caller is not in your contacts";
    case "sentiment_negative":
      return "Caller's sentiment is negative";
  }
}

export function describeAction(action: AutomationAction): string {
  return action.type === "tag_contact"
    ? `Tag the caller's contact "${action.tag}"`
    : AUTOMATION_ACTION_LABELS[action.type];
}

const ruleName = safeString("Rule name", AUTOMATION_NAME_REQUIRED)
  .trim()
  .min(1, AUTOMATION_NAME_REQUIRED)
  .max(AUTOMATION_NAME_MAX, `Rule name must be at most ${AUTOMATION_NAME_MAX} characters`);

export const AutomationRuleCreate = z.object(
  {
    name: ruleName,
    condition: AutomationCondition,
    action: AutomationAction,
    isActive: z.boolean({ error: "Active must be true or false" }).default(true),
  },
  { error: AUTOMATION_NAME_REQUIRED },
);
export type AutomationRuleCreate = z.input<typeof AutomationRuleCreate>;

export const AutomationRuleUpdate = z
  .object({
    name: ruleName,
    condition: AutomationCondition,
    action: AutomationAction,
    isActive: z.boolean({ error: "Active must be true or false" }),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: "Send at least one field to change" });
export type AutomationRuleUpdate = z.input<typeof AutomationRuleUpdate>;

export const AutomationRuleIdParams = z.object({ id: z.uuid(AUTOMATION_RULE_NOT_FOUND) });

export const AutomationRuleOut = z.object({
  id: z.string(),
  name: z.string(),
  condition: AutomationCondition,
  /** The condition in words, as the spec's rule shows it. */
  conditionText: z.string(),
  action: AutomationAction,
  actionText: z.string(),
  isActive: z.boolean(),
  /** Finished calls the rule acted on. */
  runCount: z.number().int(),
  lastRunAt: z.string().nullable(),
  /** What the last run did ("Added +1 212 555 0100 to the do-not-call list") or why it failed. */
  lastOutcome: z.string().nullable(),
  lastFailed: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AutomationRule = z.infer<typeof AutomationRuleOut>;
export const AutomationRuleListResponse = z.array(AutomationRuleOut);

// --- Analysis, voice generation, figures -----------------------------------------------------

export const ANALYZE_MESSAGE_MAX = 2000;
export const ANALYZE_MESSAGE_REQUIRED = "Please enter a message to analyze";

export const AnalyzeConversationRequest = z.object(
  {
    message: safeString("Message", ANALYZE_MESSAGE_REQUIRED)
      .trim()
      .min(1, ANALYZE_MESSAGE_REQUIRED)
      .max(ANALYZE_MESSAGE_MAX, `The message must be at most ${ANALYZE_MESSAGE_MAX} characters`),
  },
  { error: ANALYZE_MESSAGE_REQUIRED },
);
export type AnalyzeConversationRequest = z.input<typeof AnalyzeConversationRequest>;

/** Conversation analysis result, with what the engine read it as. */
export const ConversationAnalysisOut = z.object({
  sentiment: z.enum(["positive", "negative", "neutral"]),
  intent: z.string(),
  urgency: z.number().min(0).max(1),
  confidence: z.number().min(0).max(1),
  recommendedResponse: z.string(),
  classification: z.enum(CLASSIFICATIONS),
  /** Why: the phrases and facts the engine weighed. */
  signals: z.array(z.string()),
  /** An AI flow of the workspace that would answer instead, if any. */
  flow: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** "local": the built-in engine; "llm": the configured language model. */
  source: z.enum(["local", "llm"]),
});
export type ConversationAnalysis = z.infer<typeof ConversationAnalysisOut>;

export const VOICE_TONES = ["professional", "friendly", "warm", "energetic"] as const;
export type VoiceTone = (typeof VOICE_TONES)[number];
export const VOICE_SPEEDS = ["slow", "normal", "fast"] as const;
export type VoiceSpeed = (typeof VOICE_SPEEDS)[number];
export const VOICE_LANGUAGES = ["en-US", "en-GB", "es-ES", "fr-FR"] as const;
export type VoiceLanguage = (typeof VOICE_LANGUAGES)[number];
export const VOICE_LANGUAGE_LABELS: Record<VoiceLanguage, string> = {
  "en-US": "English (US)",
  "en-GB": "English (UK)",
  "es-ES": "Spanish (Spain)",
  "fr-FR": "French (France)",
};

export const GENERATE_TEXT_MAX = 500;
export const GENERATE_TEXT_REQUIRED = "Please enter the text to speak";

export const GenerateVoiceRequest = z.object(
  {
    text: safeString("Text", GENERATE_TEXT_REQUIRED)
      .trim()
      .min(1, GENERATE_TEXT_REQUIRED)
      .max(GENERATE_TEXT_MAX, `The text must be at most ${GENERATE_TEXT_MAX} characters`),
    voiceSettings: z
      .object({
        tone: z
          .enum(VOICE_TONES, { error: `Voice style must be one of ${VOICE_TONES.join(", ")}` })
          .default("professional"),
        speed: z
          .enum(VOICE_SPEEDS, { error: `Speed must be one of ${VOICE_SPEEDS.join(", ")}` })
          .default("normal"),
        language: z
          .enum(VOICE_LANGUAGES, { error: `Language must be one of ${VOICE_LANGUAGES.join(", ")}` })
          .default("en-US"),
      })
      .default({ tone: "professional", speed: "normal", language: "en-US" }),
  },
  { error: GENERATE_TEXT_REQUIRED },
);
export type GenerateVoiceRequest = z.input<typeof GenerateVoiceRequest>;

export const GeneratedVoiceOut = z.object({
  /** Where the signed-in workspace plays it; another workspace gets 404 there. */
  audioUrl: z.string(),
  mimeType: z.string(),
  /** Length in seconds, read from the audio. */
  seconds: z.number(),
  /** The local voice used ("es+f2", ...). */
  voice: z.string(),
});
export type GeneratedVoice = z.infer<typeof GeneratedVoiceOut>;
export const GeneratedAudioParams = z.object({ id: z.uuid("That audio was not found") });

export const PERFORMANCE_WINDOWS = [7, 30] as const;

const windowFigures = z.object({
  days: z.number().int(),
  /** Ended calls in the window (test calls left out). */
  calls: z.number().int(),
  /** Share of ended calls the assistant handled to the end (completed or screened out with an action); null with no calls. */
  resolutionRate: z.number().nullable(),
  /** Share of ended calls put through to a person; null with no calls. */
  transferRate: z.number().nullable(),
  byClassification: z.array(z.object({ classification: z.string(), calls: z.number().int() })),
  /** Mean length of the ended calls; null with no calls. */
  averageDurationSeconds: z.number().nullable(),
});

/** GET /api/ai-studio/performance-metrics: figures computed from the workspace's stored calls. */
export const PerformanceMetricsOut = z.object({
  windows: z.array(windowFigures),
  /** Why some figures are not shown (not stored, so not computed). */
  notShown: z.array(z.string()),
  computedAt: z.string(),
});
export type PerformanceMetrics = z.infer<typeof PerformanceMetricsOut>;
