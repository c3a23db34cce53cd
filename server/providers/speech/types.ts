/** Turns a recording into text. Adapters: an OpenAI-compatible API, or local pocketsphinx. */
export type SpeechToText = {
  readonly name: string;
  transcribe(audio: Buffer, mimeType: string): Promise<string>;
};
