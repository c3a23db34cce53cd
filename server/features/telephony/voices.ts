import type { Config } from "../../config";
import { type Speech, twilioVoice } from "./twiml";

const VOICE_CACHE_MS = 5000;
const MAX_CACHED = 10_000;

export type Voices = ReturnType<typeof voices>;

/** The workspace's chosen voice as the phone uses it (the voice area's). */
export type PhoneVoices = {
  phoneVoice(
    workspaceId: string,
  ): Promise<{ stockVoice: string | null; voiceName: string; play: Speech["play"] | null } | undefined>;
};

/**
 * How the assistant speaks on the phone: the workspace's chosen voice (its cloned voice played
 * with <Play> when it has one), or the configured default.
 */
export function voices(deps: { config: Config; voices: PhoneVoices }) {
  const { config } = deps;
  const cache = new Map<string, { speech: Speech; until: number }>();
  return {
    /**
     * The account's voice, read at most every few seconds per account: every TwiML answer needs
     * it, and a voice chosen in Settings a moment ago may wait for the next webhook or two.
     */
    async of(workspaceId: string): Promise<Speech> {
      const cached = cache.get(workspaceId);
      if (cached && cached.until > Date.now()) return cached.speech;
      const chosen = await deps.voices.phoneVoice(workspaceId);
      const speech: Speech = {
        voice: twilioVoice(chosen, config.telephony.defaultVoice),
        language: "en-US",
        ...(chosen?.play ? { play: chosen.play } : {}),
      };
      if (cache.size > MAX_CACHED) cache.clear();
      cache.set(workspaceId, { speech, until: Date.now() + VOICE_CACHE_MS });
      return speech;
    },

    /** The default voice, for answers given before (or without) reading the account's. */
    plain(): Speech {
      return { voice: config.telephony.defaultVoice, language: "en-US" };
    },
  };
}
