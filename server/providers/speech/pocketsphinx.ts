import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { SpeechToText } from "./types";

const run = promisify(execFile);

export const POCKETSPHINX_MODEL_DIR = "/usr/share/pocketsphinx/model/en-us";

async function hasCommand(command: string): Promise<boolean> {
  try {
    await run("sh", ["-c", `command -v ${command}`]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Offline recognition with Debian's pocketsphinx: ffmpeg turns whatever the browser recorded
 * (webm/opus, wav) into 16 kHz mono PCM, pocketsphinx_continuous reads it. Fine for clear,
 * short phrases; weak on open conversational speech (see README).
 */
export async function localPocketsphinx(): Promise<SpeechToText | null> {
  if (
    !(await hasCommand("ffmpeg")) ||
    !(await hasCommand("pocketsphinx_continuous")) ||
    !existsSync(POCKETSPHINX_MODEL_DIR)
  ) {
    return null;
  }
  return {
    name: "pocketsphinx",
    async transcribe(audio) {
      const dir = await mkdtemp(path.join(os.tmpdir(), "aip-stt-"));
      try {
        const input = path.join(dir, "input");
        const wav = path.join(dir, "speech.wav");
        await writeFile(input, audio);
        await run(
          "ffmpeg",
          [
            "-hide_banner",
            "-loglevel",
            "error",
            "-y",
            "-i",
            input,
            "-ar",
            "16000",
            "-ac",
            "1",
            "-f",
            "wav",
            wav,
          ],
          {
            timeout: 20_000,
          },
        );
        const { stdout } = await run("pocketsphinx_continuous", ["-infile", wav, "-logfn", "/dev/null"], {
          timeout: 60_000,
          maxBuffer: 1024 * 1024,
        });
        return stdout
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean)
          .join(" ");
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
