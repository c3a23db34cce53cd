import { z } from "zod";

/** One recorded caller turn is at most this long (a turn is a sentence or a few, not a speech). */
export const MAX_TURN_SECONDS = 60;

/**
 * The embedded recogniser's median word error rate on clear synthetic speech (20 sentences
 * spoken by espeak-ng, `npm run bench -- speech`): about 4 words in 5 come back wrong.
 */
export const POCKETSPHINX_MEDIAN_WER = 0.79;

export const SPEECH_KINDS = ["openai-compatible", "pocketsphinx", "none"] as const;
export type SpeechKind = (typeof SPEECH_KINDS)[number];

/** GET /api/speech/status: which recogniser turns recorded speech into text here, and how well. */
export const SpeechStatusOut = z.object({
  kind: z.enum(SPEECH_KINDS),
  /** Who recognises: "OpenAI-compatible service at whisper.local:8178", "local (pocketsphinx)", "none". */
  label: z.string(),
  /** good: a Whisper-class service; rough: the embedded recogniser; none: recordings cannot be transcribed. */
  accuracy: z.enum(["good", "rough", "none"]),
  /** The sentence the screens that record show. */
  message: z.string(),
  /** A recorded turn is given up after this many seconds. */
  timeoutSeconds: z.number(),
  maxTurnSeconds: z.number().int(),
});
export type SpeechStatus = z.infer<typeof SpeechStatusOut>;

/** Said when recognition runs past its deadline; the recogniser is stopped. */
export const speechTimedOut = (seconds: number) =>
  `Speech recognition took longer than ${seconds} seconds, so this turn was not transcribed. Type what the caller said, or record a shorter turn.`;
