import {
  DEFAULT_APPOINTMENT_SETTINGS,
  DEFAULT_OPENING_MESSAGE,
  DEFAULT_PERSONALITY_TRAITS,
  DEFAULT_SCRIPT_TYPE,
  DEFAULT_VOICE_SETTINGS,
  type Script,
  ScriptCreate,
  type ScriptPitch,
  type ScriptTone,
  type ScriptType,
  type ScriptVoice,
  type TransferCondition,
} from "@common/scripts";
import type { FormContract } from "../../lib/forms/contract-form";

/** The create/edit dialog's fields as typed (numbers and lists as text until sent). */
export type ScriptFormState = {
  name: string;
  description: string;
  scriptType: ScriptType;
  openingMessage: string;
  voice: ScriptVoice;
  speed: string;
  pitch: ScriptPitch;
  tone: ScriptTone;
  empathy: string;
  formality: string;
  /** Comma-separated. */
  transferKeywords: string;
  /** Empty: never by time. */
  transferMinutes: string;
  transferConditions: TransferCondition[];
  /** Empty: the workspace owner's cell. */
  transferNumber: string;
  /** One a line. */
  businessRules: string;
  /** One step a line, in order. */
  conversationFlow: string;
  appointmentsEnabled: boolean;
  appointmentMinutes: string;
  bufferMinutes: string;
  isActive: boolean;
  isDefault: boolean;
};

/** A new script's form: the defaults of the spec; an existing one's values to edit. */
export function scriptFormState(script: Script | null): ScriptFormState {
  if (!script) {
    return {
      name: "",
      description: "",
      scriptType: DEFAULT_SCRIPT_TYPE,
      openingMessage: DEFAULT_OPENING_MESSAGE,
      voice: DEFAULT_VOICE_SETTINGS.voice,
      speed: String(DEFAULT_VOICE_SETTINGS.speed),
      pitch: DEFAULT_VOICE_SETTINGS.pitch,
      tone: DEFAULT_PERSONALITY_TRAITS.tone,
      empathy: String(DEFAULT_PERSONALITY_TRAITS.empathy),
      formality: String(DEFAULT_PERSONALITY_TRAITS.formality),
      transferKeywords: "",
      transferMinutes: "",
      transferConditions: [],
      transferNumber: "",
      businessRules: "",
      conversationFlow: "",
      appointmentsEnabled: DEFAULT_APPOINTMENT_SETTINGS.enabled,
      appointmentMinutes: String(DEFAULT_APPOINTMENT_SETTINGS.durationMinutes),
      bufferMinutes: String(DEFAULT_APPOINTMENT_SETTINGS.bufferMinutes),
      isActive: true,
      isDefault: false,
    };
  }
  return {
    name: script.name,
    description: script.description ?? "",
    scriptType: script.scriptType,
    openingMessage: script.openingMessage,
    voice: script.voiceSettings.voice,
    speed: String(script.voiceSettings.speed),
    pitch: script.voiceSettings.pitch,
    tone: script.personalityTraits.tone,
    empathy: String(script.personalityTraits.empathy),
    formality: String(script.personalityTraits.formality),
    transferKeywords: script.transferRules.keywords.join(", "),
    transferMinutes: script.transferRules.minutes === null ? "" : String(script.transferRules.minutes),
    transferConditions: [...script.transferRules.conditions],
    transferNumber: script.transferRules.transferNumber ?? "",
    businessRules: script.businessRules.join("\n"),
    conversationFlow: script.conversationFlow.join("\n"),
    appointmentsEnabled: script.appointmentSettings.enabled,
    appointmentMinutes: String(script.appointmentSettings.durationMinutes),
    bufferMinutes: String(script.appointmentSettings.bufferMinutes),
    isActive: script.isActive,
    isDefault: script.isDefault,
  };
}

/** A typed number: blank or not a number stays NaN, so the schema names the field's rule. */
const numberOf = (text: string): number => (text.trim() === "" ? Number.NaN : Number(text));

/** The body of POST /api/ai-scripts and PUT /api/ai-scripts/:id (every field: the form has them all). */
export function scriptBody(form: ScriptFormState) {
  return {
    name: form.name,
    description: form.description.trim() || null,
    scriptType: form.scriptType,
    openingMessage: form.openingMessage,
    conversationFlow: form.conversationFlow,
    businessRules: form.businessRules,
    transferRules: {
      keywords: form.transferKeywords,
      minutes: form.transferMinutes.trim() === "" ? null : numberOf(form.transferMinutes),
      conditions: form.transferConditions,
      transferNumber: form.transferNumber.trim() || null,
    },
    appointmentSettings: {
      enabled: form.appointmentsEnabled,
      durationMinutes: numberOf(form.appointmentMinutes),
      bufferMinutes: numberOf(form.bufferMinutes),
    },
    voiceSettings: { voice: form.voice, speed: numberOf(form.speed), pitch: form.pitch },
    personalityTraits: {
      tone: form.tone,
      empathy: numberOf(form.empathy),
      formality: numberOf(form.formality),
    },
    isActive: form.isActive,
    isDefault: form.isDefault,
  } satisfies ScriptCreate;
}

/** The dialog's values checked by the contract of POST /api/ai-scripts. */
export const scriptContract: FormContract<ScriptFormState, ReturnType<typeof scriptBody>> = {
  schema: ScriptCreate,
  toBody: scriptBody,
};

/** The dialog's tabs, in the order a problem's tab is opened (the fields above them have none). */
export const SCRIPT_TABS = ["voice", "personality", "advanced"] as const;
export type ScriptTab = (typeof SCRIPT_TABS)[number];

/** Which dialog tab holds a field. */
export function tabOf(path: string): ScriptTab | "basics" {
  if (path.startsWith("voiceSettings")) return "voice";
  if (path.startsWith("personalityTraits")) return "personality";
  if (
    path.startsWith("transferRules") ||
    path.startsWith("businessRules") ||
    path.startsWith("conversationFlow") ||
    path.startsWith("appointmentSettings")
  )
    return "advanced";
  return "basics";
}
