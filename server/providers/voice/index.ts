import type { Config } from "../../config";
import { elevenLabsCloner } from "./elevenlabs";
import { espeakSpeech } from "./espeak";
import type { StockSpeech, VoiceCloner } from "./types";

export type VoiceProviders = { cloner: VoiceCloner | null; stock: StockSpeech };

/** The voice service when VOICE_API_KEY is set; the local espeak-ng voice always, as the fallback. */
export function createVoiceProviders(config: Config): VoiceProviders {
  return {
    cloner: config.voice.apiKey
      ? elevenLabsCloner({
          apiKey: config.voice.apiKey,
          baseUrl: config.voice.baseUrl,
          model: config.voice.model,
          timeoutMs: config.voice.timeoutMs,
        })
      : null,
    stock: espeakSpeech(),
  };
}

export type { StockSpeech, VoiceCloner };
