import {
  type ResponseStyle,
  TELECOM_DEFAULTS,
  type TelecomAgent,
  TelecomAgentSave,
  type TelecomProvider,
  type TelecomSpecialization,
} from "@common/agents";
import type { FormContract } from "../../lib/forms/contract-form";

/** The Agent Manager's edit form as typed; numbers as text (a non-number falls back). */
export type TelecomFormState = {
  id: string | undefined;
  name: string;
  specialization: TelecomSpecialization;
  providers: TelecomProvider[];
  personality: string;
  script: string;
  /** Comma-separated. */
  keywords: string;
  isActive: boolean;
  responseStyle: ResponseStyle;
  maxCallDuration: string;
  transferThreshold: string;
  dailyTarget: string;
  bundlePreference: string;
  upsellRate: string;
};

/** A new agent (Create New Agent: inactive, the spec defaults) or a saved one's values. */
export function telecomFormState(agent: TelecomAgent | null): TelecomFormState {
  return {
    id: agent?.id,
    name: agent?.name ?? "New Agent",
    specialization: agent?.specialization ?? "general",
    providers: agent ? [...agent.providers] : [],
    personality: agent?.personality ?? "",
    script: agent?.script ?? "",
    keywords: agent?.keywords.join(", ") ?? "",
    isActive: agent?.isActive ?? false,
    responseStyle: agent?.responseStyle ?? "professional",
    maxCallDuration: String(agent?.maxCallDuration ?? TELECOM_DEFAULTS.maxCallDuration),
    transferThreshold: String(agent?.transferThreshold ?? TELECOM_DEFAULTS.transferThreshold),
    dailyTarget: String(agent?.salesGoals.dailyTarget ?? TELECOM_DEFAULTS.dailyTarget),
    bundlePreference: String(agent?.salesGoals.bundlePreference ?? TELECOM_DEFAULTS.bundlePreference),
    upsellRate: String(agent?.salesGoals.upsellRate ?? TELECOM_DEFAULTS.upsellRate),
  };
}

/** The body of POST /api/agents/save. Numbers go as typed: the contract falls back when one is not numeric. */
export function telecomBody(form: TelecomFormState) {
  return {
    ...(form.id ? { id: form.id } : {}),
    name: form.name,
    specialization: form.specialization,
    providers: form.providers,
    personality: form.personality.trim() || null,
    script: form.script.trim() || null,
    keywords: form.keywords,
    isActive: form.isActive,
    responseStyle: form.responseStyle,
    maxCallDuration: form.maxCallDuration,
    transferThreshold: form.transferThreshold,
    salesGoals: {
      dailyTarget: form.dailyTarget,
      bundlePreference: form.bundlePreference,
      upsellRate: form.upsellRate,
    },
  } satisfies TelecomAgentSave;
}

/** The editor's values checked by the contract of POST /api/agents/save. */
export const telecomContract: FormContract<TelecomFormState, ReturnType<typeof telecomBody>> = {
  schema: TelecomAgentSave,
  toBody: telecomBody,
};

/** The editor's tabs, in the order a problem's tab is opened. */
export const TELECOM_TABS = ["basic", "behavior", "goals"] as const;
export type TelecomTab = (typeof TELECOM_TABS)[number];

export function telecomTabOf(path: string): TelecomTab {
  if (path.startsWith("salesGoals")) return "goals";
  if (["personality", "script", "responseStyle", "maxCallDuration", "transferThreshold"].includes(path))
    return "behavior";
  return "basic";
}
