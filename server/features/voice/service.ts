import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import {
  type CreateVoiceProfile,
  MAX_SAMPLE_BYTES,
  MAX_SAMPLE_SECONDS,
  MAX_VOICE_PROFILES,
  MIN_SPEECH_SECONDS,
  NO_SOUND_HEARD,
  RECOMMENDED_SAMPLE_SECONDS,
  SAMPLE_TOO_LARGE,
  tooLittleSpeech,
  VOICE_CONSENT_TEXT,
  VOICE_INPUT_REQUIRED,
  VOICE_PROFILE_LIMIT,
  type VoiceService as VoiceServiceStatus,
} from "../../../common/voice";
import { type AudioType, acceptedAudioType, audioFormat } from "../../audio/formats";
import { type AudioRules, decodeToPcm, tooLong, withCheckedAudio } from "../../audio/inspect";
import { ToolFailed, ToolTimeout } from "../../audio/tools";
import { audioWork } from "../../audio/work-queue";
import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import { Conflict, Invalid, notFound, TooLarge, Unavailable, UnsupportedFormat } from "../../domain/errors";
import { nearestStockVoice, stockVoiceLabel } from "../../providers/voice/espeak";
import type { VoiceProviders } from "../../providers/voice/index";
import type { SpeechAudio } from "../../providers/voice/types";
import { AnalysisFailed, analyzeOffThread } from "./analysis";
import { ANALYSIS_RATE, type SampleAnalysis, sampleQuality } from "./audio";
import { replyAudio } from "./reply-audio";
import { type VoiceProfileRow, voiceRepository } from "./repository";

export type VoiceDeps = {
  db: Db;
  dataDir: string;
  providers: VoiceProviders;
  log: FastifyBaseLogger;
  /** Signs the addresses of the assistant's spoken replies (reply-audio.ts). */
  appSecret: string;
  now?: (() => Date) | undefined;
};

const UNREADABLE = "The recording could not be read. Please record your sample again.";

/** A voice sample: at most MAX_SAMPLE_SECONDS long, refused before anything decodes it. */
const SAMPLE_RULES: AudioRules = {
  maxSeconds: MAX_SAMPLE_SECONDS,
  noun: "voice sample",
  tooLongAdvice: `Record a shorter one: ${RECOMMENDED_SAMPLE_SECONDS} seconds is plenty.`,
  unreadable: UNREADABLE,
};

/** A sample with no speech this quiet (dBFS over the whole of it) is taken as silence. */
const QUIET_DB = -50;

const DATA_URL = /^data:(audio\/[\w.+-]+)((?:;[\w.+-]+=[^;,]*)*);base64,/i;

/** The sample inside a data URL, refused early (before decoding) when it is too big. */
function readDataUrl(audioData: string): { bytes: Buffer; mimeType: AudioType; fullType: string } {
  const match = DATA_URL.exec(audioData.slice(0, 200));
  if (!match)
    throw new Invalid("The recording must be sent as an audio data URL (data:audio/...;base64,...)");
  const mimeType = acceptedAudioType(match[1]);
  if (!mimeType) {
    throw new UnsupportedFormat("Record the sample as WebM, Ogg, WAV, MP3 or MP4 audio");
  }
  const base64 = audioData.slice(match[0].length);
  if (Math.floor((base64.length * 3) / 4) > MAX_SAMPLE_BYTES + 3) throw new TooLarge(SAMPLE_TOO_LARGE);
  const bytes = Buffer.from(base64, "base64");
  // Buffer.from skips what is not base64: a length other than the text's says there was some.
  // (Cheaper than a regular expression over up to 11 MB of text on the event loop.)
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  if (bytes.length !== Math.floor(((base64.length - padding) * 3) / 4)) {
    throw new Invalid("The recording's data is not valid base64");
  }
  if (bytes.length === 0) throw new Invalid(VOICE_INPUT_REQUIRED);
  if (bytes.length > MAX_SAMPLE_BYTES) throw new TooLarge(SAMPLE_TOO_LARGE);
  return { bytes, mimeType, fullType: `${mimeType}${match[2] ?? ""}` };
}

export function voiceService({ db, dataDir, providers, log, appSecret, now }: VoiceDeps) {
  const repo = voiceRepository(db);
  const replies = replyAudio({
    repo,
    providers,
    appSecret,
    log,
    ...(now ? { now: () => now().getTime() } : {}),
  });
  const samplesDir = path.join(dataDir, "voice-samples");

  /**
   * Checks the sample's type, bytes and length (ffprobe) before decoding it in ffmpeg, capped at
   * the longest sample, then analyses it in a worker thread: nothing here holds the event loop.
   * Refuses silence, and a sample with less than MIN_SPEECH_SECONDS of speech in it.
   * Null when ffmpeg is not installed (the sample is stored unanalysed).
   */
  async function analyze(bytes: Buffer, type: AudioType): Promise<SampleAnalysis | null> {
    const analysis = await audioWork.run(() =>
      withCheckedAudio(bytes, type, SAMPLE_RULES, async (audio) => {
        if (!audio.probed) return null;
        let pcm: Int16Array;
        try {
          pcm = await decodeToPcm(audio, { rate: ANALYSIS_RATE, maxSeconds: MAX_SAMPLE_SECONDS });
        } catch (error) {
          if (error instanceof ToolFailed || error instanceof ToolTimeout) throw new Invalid(UNREADABLE);
          throw error;
        }
        // The container may not say how long it is (or may lie): the decoded length decides.
        if (pcm.length / ANALYSIS_RATE > MAX_SAMPLE_SECONDS) throw tooLong(SAMPLE_RULES, null);
        try {
          return await analyzeOffThread(pcm, ANALYSIS_RATE);
        } catch (error) {
          if (error instanceof AnalysisFailed) {
            log.warn({ err: error }, "voice sample analysis failed");
            throw new Invalid(UNREADABLE);
          }
          throw error;
        }
      }),
    );
    if (!analysis) return null;
    // Silence, or a faint hiss with no speech in it: the microphone, not the speaker, is the problem.
    if (analysis.levelDb < -60 || (analysis.speechSeconds === 0 && analysis.levelDb < QUIET_DB)) {
      throw new Invalid(NO_SOUND_HEARD);
    }
    // The speech heard decides, not the file's length: pauses, noise and tones carry no voice.
    if (analysis.speechSeconds < MIN_SPEECH_SECONDS)
      throw new Invalid(tooLittleSpeech(analysis.speechSeconds));
    return analysis;
  }

  function samplePath(row: VoiceProfileRow): string | null {
    if (!row.samplePath) return null;
    const full = path.resolve(dataDir, row.samplePath);
    return full.startsWith(path.resolve(samplesDir) + path.sep) ? full : null;
  }

  async function speakAs(row: VoiceProfileRow, text: string): Promise<SpeechAudio> {
    if (row.provider === "elevenlabs" && providers.cloner) {
      try {
        return await replies.speak(row, text);
      } catch (error) {
        log.warn({ err: error }, "voice service could not speak; using the local voice");
      }
    }
    if (!(await providers.stock.available())) {
      throw new Unavailable(
        "Text-to-speech is not available on this server right now (the built-in voice did not start). Please try again in a moment.",
      );
    }
    return providers.stock.speak(row.stockVoice ?? nearestStockVoice(null), text);
  }

  return {
    status: async (): Promise<VoiceServiceStatus> => {
      const speech = await providers.stock.available();
      if (providers.cloner) {
        return {
          provider: "elevenlabs",
          cloning: true,
          speech,
          message: "Your recorded voice is cloned by the voice service and speaks for your assistant.",
        };
      }
      return {
        provider: "local",
        cloning: false,
        speech,
        message: speech
          ? "Voice cloning is not set up on this server. Your sample is saved, and your assistant speaks with the built-in voice nearest to yours."
          : "Voice cloning is not set up on this server, and no built-in voice is installed. Your sample is saved for when cloning is available.",
      };
    },

    list: (account: Account) => repo.list(account.id),
    /** The workspace's chosen voice, for the phone line's spoken answers. */
    activeVoice: (workspaceId: string) => repo.activeVoice(workspaceId),

    /**
     * How the phone speaks for the workspace: its active profile's built-in voice (for <Say>),
     * and a player of its cloned voice when it has one and the voice service is set up.
     */
    async phoneVoice(workspaceId: string) {
      const row = await repo.active(workspaceId);
      if (!row) return undefined;
      return { stockVoice: row.stockVoice, voiceName: row.voiceName, play: replies.phonePlayer(row) };
    },

    /** The address of a reply's audio in the workspace's active voice for the browser demos; null without one. */
    async demoReplyAddress(workspaceId: string, text: string): Promise<string | null> {
      const row = await repo.active(workspaceId);
      return row ? replies.demoAddress(row, text) : null;
    },

    /** The audio a reply's signed address names (the public route's work). */
    replyAudio: (token: string) => replies.serve(token),

    async create(account: Account, input: CreateVoiceProfile & { consent: true }) {
      const { bytes, mimeType, fullType } = readDataUrl(input.audioData);
      // Said before any work on the sample; checked again, under a lock, when the row is written.
      if ((await repo.count(account.id)) >= MAX_VOICE_PROFILES) throw new Conflict(VOICE_PROFILE_LIMIT);
      const analysis = await analyze(bytes, mimeType);
      const id = randomUUID();
      const extension = audioFormat(mimeType).extension;
      const relative = path.join("voice-samples", account.id, `${id}.${extension}`);
      const file = path.join(dataDir, relative);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, bytes, { mode: 0o600 });

      const stockVoice = nearestStockVoice(analysis?.pitchHz ?? null);
      let voiceId = `local-${id}`;
      let provider = "local";
      let notice: string | null =
        `Voice cloning is not set up on this server, so your sample was saved and your assistant will speak with the nearest built-in voice (${stockVoiceLabel(stockVoice)}).`;
      if (providers.cloner) {
        try {
          voiceId = (
            await providers.cloner.clone({
              name: input.voiceName,
              audio: bytes,
              mimeType: fullType,
              fileName: `${id}.${extension}`,
            })
          ).voiceId;
          provider = providers.cloner.name;
          notice = null;
        } catch (error) {
          log.warn({ err: error }, "voice cloning failed; the profile uses the local voice");
          notice = `The voice service could not clone this voice right now, so your sample was saved and your assistant will speak with the nearest built-in voice (${stockVoiceLabel(stockVoice)}).`;
        }
      }

      // Hashed in the thread pool (Web Crypto), not on the event loop.
      const sha256 = Buffer.from(await crypto.subtle.digest("SHA-256", new Uint8Array(bytes))).toString(
        "hex",
      );
      try {
        const row = await repo.insertWithinLimit(account.id, MAX_VOICE_PROFILES, {
          id,
          voiceId,
          voiceName: input.voiceName,
          quality: analysis ? sampleQuality(analysis, RECOMMENDED_SAMPLE_SECONDS) : 0,
          sampleDuration: analysis ? Math.round(analysis.duration) : 0,
          provider,
          stockVoice,
          samplePath: relative,
          sampleBytes: bytes.length,
          sampleMimeType: fullType,
          sampleSha256: sha256,
          consentAt: new Date(),
          consentText: VOICE_CONSENT_TEXT,
          createdBy: account.actor?.id ?? null,
        });
        if (!row) throw new Conflict(VOICE_PROFILE_LIMIT);
        return { row, notice };
      } catch (error) {
        await rm(file, { force: true });
        if (provider !== "local") providers.cloner?.remove(voiceId).catch(() => {});
        throw error;
      }
    },

    async activate(account: Account, id: string): Promise<VoiceProfileRow> {
      const row = await repo.activate(account.id, id);
      if (!row) throw notFound("That voice profile");
      return row;
    },

    /** Deletes the profile, its sample file and the cloned voice at the service. */
    async remove(account: Account, id: string): Promise<void> {
      const row = await repo.remove(account.id, id);
      if (!row) throw notFound("That voice profile");
      const file = samplePath(row);
      if (file) await rm(file, { force: true });
      if (row.provider === "elevenlabs" && providers.cloner) {
        providers.cloner
          .remove(row.voiceId)
          .catch((error) =>
            log.warn({ err: error }, "could not delete the cloned voice at the voice service"),
          );
      }
    },

    async sample(account: Account, id: string): Promise<{ audio: Buffer; mimeType: string }> {
      const row = await repo.get(account.id, id);
      if (!row) throw notFound("That voice profile");
      const file = samplePath(row);
      if (!file) throw notFound("That voice sample");
      try {
        return {
          audio: await readFile(file),
          mimeType: (row.sampleMimeType ?? "audio/webm").split(";")[0] ?? "audio/webm",
        };
      } catch {
        throw notFound("That voice sample");
      }
    },

    async preview(account: Account, id: string, text: string): Promise<SpeechAudio> {
      const row = await repo.get(account.id, id);
      if (!row) throw notFound("That voice profile");
      return speakAs(row, text);
    },

    /** The account's active voice speaking a line (for telephony and previews); null without one. */
    async speakWithActiveVoice(userId: string, text: string): Promise<SpeechAudio | null> {
      const row = await repo.active(userId);
      return row ? speakAs(row, text) : null;
    },
  };
}

export type VoiceService = ReturnType<typeof voiceService>;
