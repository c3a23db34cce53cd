import {
  type AiFlow,
  type AiFlowNextAction,
  type AutomationRule,
  describeAction,
  describeCondition,
  type VoiceClone,
} from "../../../common/ai-studio";
import { parseStockVoice, stockVoiceLabel } from "../../providers/voice/espeak";
import type { VoiceService } from "../voice/service";
import type { AiFlowRow, AutomationRuleRow } from "./repository";

type VoiceProfileRow = Awaited<ReturnType<VoiceService["list"]>>[number];

export function presentAiFlow(row: AiFlowRow): AiFlow {
  return {
    id: row.id,
    name: row.name,
    triggerKeywords: row.triggerKeywords,
    responseTemplate: row.responseTemplate,
    nextAction: row.nextAction as AiFlowNextAction,
    conditions: row.conditions,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentAutomationRule(row: AutomationRuleRow): AutomationRule {
  return {
    id: row.id,
    name: row.name,
    condition: row.condition,
    conditionText: describeCondition(row.condition),
    action: row.action,
    actionText: describeAction(row.action),
    isActive: row.isActive,
    runCount: row.runCount,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastOutcome: row.lastOutcome,
    lastFailed: row.lastFailed,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** "en-us" -> "en-US". */
const languageTag = (voice: string) => {
  const [language = "en", region] = voice.split("+")[0]?.split("-") ?? [];
  return region ? `${language}-${region.toUpperCase()}` : language;
};

/**
 * Voice clone from a voice profile: a voice the voice service cloned speaks in the
 * recorded voice (its language is the text's); a profile that was not cloned speaks with the
 * nearest built-in voice, whose language and accent are the built-in voice's.
 */
export function presentVoiceClone(row: VoiceProfileRow): VoiceClone {
  const cloned = row.provider !== "local";
  const stock = row.stockVoice ? parseStockVoice(row.stockVoice).voice : null;
  return {
    id: row.id,
    name: row.voiceName,
    voiceType: cloned ? "cloned" : "built-in",
    language: cloned ? "Any (the text's language)" : languageTag(stock ?? "en-us"),
    accent: cloned ? "The recorded voice's own" : stockVoiceLabel(row.stockVoice ?? "en-us+f2/p50"),
    isActive: row.isActive,
    quality: row.quality,
    sampleDuration: row.sampleDuration,
    createdAt: row.createdAt.toISOString(),
  };
}
