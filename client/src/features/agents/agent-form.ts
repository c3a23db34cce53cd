import {
  AGENT_DEFAULTS,
  type Agent,
  AgentCreate,
  type AgentLanguage,
  type AgentSpecialization,
  type AgentVoice,
} from "@common/agents";
import type { FormContract } from "../../lib/forms/contract-form";

type Tone = Agent["voiceSettings"]["tone"];

/** The Create Agent dialog's fields as typed (numbers and lists as text until sent). */
export type AgentFormState = {
  name: string;
  /** Empty: the next free extension. */
  extension: string;
  specialization: AgentSpecialization;
  purpose: string;
  /** Comma-separated. */
  keywords: string;
  script: string;
  closingStyle: string;
  voice: AgentVoice;
  personality: string;
  conversationStyle: string;
  empathyLevel: string;
  assertivenessLevel: string;
  responseSpeed: string;
  knowledgeBase: string;
  /** One a line. */
  rebuttalPlaybook: string;
  objectionHandling: string;
  salesTechniques: string;
  maxCallDuration: string;
  transferThreshold: string;
  voiceSpeed: string;
  voicePitch: string;
  voiceVolume: string;
  voiceTone: Tone;
  creativityLevel: string;
  contextWindow: string;
  interruptionHandling: boolean;
  backgroundNoiseFilter: boolean;
  sentimentAdaptation: boolean;
  languages: AgentLanguage[];
  primaryLanguage: AgentLanguage;
};

/** A new agent's form (the defaults of the spec), or an agent's values to edit. */
export function agentFormState(agent: Agent | null): AgentFormState {
  const d = AGENT_DEFAULTS;
  return {
    name: agent?.name ?? "",
    extension: agent?.extension ?? "",
    specialization: agent?.specialization ?? d.specialization,
    purpose: agent?.purpose ?? "",
    keywords: agent?.keywords.join(", ") ?? "",
    script: agent?.script ?? "",
    closingStyle: agent?.closingStyle ?? "",
    voice: agent?.voice ?? d.voice,
    personality: agent?.personality ?? "",
    conversationStyle: agent?.conversationStyle ?? "",
    empathyLevel: String(agent?.empathyLevel ?? d.empathyLevel),
    assertivenessLevel: String(agent?.assertivenessLevel ?? d.assertivenessLevel),
    responseSpeed: String(agent?.responseSpeed ?? d.responseSpeed),
    knowledgeBase: agent?.knowledgeBase ?? "",
    rebuttalPlaybook: agent?.rebuttalPlaybook.join("\n") ?? "",
    objectionHandling: agent?.objectionHandling ?? "",
    salesTechniques: agent?.salesTechniques ?? "",
    maxCallDuration: String(agent?.maxCallDuration ?? d.maxCallDuration),
    transferThreshold: String(agent?.transferThreshold ?? d.transferThreshold),
    voiceSpeed: String(agent?.voiceSettings.speed ?? d.voiceSettings.speed),
    voicePitch: String(agent?.voiceSettings.pitch ?? d.voiceSettings.pitch),
    voiceVolume: String(agent?.voiceSettings.volume ?? d.voiceSettings.volume),
    voiceTone: agent?.voiceSettings.tone ?? d.voiceSettings.tone,
    creativityLevel: String(agent?.aiSettings.creativityLevel ?? d.aiSettings.creativityLevel),
    contextWindow: String(agent?.aiSettings.contextWindow ?? d.aiSettings.contextWindow),
    interruptionHandling: agent?.aiSettings.interruptionHandling ?? d.aiSettings.interruptionHandling,
    backgroundNoiseFilter: agent?.aiSettings.backgroundNoiseFilter ?? d.aiSettings.backgroundNoiseFilter,
    sentimentAdaptation: agent?.aiSettings.sentimentAdaptation ?? d.aiSettings.sentimentAdaptation,
    languages: agent ? [...agent.languages] : [d.primaryLanguage],
    primaryLanguage: agent?.primaryLanguage ?? d.primaryLanguage,
  };
}

/** A typed number: blank or not a number stays NaN, so the schema names the field's rule. */
const numberOf = (text: string): number => (text.trim() === "" ? Number.NaN : Number(text));
const textOf = (text: string): string | null => text.trim() || null;

/** The body of POST /api/ai-agents and PUT /api/ai-agents/:id. */
export function agentBody(form: AgentFormState) {
  // The primary language is one the agent speaks.
  const languages = form.languages.includes(form.primaryLanguage)
    ? form.languages
    : [form.primaryLanguage, ...form.languages];
  return {
    name: form.name,
    extension: form.extension.trim() || null,
    specialization: form.specialization,
    purpose: textOf(form.purpose),
    keywords: form.keywords,
    script: textOf(form.script),
    closingStyle: textOf(form.closingStyle),
    voice: form.voice,
    personality: textOf(form.personality),
    conversationStyle: textOf(form.conversationStyle),
    empathyLevel: numberOf(form.empathyLevel),
    assertivenessLevel: numberOf(form.assertivenessLevel),
    responseSpeed: numberOf(form.responseSpeed),
    knowledgeBase: textOf(form.knowledgeBase),
    rebuttalPlaybook: form.rebuttalPlaybook,
    objectionHandling: textOf(form.objectionHandling),
    salesTechniques: textOf(form.salesTechniques),
    maxCallDuration: numberOf(form.maxCallDuration),
    transferThreshold: numberOf(form.transferThreshold),
    voiceSettings: {
      speed: numberOf(form.voiceSpeed),
      pitch: numberOf(form.voicePitch),
      volume: numberOf(form.voiceVolume),
      tone: form.voiceTone,
    },
    aiSettings: {
      creativityLevel: numberOf(form.creativityLevel),
      contextWindow: numberOf(form.contextWindow),
      interruptionHandling: form.interruptionHandling,
      backgroundNoiseFilter: form.backgroundNoiseFilter,
      sentimentAdaptation: form.sentimentAdaptation,
    },
    languages,
    primaryLanguage: form.primaryLanguage,
  } satisfies AgentCreate;
}

/** The dialog's values checked by the contract of POST /api/ai-agents. */
export const agentContract: FormContract<AgentFormState, ReturnType<typeof agentBody>> = {
  schema: AgentCreate,
  toBody: agentBody,
};

/** The dialog's tabs, in the order a problem's tab is opened. */
export const AGENT_TABS = ["basics", "personality", "knowledge", "voice"] as const;
export type AgentTab = (typeof AGENT_TABS)[number];

/** The dialog tab that holds a field. */
export function agentTabOf(path: string): AgentTab {
  const top = path.split(".")[0] ?? "";
  if (
    [
      "voice",
      "personality",
      "conversationStyle",
      "empathyLevel",
      "assertivenessLevel",
      "responseSpeed",
    ].includes(top)
  )
    return "personality";
  if (["knowledgeBase", "rebuttalPlaybook", "objectionHandling", "salesTechniques"].includes(top))
    return "knowledge";
  if (
    [
      "voiceSettings",
      "aiSettings",
      "languages",
      "primaryLanguage",
      "maxCallDuration",
      "transferThreshold",
    ].includes(top)
  )
    return "voice";
  return "basics";
}

/** Pause on an active agent, Activate on a paused or inactive one. */
export const toggledStatus = (agent: Pick<Agent, "status">) =>
  agent.status === "active" ? "paused" : "active";

/** A card shows at most three keyword badges. */
export const CARD_KEYWORDS = 3;
