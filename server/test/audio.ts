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
