import { existsSync } from "node:fs";
import path from "node:path";
import { MAX_TURN_SECONDS } from "../../../common/speech";
import { decodeToWavFile } from "../../audio/inspect";
import { runTool, ToolMissing, ToolTimeout } from "../../audio/tools";
import { audioWork } from "../../audio/work-queue";
import { SpeechTimeout, type SpeechToText } from "./types";

/** Debian's pocketsphinx-en-us: the acoustic model, the general English trigram model, the dictionary. */
export const POCKETSPHINX_MODEL_DIR = "/usr/share/pocketsphinx/model/en-us";

/**
 * The invocation, spelled out rather than left to compiled-in defaults: 16 kHz mono input (what
 * the en-us acoustic model was trained on, and what ffmpeg writes), the general language model
 * and its dictionary, noise removal on. Debian 12 ships pocketsphinx 5prealpha, whose CLI is
 * pocketsphinx_continuous (the 5.x `pocketsphinx` command does not exist there).
 * Measured on the speech bench (median word error rate on 20 espeak-ng sentences, 0.79 as here):
 * language weight 10 0.90, dither 0.84, noise removal off 0.82, pruning for speed 0.87, batch
 * decoding with whole-turn normalisation 0.91, priming the cepstral mean with the turn itself
 * 0.81 (this build's feat.params overrides -cmninit). A trigram model built from the
 * classifier's own sentences reached 0.71, but hears nothing outside their words: other speech
 * comes back as screening phrases the classifier would act on, which is worse than noise.
 */
export function pocketsphinxArgs(wavFile: string, modelDir = POCKETSPHINX_MODEL_DIR): string[] {
  return [
    "-infile",
    wavFile,
    "-hmm",
    path.join(modelDir, "en-us"),
    "-lm",
    path.join(modelDir, "en-us.lm.bin"),
    "-dict",
    path.join(modelDir, "cmudict-en-us.dict"),
    "-samprate",
    "16000",
    "-remove_noise",
    "yes",
    "-logfn",
    "/dev/null",
  ];
}

/** True when `command` runs with `args` (through the tool runner, which finds npm's ffmpeg too). */
async function runs(command: string, args: string[]): Promise<boolean> {
  try {
    await runTool(command, args, { timeoutMs: 10_000, maxOutputBytes: 64 * 1024 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Offline recognition with Debian's pocketsphinx: ffmpeg (Debian's or npm's) turns the checked
 * recording into 16 kHz mono WAV, pocketsphinx_continuous reads it. Both run as child processes,
 * through the audio work queue, and are killed at the deadline. Fine for short clear phrases;
 * weak on open speech.
 */
export async function localPocketsphinx(options: { timeoutMs: number }): Promise<SpeechToText | null> {
  if (
    !(await runs("ffmpeg", ["-version"])) ||
    !(await runs("sh", ["-c", "command -v pocketsphinx_continuous"])) ||
    !existsSync(path.join(POCKETSPHINX_MODEL_DIR, "en-us.lm.bin"))
  ) {
    return null;
  }
  return {
    name: "pocketsphinx",
    timeoutMs: options.timeoutMs,
    describe: () => ({ kind: "pocketsphinx", modelDir: POCKETSPHINX_MODEL_DIR }),
    // The deadline covers waiting for a free core, decoding and recognition.
    async transcribe(recording, signal = AbortSignal.timeout(options.timeoutMs)) {
      try {
        return await audioWork.run(async () => {
          const wav = path.join(path.dirname(recording.file), "speech-16k.wav");
          await decodeToWavFile(recording, wav, { rate: 16000, maxSeconds: MAX_TURN_SECONDS, signal });
          const output = await runTool("pocketsphinx_continuous", pocketsphinxArgs(wav), {
            timeoutMs: options.timeoutMs,
            maxOutputBytes: 256 * 1024,
            signal,
          });
          return output
            .toString("utf8")
            .split("\n")
            .map((line) => line.trim())
            .filter(Boolean)
            .join(" ");
        }, signal);
      } catch (error) {
        if (error instanceof ToolTimeout || signal.aborted) throw new SpeechTimeout(options.timeoutMs);
        if (error instanceof ToolMissing) throw new Error(`${error.command} is no longer installed`);
        throw error;
      }
    },
  };
}
