import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import {
  ACCEPTED_AUDIO_TYPES,
  type CreateVoiceProfile,
  MAX_SAMPLE_BYTES,
  MIN_SAMPLE_SECONDS,
  RECOMMENDED_SAMPLE_SECONDS,
  SAMPLE_TOO_LARGE,
  VOICE_CONSENT_TEXT,
  VOICE_INPUT_REQUIRED,
  type VoiceService as VoiceServiceStatus,
} from "../../../common/voice";
import type { Db } from "../../db/client";
import { badRequest, HttpError, notFound } from "../../http/errors";
import { nearestStockVoice, stockVoiceLabel } from "../../providers/voice/espeak";
import type { VoiceProviders } from "../../providers/voice/index";
import type { SpeechAudio } from "../../providers/voice/types";
import type { UserRow } from "../auth/repository";
import { analyzePcm, decodeToPcm, type SampleAnalysis, sampleQuality } from "./audio";
import { type VoiceProfileRow, voiceRepository } from "./repository";

export type VoiceDeps = { db: Db; dataDir: string; providers: VoiceProviders; log: FastifyBaseLogger };

const EXTENSIONS: Record<string, string> = {
  "audio/webm": "webm",
  "audio/ogg": "ogg",
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "audio/aac": "aac",
};

const DATA_URL = /^data:(audio\/[\w.+-]+)((?:;[\w.+-]+=[^;,]*)*);base64,/i;

/** The sample inside a data URL, refused early (before decoding) when it is too big. */
function readDataUrl(audioData: string): { bytes: Buffer; mimeType: string; fullType: string } {
  const match = DATA_URL.exec(audioData.slice(0, 200));
  if (!match) throw badRequest("The recording must be sent as an audio data URL (data:audio/...;base64,...)");
  const mimeType = (match[1] ?? "").toLowerCase();
  if (!(ACCEPTED_AUDIO_TYPES as readonly string[]).includes(mimeType)) {
    throw new HttpError(415, "Record the sample as WebM, Ogg, WAV, MP3 or MP4 audio");
  }
  const base64 = audioData.slice(match[0].length);
  if (Math.floor((base64.length * 3) / 4) > MAX_SAMPLE_BYTES + 3) throw new HttpError(413, SAMPLE_TOO_LARGE);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw badRequest("The recording's data is not valid base64");
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length === 0) throw badRequest(VOICE_INPUT_REQUIRED);
  if (bytes.length > MAX_SAMPLE_BYTES) throw new HttpError(413, SAMPLE_TOO_LARGE);
  return { bytes, mimeType, fullType: `${mimeType}${match[2] ?? ""}` };
}

export function voiceService({ db, dataDir, providers, log }: VoiceDeps) {
  const repo = voiceRepository(db);
  const samplesDir = path.join(dataDir, "voice-samples");

  async function analyze(bytes: Buffer): Promise<SampleAnalysis | null> {
    let pcm: Int16Array | null;
    try {
      pcm = await decodeToPcm(bytes);
    } catch {
      throw badRequest("The recording could not be read. Please record your sample again.");
    }
    if (!pcm) return null; // No ffmpeg: stored unanalysed.
    const analysis = analyzePcm(pcm);
    if (analysis.duration < MIN_SAMPLE_SECONDS) {
      throw badRequest(
        `The sample is too short (${Math.round(analysis.duration)} seconds). Record at least ${MIN_SAMPLE_SECONDS} seconds; ${RECOMMENDED_SAMPLE_SECONDS} seconds is recommended.`,
      );
    }
    if (analysis.levelDb < -60) {
      throw badRequest("No sound was heard in the recording. Check your microphone and record again.");
    }
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
        return await providers.cloner.speak(row.voiceId, text);
      } catch (error) {
        log.warn({ err: error }, "voice service could not speak; using the local voice");
      }
    }
    if (!(await providers.stock.available())) {
      throw new HttpError(503, "Text-to-speech is not available on this server (install espeak-ng)");
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

    list: (user: UserRow) => repo.list(user.id),

    async create(user: UserRow, input: CreateVoiceProfile & { consent: true }) {
      const { bytes, mimeType, fullType } = readDataUrl(input.audioData);
      const analysis = await analyze(bytes);
      const id = randomUUID();
      const extension = EXTENSIONS[mimeType] ?? "bin";
      const relative = path.join("voice-samples", user.id, `${id}.${extension}`);
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

      try {
        const row = await repo.insert(user.id, {
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
          sampleSha256: createHash("sha256").update(bytes).digest("hex"),
          consentAt: new Date(),
          consentText: VOICE_CONSENT_TEXT,
        });
        return { row, notice };
      } catch (error) {
        await rm(file, { force: true });
        if (provider !== "local") providers.cloner?.remove(voiceId).catch(() => {});
        throw error;
      }
    },

    async activate(user: UserRow, id: string): Promise<VoiceProfileRow> {
      const row = await repo.activate(user.id, id);
      if (!row) throw notFound("That voice profile");
      return row;
    },

    /** Deletes the profile, its sample file and the cloned voice at the service. */
    async remove(user: UserRow, id: string): Promise<void> {
      const row = await repo.remove(user.id, id);
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

    async sample(user: UserRow, id: string): Promise<{ audio: Buffer; mimeType: string }> {
      const row = await repo.get(user.id, id);
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

    async preview(user: UserRow, id: string, text: string): Promise<SpeechAudio> {
      const row = await repo.get(user.id, id);
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
