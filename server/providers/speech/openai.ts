import type { SpeechToText } from "./types";

/**
 * OpenAI-compatible POST {base}/audio/transcriptions (OpenAI, whisper.cpp's server, LocalAI,
 * faster-whisper servers): multipart with `file` and `model`, answering { text }.
 */
export function openAiSpeech(options: {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs?: number;
}): SpeechToText {
  const url = `${options.baseUrl.replace(/\/$/, "")}/audio/transcriptions`;
  return {
    name: "openai-compatible",
    async transcribe(audio, mimeType) {
      const form = new FormData();
      const extension = mimeType.includes("wav") ? "wav" : mimeType.includes("ogg") ? "ogg" : "webm";
      form.append(
        "file",
        new Blob([new Uint8Array(audio)], { type: mimeType || "application/octet-stream" }),
        `turn.${extension}`,
      );
      form.append("model", options.model);
      const response = await fetch(url, {
        method: "POST",
        body: form,
        headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      if (!response.ok)
        throw new Error(`speech API answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      const body = (await response.json()) as { text?: unknown };
      if (typeof body.text !== "string") throw new Error("speech API answer has no text");
      return body.text.trim();
    },
  };
}
