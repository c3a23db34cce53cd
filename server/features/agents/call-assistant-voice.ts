import type { AgentLanguage } from "../../../common/agents";
import type { ScriptVoice, VoiceSettings } from "../../../common/scripts";

/**
 * How a call speaks and listens under the default script and the routed agent,
 * as TwiML can say it: pure, stored with the call's engine state so every TwiML answer of the
 * call (a turn, a silence, a transfer) speaks the same way.
 * - the script's voice picks Twilio's <Say> voice (its OpenAI-style names to the nearest Polly
 *   timbre); without a script the account's chosen voice stays;
 * - the script's speed times the agent's speed is the SSML prosody rate; the agent's pitch (a
 *   factor) or else the script's pitch word is the prosody pitch; the agent's volume (0 to 1) is
 *   a prosody volume in decibels;
 * - the agent's primary language is what <Gather> recognises (the replies stay English: the
 *   engine composes them in English, so <Say> keeps the voice's own en-US);
 * - the agent's responseSpeed (seconds the agent waits once the caller stops) is <Gather
 *   speechTimeout>: Twilio takes whole seconds or "auto" (its quickest), so under 1 s is auto.
 */
export type CallVoice = {
  /** Twilio's <Say> voice; null: the account's chosen voice. */
  twilioVoice: string | null;
  /** SSML <prosody> attributes; null: as the voice speaks by default. */
  rate: string | null;
  pitch: string | null;
  volume: string | null;
  /** <Gather language>; null: en-US. */
  gatherLanguage: string | null;
  /** <Gather speechTimeout> in seconds; null: "auto". */
  speechTimeout: number | null;
};

/** The script's speech voices as Twilio's Polly voices (OpenAI-style names to the nearest timbre). */
export const TWILIO_VOICES: Record<ScriptVoice, string> = {
  nova: "Polly.Joanna",
  shimmer: "Polly.Salli",
  alloy: "Polly.Kendra",
  echo: "Polly.Matthew",
  fable: "Polly.Brian",
  onyx: "Polly.Joey",
};

/**
 * The agents' languages as Twilio's speech recognition names them. Haitian Creole is not among
 * the languages Twilio's <Gather> recognises, so its agents listen in US English.
 */
export const GATHER_LANGUAGES: Record<AgentLanguage, string | null> = {
  English: "en-US",
  Spanish: "es-US",
  French: "fr-FR",
  "Haitian Creole": null,
  Portuguese: "pt-BR",
  Chinese: "cmn-Hans-CN",
  Arabic: "ar-SA",
};

type AgentSpeech = {
  voiceSettings: { speed: number; pitch: number; volume: number };
  primaryLanguage: string;
  responseSpeed: number;
};

const percent = (factor: number) => `${Math.round(factor * 100)}%`;

function signedPercent(factor: number): string {
  const change = Math.round((factor - 1) * 100);
  return `${change > 0 ? "+" : ""}${change}%`;
}

/** A 0-1 loudness as SSML decibels (0.8 is about -1.9dB); null at full volume. */
function decibels(volume: number): string | null {
  if (volume >= 1) return null;
  const db = Math.round(20 * Math.log10(Math.max(volume, 0.05)) * 10) / 10;
  return `${db}dB`;
}

/** How a call speaks; null when neither a script nor an agent changes the account's voice. */
export function callVoice(
  script: { voiceSettings: VoiceSettings } | null,
  agent: AgentSpeech | null,
): CallVoice | null {
  if (!script && !agent) return null;
  const scriptVoice = script?.voiceSettings ?? null;
  const agentVoice = agent?.voiceSettings ?? null;
  const speed = (scriptVoice?.speed ?? 1) * (agentVoice?.speed ?? 1);
  const pitch =
    agentVoice && agentVoice.pitch !== 1
      ? signedPercent(agentVoice.pitch)
      : scriptVoice && scriptVoice.pitch !== "medium"
        ? scriptVoice.pitch
        : null;
  const language = agent ? (GATHER_LANGUAGES[agent.primaryLanguage as AgentLanguage] ?? null) : null;
  return {
    twilioVoice: scriptVoice ? TWILIO_VOICES[scriptVoice.voice] : null,
    rate: Math.abs(speed - 1) < 0.005 ? null : percent(speed),
    pitch,
    volume: agentVoice ? decibels(agentVoice.volume) : null,
    gatherLanguage: language === "en-US" ? null : language,
    speechTimeout: agent && agent.responseSpeed >= 1 ? Math.round(agent.responseSpeed) : null,
  };
}
