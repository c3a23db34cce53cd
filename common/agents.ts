import { z } from "zod";
import { CallOutcomeCountsOut, CLASSIFICATIONS } from "./calls";
import { keywordList, keywordsOf, lineList, linesOf } from "./scripts";
import { safeString } from "./text";

/**
 * AI agents, their routing (routing rules and conversation flows), telecom agents, the
 * conversation test and the agent test suites (AI Agents, Agent Manager, Conversation
 * Flow, Test Preview; the spec ai_agents, conversation_flows,
 * routing_rules). Everything is stored per workspace; routing picks the agent that answers a
 * caller's words, and that agent's settings shape the reply.
 */

export { keywordsOf, linesOf };

// --- AI agents -------------------------------------------------------------------------------

export const AGENT_STATUSES = ["active", "paused", "inactive"] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

export const AGENT_SPECIALIZATIONS = ["sales", "support", "appointments", "screening", "general"] as const;
export type AgentSpecialization = (typeof AGENT_SPECIALIZATIONS)[number];

/** The agent's speaking manner ("voice"). */
export const AGENT_VOICES = ["professional", "friendly", "casual", "formal"] as const;
export type AgentVoice = (typeof AGENT_VOICES)[number];

export const AGENT_TONES = ["professional", "friendly", "casual", "formal"] as const;

/** Supported languages (the script panel lists the first five). */
export const AGENT_LANGUAGES = [
  "English",
  "Spanish",
  "French",
  "Haitian Creole",
  "Portuguese",
  "Chinese",
  "Arabic",
] as const;
export type AgentLanguage = (typeof AGENT_LANGUAGES)[number];

/** Local agent defaults. */
export const AGENT_DEFAULTS = {
  status: "inactive",
  specialization: "general",
  voice: "professional",
  responseSpeed: 0.3,
  empathyLevel: 5,
  assertivenessLevel: 5,
  maxCallDuration: 20,
  transferThreshold: 0.7,
  primaryLanguage: "English",
  voiceSettings: { speed: 1, pitch: 1, volume: 0.8, tone: "professional" },
  aiSettings: {
    creativityLevel: 0.5,
    contextWindow: 10,
    interruptionHandling: true,
    backgroundNoiseFilter: true,
    sentimentAdaptation: true,
  },
} as const;

/** The first auto-assigned extension is 101 (the highest plus one, 100 when none). */
export const FIRST_EXTENSION = 101;
export const MAX_AGENTS = 100;
export const AGENT_TEXT_MAX = 4000;
export const AGENT_NAME_MAX = 80;

export const AGENT_NAME_REQUIRED = "Agent name is required";
export const AGENT_NOT_FOUND = "That agent was not found";
export const EXTENSION_MESSAGE = "Extension must be 2 to 6 digits, like 101";
export const extensionTaken = (extension: string) =>
  `Extension ${extension} is already used by another agent. Choose another or leave it empty to assign the next free one.`;
export const AGENT_LIMIT_MESSAGE = `A workspace can keep at most ${MAX_AGENTS} agents. Delete one you no longer use to create another.`;
export const AGENT_SPECIALIZATION_MESSAGE =
  "Specialization must be sales, support, appointments, screening or general";
export const AGENT_VOICE_MESSAGE = "Voice must be professional, friendly, casual or formal";
export const AGENT_STATUS_MESSAGE = "Status must be active, paused or inactive";
export const AGENT_LANGUAGE_MESSAGE = `Languages must be among ${AGENT_LANGUAGES.join(", ")}`;

const text = (label: string, max = AGENT_TEXT_MAX) =>
  safeString(label)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

const number = (label: string, min: number, max: number, whole = false) => {
  const message = `${label} must be ${whole ? "a whole number" : "a number"} from ${min} to ${max}`;
  const base = z.number({ error: message }).min(min, message).max(max, message);
  return whole ? base.int(message) : base;
};

const agentName = safeString("Agent name", AGENT_NAME_REQUIRED)
  .trim()
  .min(1, AGENT_NAME_REQUIRED)
  .max(AGENT_NAME_MAX, `Agent name must be at most ${AGENT_NAME_MAX} characters`);

const extension = z
  .preprocess(
    (value) => (typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : value),
    z.union([z.literal(""), z.string().regex(/^\d{2,6}$/, EXTENSION_MESSAGE)], { error: EXTENSION_MESSAGE }),
  )
  .nullish()
  .transform((value) => value || null);

export const AgentVoiceSettingsSchema = z.object({
  /** Speaking rate, 1 is normal. */
  speed: number("Voice speed", 0.5, 2).default(AGENT_DEFAULTS.voiceSettings.speed),
  /** Relative pitch, 1 is the voice's own. */
  pitch: number("Voice pitch", 0.5, 2).default(AGENT_DEFAULTS.voiceSettings.pitch),
  /** 0 to 1. */
  volume: number("Voice volume", 0, 1).default(AGENT_DEFAULTS.voiceSettings.volume),
  tone: z
    .enum(AGENT_TONES, { error: "Voice tone must be professional, friendly, casual or formal" })
    .default(AGENT_DEFAULTS.voiceSettings.tone),
});

export const AgentAiSettingsSchema = z.object({
  /** 0 to 1: the language model's temperature; locally, how much the wording varies. */
  creativityLevel: number("Creativity", 0, 1).default(AGENT_DEFAULTS.aiSettings.creativityLevel),
  /** Earlier turns of the call the agent takes into account. */
  contextWindow: number("Context window", 1, 50, true).default(AGENT_DEFAULTS.aiSettings.contextWindow),
  /** The caller may speak over the agent (barge-in on real calls). */
  interruptionHandling: z
    .boolean({ error: "Interruption handling must be true or false" })
    .default(AGENT_DEFAULTS.aiSettings.interruptionHandling),
  /** Ignore turns that carry no words (line noise) instead of answering them. */
  backgroundNoiseFilter: z
    .boolean({ error: "Background noise filter must be true or false" })
    .default(AGENT_DEFAULTS.aiSettings.backgroundNoiseFilter),
  /** Acknowledge an upset caller's feelings before answering. */
  sentimentAdaptation: z
    .boolean({ error: "Sentiment adaptation must be true or false" })
    .default(AGENT_DEFAULTS.aiSettings.sentimentAdaptation),
});

const agentFields = {
  name: agentName,
  /** Digits; empty or absent assigns the highest numeric extension plus one (101 first). */
  extension,
  purpose: text("Purpose", 500),
  personality: text("Personality", 500),
  /** Facts the agent answers from, one per line. */
  knowledgeBase: text("Knowledge base"),
  /** One rebuttal per line (a list or text; blank lines dropped). */
  rebuttalPlaybook: lineList("Rebuttal playbook"),
  /** How the agent ends the call (its last sentence). */
  closingStyle: text("Closing style", 500),
  specialization: z.enum(AGENT_SPECIALIZATIONS, { error: AGENT_SPECIALIZATION_MESSAGE }),
  voice: z.enum(AGENT_VOICES, { error: AGENT_VOICE_MESSAGE }),
  /** Seconds of pause before the agent answers (0 to 3). */
  responseSpeed: number("Response speed", 0, 3),
  empathyLevel: number("Empathy level", 1, 10, true),
  assertivenessLevel: number("Assertiveness level", 1, 10, true),
  /** Minutes; the call is handed over (or closed) when it lasts longer. */
  maxCallDuration: number("Max call duration", 1, 240, true),
  /** 0 to 1: a turn at least this urgent is transferred to a person. */
  transferThreshold: number("Transfer threshold", 0, 1),
  voiceSettings: AgentVoiceSettingsSchema,
  aiSettings: AgentAiSettingsSchema,
  languages: z
    .array(z.enum(AGENT_LANGUAGES, { error: AGENT_LANGUAGE_MESSAGE }))
    .max(AGENT_LANGUAGES.length)
    .transform((list) => [...new Set(list)]),
  primaryLanguage: z.enum(AGENT_LANGUAGES, { error: AGENT_LANGUAGE_MESSAGE }),
  /** What the agent says first when a call is routed to it. */
  script: text("Script"),
  /** Routing words: a list or a comma-separated text (splits on comma-space). */
  keywords: keywordList("Keywords"),
  objectionHandling: text("Objection handling"),
  salesTechniques: text("Sales techniques"),
  conversationStyle: text("Conversation style", 500),
};

/**
 * POST /api/ai-agents. New agents start inactive with no calls; Activate them with
 * the toggle. Every field but the name has the defaults of the spec.
 */
export const AgentCreate = z.object({
  name: agentFields.name,
  extension: agentFields.extension,
  purpose: agentFields.purpose,
  personality: agentFields.personality,
  knowledgeBase: agentFields.knowledgeBase,
  rebuttalPlaybook: agentFields.rebuttalPlaybook.default([]),
  closingStyle: agentFields.closingStyle,
  specialization: agentFields.specialization.default(AGENT_DEFAULTS.specialization),
  voice: agentFields.voice.default(AGENT_DEFAULTS.voice),
  responseSpeed: agentFields.responseSpeed.default(AGENT_DEFAULTS.responseSpeed),
  empathyLevel: agentFields.empathyLevel.default(AGENT_DEFAULTS.empathyLevel),
  assertivenessLevel: agentFields.assertivenessLevel.default(AGENT_DEFAULTS.assertivenessLevel),
  maxCallDuration: agentFields.maxCallDuration.default(AGENT_DEFAULTS.maxCallDuration),
  transferThreshold: agentFields.transferThreshold.default(AGENT_DEFAULTS.transferThreshold),
  voiceSettings: agentFields.voiceSettings.default({ ...AGENT_DEFAULTS.voiceSettings }),
  aiSettings: agentFields.aiSettings.default({ ...AGENT_DEFAULTS.aiSettings }),
  languages: agentFields.languages.default(["English"]),
  primaryLanguage: agentFields.primaryLanguage.default(AGENT_DEFAULTS.primaryLanguage),
  script: agentFields.script,
  keywords: agentFields.keywords.default([]),
  objectionHandling: agentFields.objectionHandling,
  salesTechniques: agentFields.salesTechniques,
  conversationStyle: agentFields.conversationStyle,
  /** The original client sends these; the server decides them (status inactive, figures from calls). */
  id: z.unknown().optional(),
  userId: z.unknown().optional(),
  callsHandled: z.unknown().optional(),
  successRate: z.unknown().optional(),
  performanceMetrics: z.unknown().optional(),
  isActive: z.unknown().optional(),
});
export type AgentCreate = z.input<typeof AgentCreate>;
export type AgentFields = z.output<typeof AgentCreate>;

/** PUT (or PATCH) /api/ai-agents/:id: the fields sent change; status too. */
export const AgentUpdate = z
  .object({
    ...agentFields,
    status: z.enum(AGENT_STATUSES, { error: AGENT_STATUS_MESSAGE }),
    id: z.unknown(),
    userId: z.unknown(),
    callsHandled: z.unknown(),
    successRate: z.unknown(),
    performanceMetrics: z.unknown(),
    isActive: z.unknown(),
  })
  .partial()
  .refine(
    (body) =>
      Object.keys(body).some(
        (key) =>
          !["id", "userId", "callsHandled", "successRate", "performanceMetrics", "isActive"].includes(key),
      ),
    { message: "Send at least one field to change" },
  );
export type AgentUpdate = z.input<typeof AgentUpdate>;

export const AgentIdParams = z.object({ id: z.uuid(AGENT_NOT_FOUND) });

/** Figures computed from the calls the agent handled (null until it has handled one). */
export const AgentPerformanceOut = z.object({
  /** Milliseconds from the caller's words to the agent's reply, on average. */
  averageResponseTime: z.number().nullable(),
  /** 0 to 100: calls whose caller ended positive or neutral. */
  satisfactionScore: z.number().nullable(),
  /** 0 to 100: calls that ended with an appointment booked or a sale-ready caller handed over. */
  conversionRate: z.number().nullable(),
  /** 0 to 100: calls transferred to a person. */
  escalationRate: z.number().nullable(),
});

export const AgentOut = z.object({
  id: z.string(),
  name: z.string(),
  extension: z.string(),
  purpose: z.string().nullable(),
  personality: z.string().nullable(),
  knowledgeBase: z.string().nullable(),
  rebuttalPlaybook: z.array(z.string()),
  closingStyle: z.string().nullable(),
  status: z.enum(AGENT_STATUSES),
  /** status is active. */
  isActive: z.boolean(),
  specialization: z.enum(AGENT_SPECIALIZATIONS),
  voice: z.enum(AGENT_VOICES),
  responseSpeed: z.number(),
  empathyLevel: z.number().int(),
  assertivenessLevel: z.number().int(),
  maxCallDuration: z.number().int(),
  transferThreshold: z.number(),
  voiceSettings: z.object({
    speed: z.number(),
    pitch: z.number(),
    volume: z.number(),
    tone: z.enum(AGENT_TONES),
  }),
  aiSettings: z.object({
    creativityLevel: z.number(),
    contextWindow: z.number().int(),
    interruptionHandling: z.boolean(),
    backgroundNoiseFilter: z.boolean(),
    sentimentAdaptation: z.boolean(),
  }),
  performanceMetrics: AgentPerformanceOut,
  languages: z.array(z.enum(AGENT_LANGUAGES)),
  primaryLanguage: z.enum(AGENT_LANGUAGES),
  /** Counted from the calls routed to it. */
  callsHandled: z.number().int(),
  /** 0 to 100, from the calls it handled; 0 with none. */
  successRate: z.number(),
  script: z.string().nullable(),
  keywords: z.array(z.string()),
  objectionHandling: z.string().nullable(),
  salesTechniques: z.string().nullable(),
  conversationStyle: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Agent = z.infer<typeof AgentOut>;

export const AgentListResponse = z.array(AgentOut);
export const DeleteAgentResponse = z.object({ deleted: z.literal(true), id: z.string() });

/** GET /api/ai-agents/analytics: computed from the calls the agents handled. */
export const AgentAnalyticsOut = z.object({
  totalAgents: z.number().int(),
  activeAgents: z.number().int(),
  totalCalls: z.number().int(),
  /** 0 to 100, averaged over agents that handled at least one call; 0 with none. */
  avgSuccessRate: z.number(),
  bestPerformer: z
    .object({ id: z.string(), name: z.string(), successRate: z.number(), callsHandled: z.number().int() })
    .nullable(),
  /** Every agent's ended real calls by what they came to (from the calls themselves). */
  outcomes: CallOutcomeCountsOut,
  agents: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      extension: z.string(),
      specialization: z.enum(AGENT_SPECIALIZATIONS),
      status: z.enum(AGENT_STATUSES),
      callsHandled: z.number().int(),
      successRate: z.number(),
      transfers: z.number().int(),
      averageResponseTime: z.number().nullable(),
      /** This agent's ended real calls by what they came to. */
      outcomes: CallOutcomeCountsOut,
    }),
  ),
});
export type AgentAnalytics = z.infer<typeof AgentAnalyticsOut>;

// --- Routing rules and conversation flows ---------------------------------------------------

export const CALL_DIRECTIONS = ["inbound", "outbound"] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];
export const RULE_DIRECTIONS = ["any", "inbound", "outbound"] as const;

/**
 * What a routed turn does next: continue the conversation, transfer to a person, book an
 * appointment, take a message, or end the call.
 */
export const NEXT_ACTIONS = [
  "continue",
  "transfer",
  "schedule_appointment",
  "take_message",
  "end_call",
] as const;
export type NextAction = (typeof NEXT_ACTIONS)[number];
export const NEXT_ACTION_MESSAGE = `Next action must be one of ${NEXT_ACTIONS.join(", ")}`;

export const PRIORITY_MIN = 0;
export const PRIORITY_MAX = 100;
export const PRIORITY_MESSAGE = `Priority must be a whole number from ${PRIORITY_MIN} to ${PRIORITY_MAX} (higher wins)`;
export const MAX_ROUTING_RULES = 200;
export const MAX_CONVERSATION_FLOWS = 200;

export const RULE_NAME_REQUIRED = "Rule name is required";
export const FLOW_NAME_REQUIRED = "Flow name is required";
export const FLOW_TRIGGER_REQUIRED = "Enter at least one trigger word or phrase";
export const FLOW_RESPONSE_REQUIRED = "Response is required";
export const RULE_KEYWORDS_REQUIRED = "Enter at least one keyword, or an extension in the conditions";
export const RULE_AGENT_REQUIRED = "Choose the agent this routes to";
export const RULE_NOT_FOUND = "That routing rule was not found";
export const FLOW_NOT_FOUND = "That conversation flow was not found";
export const ROUTING_LIMIT_MESSAGE = `A workspace can keep at most ${MAX_ROUTING_RULES} routing rules.`;
export const FLOW_LIMIT_MESSAGE = `A workspace can keep at most ${MAX_CONVERSATION_FLOWS} conversation flows.`;

/** When a rule or flow applies, beside its words. */
export const RoutingConditionsSchema = z.object({
  direction: z.enum(RULE_DIRECTIONS, { error: "Direction must be any, inbound or outbound" }).default("any"),
  /** Applies when the caller dialled (or said) this extension. */
  extension: extension,
  /** Applies only when the caller's words are classified as one of these (empty: any). */
  classifications: z
    .array(z.enum(CLASSIFICATIONS, { error: `Classifications must be among ${CLASSIFICATIONS.join(", ")}` }))
    .max(CLASSIFICATIONS.length)
    .default([])
    .transform((list) => [...new Set(list)]),
});
export type RoutingConditions = z.infer<typeof RoutingConditionsSchema>;
const DEFAULT_CONDITIONS = { direction: "any", extension: null, classifications: [] } as const;

const priority = z
  .number({ error: PRIORITY_MESSAGE })
  .int(PRIORITY_MESSAGE)
  .min(PRIORITY_MIN, PRIORITY_MESSAGE)
  .max(PRIORITY_MAX, PRIORITY_MESSAGE);
const agentId = z.uuid(RULE_AGENT_REQUIRED);

export const RoutingRuleCreate = z
  .object({
    name: safeString("Rule name", RULE_NAME_REQUIRED)
      .trim()
      .min(1, RULE_NAME_REQUIRED)
      .max(120, "Rule name must be at most 120 characters"),
    keywords: keywordList("Keywords").default([]),
    agentId,
    priority: priority.default(0),
    conditions: RoutingConditionsSchema.default({ ...DEFAULT_CONDITIONS, classifications: [] }),
    isActive: z.boolean({ error: "Active must be true or false" }).default(true),
  })
  .refine((rule) => rule.keywords.length > 0 || rule.conditions.extension !== null, {
    message: RULE_KEYWORDS_REQUIRED,
    path: ["keywords"],
  });
export type RoutingRuleCreate = z.input<typeof RoutingRuleCreate>;

export const RoutingRuleUpdate = z
  .object({
    name: safeString("Rule name", RULE_NAME_REQUIRED)
      .trim()
      .min(1, RULE_NAME_REQUIRED)
      .max(120, "Rule name must be at most 120 characters"),
    keywords: keywordList("Keywords"),
    agentId,
    priority,
    conditions: RoutingConditionsSchema,
    isActive: z.boolean({ error: "Active must be true or false" }),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: "Send at least one field to change" });
export type RoutingRuleUpdate = z.input<typeof RoutingRuleUpdate>;

export const RoutingConditionsOut = z.object({
  direction: z.enum(RULE_DIRECTIONS),
  extension: z.string().nullable(),
  classifications: z.array(z.enum(CLASSIFICATIONS)),
});

export const RoutingRuleOut = z.object({
  id: z.string(),
  name: z.string(),
  keywords: z.array(z.string()),
  agentId: z.string(),
  priority: z.number().int(),
  conditions: RoutingConditionsOut,
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoutingRule = z.infer<typeof RoutingRuleOut>;
export const RoutingRuleListResponse = z.array(RoutingRuleOut);
export const RoutingRuleIdParams = z.object({ id: z.uuid(RULE_NOT_FOUND) });

const flowResponse = safeString("Response", FLOW_RESPONSE_REQUIRED)
  .trim()
  .min(1, FLOW_RESPONSE_REQUIRED)
  .max(1000, "Response must be at most 1000 characters");

/**
 * A conversation flow: when the caller's words contain one of its triggers, its agent answers
 * with its response (variables {callerName}, {agentName}, {businessName}, {ownerName} are filled
 * in) and the call takes its next action.
 */
export const ConversationFlowCreate = z.object({
  name: safeString("Flow name", FLOW_NAME_REQUIRED)
    .trim()
    .min(1, FLOW_NAME_REQUIRED)
    .max(120, "Flow name must be at most 120 characters"),
  trigger: keywordList("Trigger").refine((list) => list.length > 0, FLOW_TRIGGER_REQUIRED),
  conditions: RoutingConditionsSchema.default({ ...DEFAULT_CONDITIONS, classifications: [] }),
  agentId,
  response: flowResponse,
  nextAction: z.enum(NEXT_ACTIONS, { error: NEXT_ACTION_MESSAGE }).default("continue"),
  priority: priority.default(0),
  isActive: z.boolean({ error: "Active must be true or false" }).default(true),
});
export type ConversationFlowCreate = z.input<typeof ConversationFlowCreate>;

export const ConversationFlowUpdate = z
  .object({
    name: safeString("Flow name", FLOW_NAME_REQUIRED)
      .trim()
      .min(1, FLOW_NAME_REQUIRED)
      .max(120, "Flow name must be at most 120 characters"),
    trigger: keywordList("Trigger").refine((list) => list.length > 0, FLOW_TRIGGER_REQUIRED),
    conditions: RoutingConditionsSchema,
    agentId,
    response: flowResponse,
    nextAction: z.enum(NEXT_ACTIONS, { error: NEXT_ACTION_MESSAGE }),
    priority,
    isActive: z.boolean({ error: "Active must be true or false" }),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: "Send at least one field to change" });
export type ConversationFlowUpdate = z.input<typeof ConversationFlowUpdate>;

export const ConversationFlowOut = z.object({
  id: z.string(),
  name: z.string(),
  trigger: z.array(z.string()),
  conditions: RoutingConditionsOut,
  agentId: z.string(),
  response: z.string(),
  nextAction: z.enum(NEXT_ACTIONS),
  priority: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConversationFlow = z.infer<typeof ConversationFlowOut>;
export const ConversationFlowListResponse = z.array(ConversationFlowOut);
export const ConversationFlowIdParams = z.object({ id: z.uuid(FLOW_NOT_FOUND) });

// --- Telecom agents (/agent-manager) ----------------------------------------------------------

export const TELECOM_SPECIALIZATIONS = ["internet", "tv", "mobile", "bundles", "general"] as const;
export type TelecomSpecialization = (typeof TELECOM_SPECIALIZATIONS)[number];
export const TELECOM_PROVIDERS = ["viasat", "att", "spectrum", "xfinity", "directv", "dish"] as const;
export type TelecomProvider = (typeof TELECOM_PROVIDERS)[number];
export const RESPONSE_STYLES = ["professional", "friendly", "casual", "enthusiastic"] as const;
export type ResponseStyle = (typeof RESPONSE_STYLES)[number];

/** What a field falls back to when the input is not numeric. */
export const TELECOM_DEFAULTS = {
  maxCallDuration: 15,
  transferThreshold: 3,
  dailyTarget: 10,
  bundlePreference: 50,
  upsellRate: 30,
} as const;

export const DELETE_AGENT_CONFIRM = "Are you sure you want to delete this agent?";
export const TELECOM_MESSAGES = {
  saved: "Agent saved successfully",
  saveFailed: "Error saving agent",
  saveFailedDetail: "Please try again.",
  deleteFailed: "Error deleting agent",
} as const;
export const PERCENT_MESSAGE = (label: string) => `${label} must be from 0 to 100`;

/** A number, or the fallback when the input is not numeric (empty, text, null, absent). */
const numericOr = (fallback: number) =>
  z.preprocess((value) => {
    const parsed = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    return typeof parsed === "number" && Number.isFinite(parsed) ? parsed : fallback;
  }, z.number());

export const TelecomAgentSave = z.object({
  /** Absent: a new agent. Present: replaces the workspace's agent with this id (404 if none). */
  id: z.uuid(AGENT_NOT_FOUND).optional(),
  name: agentName,
  specialization: z
    .enum(TELECOM_SPECIALIZATIONS, {
      error: "Specialization must be internet, tv, mobile, bundles or general",
    })
    .default("general"),
  providers: z
    .array(z.enum(TELECOM_PROVIDERS, { error: `Providers must be among ${TELECOM_PROVIDERS.join(", ")}` }))
    .max(TELECOM_PROVIDERS.length)
    .default([])
    .transform((list) => [...new Set(list)]),
  personality: text("Personality", 1000),
  script: text("Script"),
  keywords: keywordList("Keywords").default([]),
  /** New agents start inactive; the edit switch turns it on. */
  isActive: z.boolean({ error: "Active must be true or false" }).default(false),
  responseStyle: z
    .enum(RESPONSE_STYLES, { error: "Response style must be professional, friendly, casual or enthusiastic" })
    .default("professional"),
  /** Minutes. */
  maxCallDuration: numericOr(TELECOM_DEFAULTS.maxCallDuration).pipe(
    z
      .number()
      .int("Max call duration must be whole minutes")
      .min(1, "Max call duration must be at least 1 minute")
      .max(240, "Max call duration must be at most 240 minutes"),
  ),
  /** Objections before the call is handed to a person. */
  transferThreshold: numericOr(TELECOM_DEFAULTS.transferThreshold).pipe(
    z
      .number()
      .int("Transfer threshold must be a whole number")
      .min(0, "Transfer threshold must be from 0 to 20")
      .max(20, "Transfer threshold must be from 0 to 20"),
  ),
  salesGoals: z
    .object({
      dailyTarget: numericOr(TELECOM_DEFAULTS.dailyTarget).pipe(
        z
          .number()
          .int("Daily target must be a whole number")
          .min(0, "Daily target must be from 0 to 1000")
          .max(1000, "Daily target must be from 0 to 1000"),
      ),
      bundlePreference: numericOr(TELECOM_DEFAULTS.bundlePreference).pipe(
        z
          .number()
          .min(0, PERCENT_MESSAGE("Bundle preference"))
          .max(100, PERCENT_MESSAGE("Bundle preference")),
      ),
      upsellRate: numericOr(TELECOM_DEFAULTS.upsellRate).pipe(
        z.number().min(0, PERCENT_MESSAGE("Upsell rate")).max(100, PERCENT_MESSAGE("Upsell rate")),
      ),
    })
    .default({
      dailyTarget: TELECOM_DEFAULTS.dailyTarget,
      bundlePreference: TELECOM_DEFAULTS.bundlePreference,
      upsellRate: TELECOM_DEFAULTS.upsellRate,
    }),
});
export type TelecomAgentSave = z.input<typeof TelecomAgentSave>;

export const TelecomAgentOut = z.object({
  id: z.string(),
  name: z.string(),
  specialization: z.enum(TELECOM_SPECIALIZATIONS),
  providers: z.array(z.enum(TELECOM_PROVIDERS)),
  personality: z.string().nullable(),
  script: z.string().nullable(),
  keywords: z.array(z.string()),
  isActive: z.boolean(),
  responseStyle: z.enum(RESPONSE_STYLES),
  maxCallDuration: z.number().int(),
  transferThreshold: z.number().int(),
  salesGoals: z.object({
    dailyTarget: z.number().int(),
    bundlePreference: z.number(),
    upsellRate: z.number(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TelecomAgent = z.infer<typeof TelecomAgentOut>;
export const TelecomAgentListResponse = z.array(TelecomAgentOut);
export const TelecomAgentSaveResponse = z.object({ success: z.literal(true), agent: TelecomAgentOut });
export const TelecomAgentIdParams = z.object({ id: z.uuid(AGENT_NOT_FOUND) });

// --- Conversation tests ----------------------------------------------------------------------

/** Phrases that make the preview a transfer case. */
export const TRANSFER_PHRASES = [
  "enterprise-level",
  "custom equipment",
  "special pricing",
  "multiple locations",
  "complex",
] as const;

/** An empty preview message is replaced by a default greeting, and a fixed number is sent. */
export const DEFAULT_TEST_MESSAGE = "Hello, I'd like to learn more about your services.";
export const TEST_PHONE_NUMBER = "+15555550123";
export const TEST_MESSAGE_MAX = 2000;
export const HISTORY_MAX = 50;

export const CONVERSATION_MESSAGES = {
  enterMessage: "Please enter a test message",
  testFailed: (status: number, statusText: string) => `Test failed: ${status} ${statusText}`,
  previewFailed: "Preview failed",
  previewFailedDetail: "Failed to generate conversation preview",
  previewCompleted: "Preview completed",
  respondedSuccessfully: (agentName: string) => `${agentName} responded successfully`,
  noResponse: "No response generated",
  noResults: "No Test Results Yet",
  testFailedTitle: "Test Failed",
} as const;

/** A turn of earlier conversation: the caller's or the agent's (aliases user/assistant accepted). */
export const HistoryTurn = z.preprocess(
  (value) => {
    if (!value || typeof value !== "object") return value;
    const turn = value as Record<string, unknown>;
    const role =
      turn.role === "user" || turn.role === "customer"
        ? "caller"
        : turn.role === "assistant" || turn.role === "ai"
          ? "agent"
          : turn.role;
    return { role, text: turn.text ?? turn.content ?? turn.message };
  },
  z.object({
    role: z.enum(["caller", "agent"], { error: "Each history turn's role must be caller or agent" }),
    text: safeString("History text").max(
      TEST_MESSAGE_MAX,
      `Each history turn must be at most ${TEST_MESSAGE_MAX} characters`,
    ),
  }),
);
export type HistoryTurn = z.output<typeof HistoryTurn>;

/**
 * POST /api/conversation/test. An empty or absent message is the default greeting. The variant
 * (with agentType or conversationHistory) also answers routingReason and processingTime.
 * agentType names a specialization ("sales") or an agent's name, or an agent's id, to ask that
 * agent directly instead of routing.
 */
export const ConversationTestRequest = z.object({
  message: safeString("Message")
    .max(TEST_MESSAGE_MAX, `The message must be at most ${TEST_MESSAGE_MAX} characters`)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : DEFAULT_TEST_MESSAGE)),
  phoneNumber: safeString("Phone number")
    .trim()
    .max(40, "The phone number must be at most 40 characters")
    .nullish()
    .transform((value) => value || TEST_PHONE_NUMBER),
  agentType: safeString("Agent type")
    .trim()
    .max(120, "Agent type must be at most 120 characters")
    .nullish()
    .transform((value) => value || null),
  conversationHistory: z
    .array(HistoryTurn)
    .max(HISTORY_MAX, `At most ${HISTORY_MAX} earlier turns`)
    .nullish(),
  /** Which script answers; absent: the workspace's default script. */
  scriptId: z.uuid("That script was not found").nullish(),
  direction: z.enum(CALL_DIRECTIONS, { error: "Direction must be inbound or outbound" }).default("inbound"),
  /** The extension the caller dialled, if any. */
  extension: extension,
});
export type ConversationTestRequest = z.input<typeof ConversationTestRequest>;

/**
 * POST /api/ai-agents/test: one message (after any history) to one agent of the workspace,
 * active or not, through the same engine as a call. Answers as the conversation test's variant.
 */
export const AgentTestRequest = ConversationTestRequest.omit({ agentType: true, extension: true }).extend({
  agentId: z.uuid(AGENT_NOT_FOUND),
});
export type AgentTestRequest = z.input<typeof AgentTestRequest>;

export const RoutedAgentOut = z.object({
  /** Null when no agent of the workspace is active: the workspace's assistant answers. */
  id: z.string().nullable(),
  name: z.string(),
  specialization: z.string(),
  extension: z.string().nullable(),
});

export const ConversationTestResponse = z.object({
  agent: RoutedAgentOut,
  response: z.string(),
  /** 0 to 1. */
  confidence: z.number().min(0).max(1),
  nextAction: z.enum(NEXT_ACTIONS),
  classification: z.enum(CLASSIFICATIONS),
  intent: z.string(),
  /** Why this agent answered (variant only). */
  routingReason: z.string().optional(),
  /** Server milliseconds (variant only). */
  processingTime: z.number().optional(),
  /** The script that answered, if any. */
  scriptId: z.string().nullable(),
  transfer: z.boolean(),
  transferNumber: z.string().nullable(),
  holdMessage: z.string().nullable(),
  fallbackMessage: z.string().nullable(),
  /** A TwiML document: Say the hold message, Dial the number, Say the fallback, Hangup. */
  twiml: z.string().nullable(),
  transferReason: z.string().nullable(),
  /** What a caller hears first on this workspace's calls: the default script's opening, else the settings' greeting. */
  greeting: z.string().optional(),
});
export type ConversationTestResponse = z.infer<typeof ConversationTestResponse>;

// --- Agent test suites ----------------------------------------------------------------------

export const MAX_TEST_CASES = 200;
export const MAX_TEST_TURNS = 20;
export const TEST_CASE_NAME_REQUIRED = "Test name is required";
export const TEST_TURNS_REQUIRED = "Add at least one caller turn";
export const TEST_CASE_NOT_FOUND = "That test case was not found";
export const TEST_LIMIT_MESSAGE = `A workspace can keep at most ${MAX_TEST_CASES} test cases.`;
export const TEST_EXPECTATION_REQUIRED =
  "Choose at least one expectation: the agent, the classification, or transfer or not";

const turnList = z.preprocess(
  linesOf,
  z
    .array(
      safeString("Caller turn")
        .trim()
        .min(1)
        .max(TEST_MESSAGE_MAX, `Each caller turn must be at most ${TEST_MESSAGE_MAX} characters`),
      { error: TEST_TURNS_REQUIRED },
    )
    .min(1, TEST_TURNS_REQUIRED)
    .max(MAX_TEST_TURNS, `A test can have at most ${MAX_TEST_TURNS} caller turns`),
);

const testCaseFields = {
  name: safeString("Test name", TEST_CASE_NAME_REQUIRED)
    .trim()
    .min(1, TEST_CASE_NAME_REQUIRED)
    .max(120, "Test name must be at most 120 characters"),
  /** What the caller says, turn by turn (a list, or text with one turn per line). */
  turns: turnList,
  /** The agent the last turn should be routed to; null: not checked. */
  expectedAgentId: z
    .uuid(AGENT_NOT_FOUND)
    .nullish()
    .transform((value) => value ?? null),
  /** The call's classification after the last turn; null: not checked. */
  expectedClassification: z
    .enum(CLASSIFICATIONS, { error: `Expected classification must be among ${CLASSIFICATIONS.join(", ")}` })
    .nullish()
    .transform((value) => value ?? null),
  /** Whether the call should be transferred by the end; null: not checked. */
  expectTransfer: z
    .boolean({ error: "Transfer expected must be true, false or empty" })
    .nullish()
    .transform((value) => value ?? null),
  /** The script the case runs with; null: the workspace's default script at run time. */
  scriptId: z
    .uuid("That script was not found")
    .nullish()
    .transform((value) => value ?? null),
  direction: z.enum(CALL_DIRECTIONS, { error: "Direction must be inbound or outbound" }),
};

export const AgentTestCreate = z
  .object({ ...testCaseFields, direction: testCaseFields.direction.default("inbound") })
  .refine(
    (body) =>
      body.expectedAgentId !== null || body.expectedClassification !== null || body.expectTransfer !== null,
    { message: TEST_EXPECTATION_REQUIRED, path: ["expectTransfer"] },
  );
export type AgentTestCreate = z.input<typeof AgentTestCreate>;

export const AgentTestUpdate = z
  .object(testCaseFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: "Send at least one field to change" });
export type AgentTestUpdate = z.input<typeof AgentTestUpdate>;

export const AgentTestIdParams = z.object({ id: z.uuid(TEST_CASE_NOT_FOUND) });

/** What one run of a case saw, turn by turn and at the end. */
export const AgentTestActualOut = z.object({
  /** What the caller heard first: the opening of the case's script (or its direction's), as on a call. */
  greeting: z.string(),
  agent: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
  classification: z.enum(CLASSIFICATIONS).nullable(),
  transfer: z.boolean(),
  response: z.string().nullable(),
  turns: z.array(
    z.object({
      caller: z.string(),
      reply: z.string().nullable(),
      agentName: z.string().nullable(),
      classification: z.enum(CLASSIFICATIONS),
      transfer: z.boolean(),
    }),
  ),
});

export const AgentTestResultOut = z.object({
  caseId: z.string(),
  name: z.string(),
  passed: z.boolean(),
  /** Each expectation that did not hold, as a sentence ("Expected support, got sales"). */
  failures: z.array(z.string()),
  actual: AgentTestActualOut,
  durationMs: z.number(),
});
export type AgentTestResult = z.infer<typeof AgentTestResultOut>;

export const AgentTestOut = z.object({
  id: z.string(),
  name: z.string(),
  turns: z.array(z.string()),
  expectedAgentId: z.string().nullable(),
  expectedClassification: z.enum(CLASSIFICATIONS).nullable(),
  expectTransfer: z.boolean().nullable(),
  scriptId: z.string().nullable(),
  direction: z.enum(CALL_DIRECTIONS),
  /** The template it came with, if any. */
  templateId: z.string().nullable(),
  /** The last run's outcome, null before the first run. */
  lastRun: z.object({ passed: z.boolean(), failures: z.array(z.string()), ranAt: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AgentTest = z.infer<typeof AgentTestOut>;
export const AgentTestListResponse = z.array(AgentTestOut);

/** POST /api/agent-tests/run: the cases to run, or every case when ids is absent. */
export const AgentTestRunRequest = z
  .object({
    ids: z
      .array(z.uuid(TEST_CASE_NOT_FOUND))
      .min(1, "Choose at least one test case to run")
      .max(MAX_TEST_CASES)
      .optional(),
  })
  .nullish()
  .transform((value) => value ?? {});
export type AgentTestRunRequest = z.input<typeof AgentTestRunRequest>;

export const AgentTestRunResponse = z.object({
  results: z.array(AgentTestResultOut),
  passed: z.number().int(),
  failed: z.number().int(),
  durationMs: z.number(),
});
export type AgentTestRunResponse = z.infer<typeof AgentTestRunResponse>;
