import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { GeneratedVoice, VoiceLanguage, VoiceSpeed, VoiceTone } from "../../../common/ai-studio";
import type { CreateVoiceProfile } from "../../../common/voice";
import { audioWork } from "../../audio/work-queue";
import type { Account } from "../../domain/account";
import { notFound, OutsideServiceFailed, Unavailable } from "../../domain/errors";
import { VoiceServiceError } from "../../providers/voice/types";
import type { AiStudioContext } from "./context";

/**
 * The Voice Engine tab: the workspace's voice clones (its voice profiles,
 * through the voice area's service, with its consent rule and limits) and spoken samples made by
 * the local text-to-speech in the chosen style, speed and language.
 */

export const listClones = (ctx: AiStudioContext, account: Account) => ctx.voice.list(account);

export function createClone(
  ctx: AiStudioContext,
  account: Account,
  input: { name: string; audioData: string; consent: true },
) {
  const profile: CreateVoiceProfile & { consent: true } = {
    voiceName: input.name,
    audioData: input.audioData,
    consent: input.consent,
  };
  return ctx.voice.create(account, profile);
}

export const activateClone = (ctx: AiStudioContext, account: Account, id: string) =>
  ctx.voice.activate(account, id);
export const removeClone = (ctx: AiStudioContext, account: Account, id: string) =>
  ctx.voice.remove(account, id);

/** espeak-ng's language voices for the screen's languages. */
const LANGUAGE_VOICE: Record<VoiceLanguage, string> = {
  "en-US": "en-us",
  "en-GB": "en-gb",
  "es-ES": "es",
  "fr-FR": "fr",
};

/** Each style as an espeak-ng voice variant and pitch (0-99, 50 is the variant's own). */
const TONE_VOICE: Record<VoiceTone, { variant: string; pitch: number }> = {
  professional: { variant: "m3", pitch: 45 },
  friendly: { variant: "f2", pitch: 58 },
  warm: { variant: "f4", pitch: 40 },
  energetic: { variant: "f3", pitch: 72 },
};

const SPEED_WPM: Record<VoiceSpeed, number> = { slow: 130, normal: 165, fast: 205 };

/** The local voice for a style and language, as the provider reads it ("es+f2/p58"). */
export function sampleVoice(tone: VoiceTone, language: VoiceLanguage): string {
  const { variant, pitch } = TONE_VOICE[tone];
  return `${LANGUAGE_VOICE[language]}+${variant}/p${pitch}`;
}

/** Samples kept per workspace: the newest ones; older files are removed as new ones are made. */
export const KEPT_SAMPLES = 20;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const samplesDir = (ctx: AiStudioContext, workspaceId: string) =>
  path.join(ctx.dataDir, "ai-studio-audio", workspaceId);

/** A WAV's length in seconds from its header (espeak-ng writes 16-bit PCM with a 44-byte header). */
export function wavSeconds(audio: Buffer): number {
  if (audio.length < 44 || audio.toString("ascii", 0, 4) !== "RIFF") return 0;
  const byteRate = audio.readUInt32LE(28);
  return byteRate > 0 ? Math.round(((audio.length - 44) / byteRate) * 100) / 100 : 0;
}

/**
 * POST /api/ai-studio/generate-voice: the text spoken by espeak-ng in the tool-runner process
 * (never on the event loop), one at a time per core through the audio work queue, stored under
 * DATA_DIR in the workspace's own folder. The URL it answers opens only for that workspace.
 */
export async function generateVoice(
  ctx: AiStudioContext,
  account: Account,
  input: { text: string; voiceSettings: { tone: VoiceTone; speed: VoiceSpeed; language: VoiceLanguage } },
): Promise<GeneratedVoice> {
  if (!(await ctx.speech.available()))
    throw new Unavailable(
      "Text-to-speech is not available on this server right now (the built-in voice did not start). Please try again in a moment.",
    );
  const voice = sampleVoice(input.voiceSettings.tone, input.voiceSettings.language);
  let audio: Buffer;
  try {
    ({ audio } = await audioWork.run(() =>
      ctx.speech.speak(voice, input.text, { wordsPerMinute: SPEED_WPM[input.voiceSettings.speed] }),
    ));
  } catch (error) {
    if (error instanceof VoiceServiceError) {
      ctx.log.warn({ err: error }, "generating a voice sample failed");
      throw new OutsideServiceFailed("The voice could not be generated. Please try again.");
    }
    throw error;
  }
  const id = randomUUID();
  const dir = samplesDir(ctx, account.id);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(path.join(dir, `${id}.wav`), audio, { mode: 0o600 });
  await prune(dir);
  return {
    audioUrl: `/api/ai-studio/audio/${id}`,
    mimeType: "audio/wav",
    seconds: wavSeconds(audio),
    voice: voice.split("/")[0] ?? voice,
  };
}

/** Keeps the newest KEPT_SAMPLES files of a workspace's folder. */
async function prune(dir: string): Promise<void> {
  const names = (await readdir(dir)).filter((name) => name.endsWith(".wav"));
  if (names.length <= KEPT_SAMPLES) return;
  const dated = await Promise.all(
    names.map(async (name) => ({
      name,
      at: (await stat(path.join(dir, name)).catch(() => null))?.mtimeMs ?? 0,
    })),
  );
  dated.sort((a, b) => b.at - a.at);
  await Promise.all(dated.slice(KEPT_SAMPLES).map(({ name }) => rm(path.join(dir, name), { force: true })));
}

/** A generated sample of the signed-in workspace: looked up in its own folder only, so another's id is 404. */
export async function readSample(ctx: AiStudioContext, account: Account, id: string): Promise<Buffer> {
  if (!ID.test(id)) throw notFound("That audio");
  try {
    return await readFile(path.join(samplesDir(ctx, account.id), `${id}.wav`));
  } catch {
    throw notFound("That audio");
  }
}
