import { MAX_TURN_SECONDS, POCKETSPHINX_MEDIAN_WER, type SpeechStatus } from "../../../common/speech";
import type { SpeechToText } from "./types";

/**
 * The recogniser in words for the screens that record (GET /api/speech/status) and for the
 * system status: who turns recorded speech into text here, and how well.
 */
export function describeSpeech(speech: SpeechToText | null, timeoutMs: number): SpeechStatus {
  const limits = { timeoutSeconds: timeoutMs / 1000, maxTurnSeconds: MAX_TURN_SECONDS };
  const described = speech?.describe();
  if (described?.kind === "openai-compatible") {
    const label = `OpenAI-compatible service at ${described.host}`;
    return {
      kind: "openai-compatible",
      label,
      accuracy: "good",
      message: `Speech recognition: ${label} (${described.model}). Recorded turns are transcribed there.`,
      ...limits,
    };
  }
  if (described?.kind === "pocketsphinx") {
    const wrong = Math.round(POCKETSPHINX_MEDIAN_WER * 10);
    return {
      kind: "pocketsphinx",
      label: "local (pocketsphinx)",
      accuracy: "rough",
      message: `Speech recognition: local (pocketsphinx), rough on open speech: about ${wrong} words in 10 come back wrong. For accurate transcripts, ask the platform administrator to connect a Whisper speech server.`,
      ...limits,
    };
  }
  return {
    kind: "none",
    label: "none",
    accuracy: "none",
    message:
      "Speech recognition: none on this server, so recordings cannot be transcribed. Type what the caller says, or ask the platform administrator to connect a Whisper speech server.",
    ...limits,
  };
}
