import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { locateTool } from "../audio/locate-tool";
import { runTool } from "../audio/tools";
import { pcmWav } from "../audio/wav";

/**
 * Test support: a WAV file in memory, a vowel-like tone (a fundamental plus harmonics) so the
 * sample analysis finds a pitch, without depending on a synthesiser being installed.
 */
export function toneWav(seconds: number, hz = 120, rate = 16000, amplitude = 0.3): Buffer {
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const value =
      Math.sin(2 * Math.PI * hz * t) +
      0.5 * Math.sin(4 * Math.PI * hz * t) +
      0.25 * Math.sin(6 * Math.PI * hz * t);
    data.writeInt16LE(Math.round((value / 1.75) * amplitude * 32767), i * 2);
  }
  return pcmWav(data, rate);
}

/** A small deterministic random generator (mulberry32): the same fixtures on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Test support: speech-like PCM without a synthesiser, `seconds` long. Phrases of syllables
 * (voiced bursts of 120 to 280 ms with a rising and falling envelope, harmonics of a pitch that
 * moves around `hz`, gliding within each syllable and falling over each phrase), short gaps
 * between syllables, a hiss now and then like a consonant, and pauses of 350 to 600 ms between
 * phrases, over faint room noise. About four fifths of it measures as speech.
 */
export function speechLikePcm(seconds: number, hz = 120, rate = 8000, seed = 7): Int16Array {
  const random = seeded(seed);
  const out = new Int16Array(Math.round(seconds * rate));
  const noise = () => (random() * 2 - 1) * 0.0015;
  let at = 0;
  let phase = 0;
  const put = (value: number) => {
    if (at < out.length) out[at++] = Math.round(Math.max(-1, Math.min(1, value + noise())) * 32767);
  };
  const silence = (length: number) => {
    for (let i = 0; i < length * rate; i++) put(0);
  };
  silence(0.15);
  while (at < out.length) {
    const syllables = 6 + Math.floor(random() * 7);
    for (let s = 0; s < syllables && at < out.length; s++) {
      // The phrase falls from about 15% above `hz` to 15% below it; each syllable glides.
      const declination = 1.15 - (0.3 * s) / Math.max(1, syllables - 1);
      const from = hz * declination * (0.94 + random() * 0.12);
      const to = from * (0.9 + random() * 0.2);
      const length = 0.12 + random() * 0.16;
      const loudness = 0.18 + random() * 0.14;
      if (random() < 0.35) {
        // A consonant-like hiss before the vowel.
        const hiss = Math.round((0.04 + random() * 0.05) * rate);
        for (let i = 0; i < hiss; i++) put((random() * 2 - 1) * 0.05 * Math.sin((Math.PI * i) / hiss));
      }
      const samples = Math.round(length * rate);
      for (let i = 0; i < samples; i++) {
        const progress = i / samples;
        const pitch = from + (to - from) * progress;
        phase += (2 * Math.PI * pitch) / rate;
        let value = 0;
        for (let k = 1; k <= 6 && k * pitch < rate / 2.2; k++) value += Math.sin(k * phase) / k;
        put(value * 0.5 * loudness * Math.sin(Math.PI * progress) ** 0.6);
      }
      silence(0.03 + random() * 0.09);
    }
    silence(0.35 + random() * 0.25);
  }
  return out;
}

/** Steady white noise as an 8 kHz WAV: `amplitude` 0.003 is a quiet room with nobody speaking. */
export function noiseWav(seconds: number, amplitude: number, rate = 8000, seed = 11): Buffer {
  const random = seeded(seed);
  const data = Buffer.alloc(Math.round(seconds * rate) * 2);
  for (let i = 0; i < data.length / 2; i++) {
    data.writeInt16LE(Math.round((random() * 2 - 1) * amplitude * 32767), i * 2);
  }
  return pcmWav(data, rate);
}

/** speechLikePcm as a WAV file, 8 kHz unless `rate` says otherwise (small to upload). */
export function speechLikeWav(seconds: number, hz = 120, rate = 8000, seed = 7): Buffer {
  const pcm = speechLikePcm(seconds, hz, rate, seed);
  return pcmWav(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength), rate);
}

export const asDataUrl = (audio: Buffer, type = "audio/wav") =>
  `data:${type};base64,${audio.toString("base64")}`;

/**
 * ffmpeg from where the server finds it (Debian's, else the npm package's build), quiet, for
 * making fixtures: a machine with Node alone makes the same files as one with Debian's tools.
 */
export function ffmpeg(args: string[], input?: Buffer): Buffer {
  const located = locateTool("ffmpeg");
  const program = located.kind === "program" ? located.path : "ffmpeg";
  return execFileSync(program, ["-nostdin", "-hide_banner", "-loglevel", "error", ...args], {
    maxBuffer: 32 * 1024 * 1024,
    ...(input ? { input } : {}),
  });
}

/**
 * `text` spoken by espeak-ng as the server runs it (Debian's program, else its WebAssembly build
 * from npm): a 22 kHz mono WAV. `options` go before the text (-v voice, -s words a minute).
 * Written to a file (-w), so the header states the real length: Debian's program cannot go back
 * to fill it in when it writes to a pipe.
 */
export async function spokenWav(text: string, options: string[] = ["-v", "en-us"]): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "aip-spoken-"));
  try {
    const file = path.join(dir, "spoken.wav");
    await runTool("espeak-ng", [...options, "-w", file, "--", text], {
      timeoutMs: 30_000,
      maxOutputBytes: 64 * 1024,
    });
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
