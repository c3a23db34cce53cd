import type { ScriptPitch, ScriptTone, ScriptType, ScriptVoice } from "@common/scripts";

export const SCRIPT_TYPE_LABELS: Record<ScriptType, string> = {
  inbound: "Inbound",
  outbound: "Outbound",
  appointment: "Appointment",
  sales: "Sales",
  support: "Support",
};

export const VOICE_LABELS: Record<ScriptVoice, string> = {
  nova: "Nova",
  alloy: "Alloy",
  echo: "Echo",
  fable: "Fable",
  onyx: "Onyx",
  shimmer: "Shimmer",
};

export const PITCH_LABELS: Record<ScriptPitch, string> = { low: "Low", medium: "Medium", high: "High" };

export const TONE_LABELS: Record<ScriptTone, string> = {
  professional: "Professional",
  friendly: "Friendly",
  casual: "Casual",
  formal: "Formal",
};
