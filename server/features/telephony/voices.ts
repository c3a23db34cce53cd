import type { Config } from "../../config";
import { type Speech, twilioVoice } from "./twiml";

const VOICE_CACHE_MS = 5000;
const MAX_CACHED = 10_000;

export type Voices = ReturnType<typeof voices>;

/** How the assistant speaks on the phone: the workspace's chosen voice, or the configured default. */
export function voices(deps: {
  config: Config;
  voices: {
    activeVoice(workspaceId: string): Promise<{ stockVoice: string | null; voiceName: string } | undefined>;
  };
}) {
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
      const speech: Speech = {
        voice: twilioVoice(await deps.voices.activeVoice(workspaceId), config.telephony.defaultVoice),
        language: "en-US",
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
