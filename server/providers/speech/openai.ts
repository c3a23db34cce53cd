import { readFile } from "node:fs/promises";
import path from "node:path";
import { MAX_TURN_SECONDS } from "../../../common/speech";
import { audioFormat } from "../../audio/formats";
import { decodeToWavFile } from "../../audio/inspect";
import { ToolMissing, ToolTimeout } from "../../audio/tools";
import { audioWork } from "../../audio/work-queue";
import { type Recording, SpeechTimeout, type SpeechToText } from "./types";

/**
 * OpenAI-compatible POST {base}/audio/transcriptions (OpenAI, whisper.cpp's server started with
 * `--inference-path /v1/audio/transcriptions`, speaches / faster-whisper-server, LocalAI):
 * multipart with `file`, `model` and `response_format=json`, answering { text }.
 * The recording is sent as 16 kHz mono WAV: what Whisper works on, and the one format every one
 * of these servers reads (whisper.cpp's reads WAV, MP3 and FLAC only unless started with --convert).
 */
export function openAiSpeech(options: {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs: number;
}): SpeechToText {
  const url = `${options.baseUrl.replace(/\/$/, "")}/audio/transcriptions`;
  const host = new URL(options.baseUrl).host;

  /** The upload: WAV when ffmpeg can make it, else the recording as it came. */
  async function asUpload(
    recording: Recording,
    signal: AbortSignal,
  ): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: string; name: string }> {
    try {
      const wav = path.join(path.dirname(recording.file), "upload-16k.wav");
      await audioWork.run(
        () => decodeToWavFile(recording, wav, { rate: 16000, maxSeconds: MAX_TURN_SECONDS, signal }),
        signal,
      );
      return { bytes: new Uint8Array(await readFile(wav)), type: "audio/wav", name: "turn.wav" };
    } catch (error) {
      if (!(error instanceof ToolMissing)) throw error;
      const format = audioFormat(recording.type);
      return {
        bytes: new Uint8Array(recording.bytes),
        type: recording.type,
        name: `turn.${format.extension}`,
      };
    }
  }

  return {
    name: "openai-compatible",
    timeoutMs: options.timeoutMs,
    describe: () => ({ kind: "openai-compatible", host, model: options.model }),
    async transcribe(recording, signal = AbortSignal.timeout(options.timeoutMs)) {
      try {
        const upload = await asUpload(recording, signal);
        const form = new FormData();
        form.append("file", new Blob([upload.bytes], { type: upload.type }), upload.name);
        form.append("model", options.model);
        form.append("response_format", "json");
        const response = await fetch(url, {
          method: "POST",
          body: form,
          headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
          signal,
        });
        if (!response.ok)
          throw new Error(`speech API answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
        const body = (await response.json()) as { text?: unknown; error?: unknown };
        // whisper.cpp's server answers a failure with 200 and { error }.
        if (body.error !== undefined)
          throw new Error(`speech API error: ${JSON.stringify(body.error).slice(0, 200)}`);
        if (typeof body.text !== "string") throw new Error("speech API answer has no text");
        return body.text.trim();
      } catch (error) {
        if (error instanceof ToolTimeout || signal.aborted) throw new SpeechTimeout(options.timeoutMs);
        throw error;
      }
    },
  };
}
