import type {
  AgentSpecialization,
  AgentStatus,
  AgentVoice,
  ResponseStyle,
  TelecomProvider,
  TelecomSpecialization,
} from "@common/agents";

export const SPECIALIZATION_LABELS: Record<AgentSpecialization, string> = {
  sales: "Sales",
  support: "Support",
  appointments: "Appointments",
  screening: "Screening",
  general: "General",
};

export const STATUS_LABELS: Record<AgentStatus, string> = {
  active: "Active",
  paused: "Paused",
  inactive: "Inactive",
};

export const AGENT_VOICE_LABELS: Record<AgentVoice, string> = {
  professional: "Professional",
  friendly: "Friendly",
  casual: "Casual",
  formal: "Formal",
};

export const TELECOM_SPECIALIZATION_LABELS: Record<TelecomSpecialization, string> = {
  internet: "Internet",
  tv: "TV",
  mobile: "Mobile",
  bundles: "Bundles",
  general: "General",
};

export const PROVIDER_LABELS: Record<TelecomProvider, string> = {
  viasat: "Viasat",
  att: "AT&T",
  spectrum: "Spectrum",
  xfinity: "Xfinity",
  directv: "DirecTV",
  dish: "DISH",
};

export const RESPONSE_STYLE_LABELS: Record<ResponseStyle, string> = {
  professional: "Professional",
  friendly: "Friendly",
  casual: "Casual",
  enthusiastic: "Enthusiastic",
};

/** A percentage as the screens show it: whole numbers, one decimal below 10. */
export function percent(value: number): string {
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${rounded}%`;
}

export const NEXT_ACTION_LABELS: Record<string, string> = {
  continue: "Continue the conversation",
  transfer: "Transfer to a person",
  schedule_appointment: "Book an appointment",
  take_message: "Take a message",
  end_call: "End the call",
};
