import type { CheckedAudio } from "../../audio/inspect";

/** A recorded turn, already checked (type, bytes, length) and stored in a temporary file. */
export type Recording = CheckedAudio & { bytes: Buffer };

/** What a recogniser is, for the screens that record and the system status. */
export type SpeechDescription =
  | { kind: "openai-compatible"; host: string; model: string }
  | { kind: "pocketsphinx"; modelDir: string };

/** Turns a recording into text. Adapters: an OpenAI-compatible API, or local pocketsphinx. */
export type SpeechToText = {
  readonly name: string;
  /** A recorded turn is given up after this long (SPEECH_TIMEOUT_MS). */
  readonly timeoutMs: number;
  describe(): SpeechDescription;
  /**
   * Throws SpeechTimeout when `deadline` fires (by default timeoutMs from now); the recogniser
   * is stopped. process-audio starts the deadline when the upload arrives, so checking the
   * recording counts too.
   */
  transcribe(recording: Recording, deadline?: AbortSignal): Promise<string>;
  /**
   * Throws (a domain failure with the reason) when recognition may not be used now, before the
   * recording is checked: the platform administrator switched transcription off.
   */
  available?(): Promise<void>;
};

/** Recognition ran past its deadline and was stopped. */
export class SpeechTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`speech recognition took longer than ${timeoutMs} ms`);
    this.name = "SpeechTimeout";
  }
}
