import { z } from "zod";
import { safeString } from "./text";

/** The recommended sample length. */
export const RECOMMENDED_SAMPLE_SECONDS = 30;
/**
 * Seconds of speech (measured in the sample: pauses, silence, noise and tones do not count) below
 * which a sample is refused: less cannot carry a voice.
 */
export const MIN_SPEECH_SECONDS = 10;
/** Recording stops by itself here. */
export const MAX_SAMPLE_SECONDS = 120;
/** The decoded sample's size limit (30 s of browser audio is about 0.2 MB; of WAV about 3 MB). */
export const MAX_SAMPLE_BYTES = 8 * 1024 * 1024;
export const VOICE_NAME_MAX = 60;
/** Voice profiles one account may keep (each holds a recording, and maybe a voice at the service). */
export const MAX_VOICE_PROFILES = 10;

/** What the voice form says without a recording or a name. */
export const VOICE_INPUT_REQUIRED = "Please record audio and enter a voice name";
export const MICROPHONE_FAILED = "Failed to access microphone. Please check permissions.";
export const VOICE_CREATE_FAILED = "Failed to create voice profile. Please try again.";
export const VOICE_CONSENT_REQUIRED =
  "Please confirm this is your own voice and that you consent to cloning it";
export const VOICE_PROFILE_LIMIT = `You have ${MAX_VOICE_PROFILES} voice profiles, the most an account can keep. Delete one you no longer use to create another.`;
export const NO_SOUND_HEARD = "No sound was heard in the recording. Check your microphone and record again.";
/** Said before recording: what the sample needs to be taken. */
export const SPEECH_NEEDED = `Speak for at least ${MIN_SPEECH_SECONDS} seconds (pauses do not count); ${RECOMMENDED_SAMPLE_SECONDS} seconds is recommended.`;

/** The refusal of a sample with too little speech, stating what was measured (whole seconds, rounded down). */
export function tooLittleSpeech(speechSeconds: number): string {
  const heard = Math.max(0, Math.floor(speechSeconds));
  const advice = `Record at least ${MIN_SPEECH_SECONDS} seconds of your voice speaking; ${RECOMMENDED_SAMPLE_SECONDS} seconds is recommended.`;
  if (heard === 0) return `No speech was heard in the sample. ${advice}`;
  return `The sample has only ${heard} second${heard === 1 ? "" : "s"} of speech. ${advice}`;
}
export const SAMPLE_TOO_LARGE = `The voice sample is larger than ${MAX_SAMPLE_BYTES / 1024 / 1024} MB. Record a shorter sample (${RECOMMENDED_SAMPLE_SECONDS} seconds is plenty).`;

/** What the user agrees to; stored word for word with the time and the sample's SHA-256. */
export const VOICE_CONSENT_TEXT =
  "This recording is of my own voice. I consent to it being stored and used to create a synthetic voice that speaks for my assistant on my calls, and I can delete it at any time.";

export const ACCEPTED_AUDIO_TYPES = [
  "audio/webm",
  "audio/ogg",
  "audio/wav",
  "audio/x-wav",
  "audio/wave",
  "audio/mpeg",
  "audio/mp4",
  "audio/aac",
] as const;

export const CreateVoiceProfile = z.object({
  voiceName: safeString("The voice name", VOICE_INPUT_REQUIRED)
    .trim()
    .min(1, VOICE_INPUT_REQUIRED)
    .max(VOICE_NAME_MAX, `The voice name must be at most ${VOICE_NAME_MAX} characters`),
  /** The recording as a data URL ("data:audio/webm;codecs=opus;base64,..."). */
  audioData: safeString("The recording", VOICE_INPUT_REQUIRED).min(1, VOICE_INPUT_REQUIRED),
  consent: z.literal(true, { error: VOICE_CONSENT_REQUIRED }),
});
export type CreateVoiceProfile = z.input<typeof CreateVoiceProfile>;

export const VoiceProfileParams = z.object({ id: z.uuid("That voice profile was not found") });

export const VoiceProfileOut = z.object({
  id: z.string(),
  voiceId: z.string(),
  voiceName: z.string(),
  isActive: z.boolean(),
  /** 0 to 100: how well the sample suits cloning (length and level). */
  quality: z.number().int(),
  sampleDuration: z.number().int(),
  sampleBytes: z.number().int(),
  /** "elevenlabs" when the voice was cloned by the voice service; "local" otherwise. */
  provider: z.string(),
  cloned: z.boolean(),
  /** The built-in voice that speaks for a profile that is not cloned. */
  stockVoice: z.string().nullable(),
  stockVoiceLabel: z.string().nullable(),
  consentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type VoiceProfile = z.infer<typeof VoiceProfileOut>;

export const VoiceProfileCreated = VoiceProfileOut.extend({
  /** Said plainly when the voice was stored but not cloned. */
  notice: z.string().nullable(),
});

/** GET /api/voice-profiles/service: whether real cloning is available, in words for the screen. */
export const VoiceServiceOut = z.object({
  provider: z.enum(["elevenlabs", "local"]),
  cloning: z.boolean(),
  speech: z.boolean(),
  message: z.string(),
});
export type VoiceService = z.infer<typeof VoiceServiceOut>;
