/** Synthesised speech: WAV from the local voice, MP3 from the voice service. */
export type SpeechAudio = { audio: Buffer; mimeType: string };

/** A voice-cloning service (ElevenLabs' API shape): clone from a sample, speak, delete. */
export type VoiceCloner = {
  readonly name: "elevenlabs";
  clone(input: {
    name: string;
    audio: Buffer;
    mimeType: string;
    fileName: string;
  }): Promise<{ voiceId: string }>;
  speak(voiceId: string, text: string): Promise<SpeechAudio>;
  remove(voiceId: string): Promise<void>;
};

/** The local text-to-speech: built-in voices only, no cloning. */
export type StockSpeech = {
  readonly name: "espeak-ng";
  available(): Promise<boolean>;
  /** `wordsPerMinute`: espeak-ng's rate (default 165). */
  speak(stockVoice: string, text: string, options?: { wordsPerMinute?: number }): Promise<SpeechAudio>;
};

export class VoiceServiceError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "VoiceServiceError";
  }
}
