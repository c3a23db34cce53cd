import type { Config } from "../../config";
import { openAiSpeech } from "./openai";
import { localPocketsphinx } from "./pocketsphinx";
import type { SpeechToText } from "./types";

/** SPEECH_BASE_URL selects the API adapter; otherwise local pocketsphinx when installed; else none. */
export async function createSpeechProvider(config: Config): Promise<SpeechToText | null> {
  if (config.speech.baseUrl) {
    return openAiSpeech({
      baseUrl: config.speech.baseUrl,
      apiKey: config.speech.apiKey,
      model: config.speech.model,
      timeoutMs: config.speech.timeoutMs,
    });
  }
  if (config.speech.disableLocal) return null;
  return localPocketsphinx({ timeoutMs: config.speech.timeoutMs });
}

export { describeSpeech } from "./describe";
export type { Recording, SpeechDescription, SpeechToText } from "./types";
export { SpeechTimeout } from "./types";
