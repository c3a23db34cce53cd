import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One text-to-speech request the fake answered (or refused). */
export type SpokenRequest = { voiceId: string; text: string };

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/**
 * The audio the fake "speaks": an MP3-looking body that names the voice and the words, so a test
 * can tell whose voice said what; `bytesPerChar` pads it to a real MP3's size (128 kbit/s is
 * about 1,000 bytes a character of English speech).
 */
export function fakeSpeech(voiceId: string, text: string, bytesPerChar = 0): Buffer {
  const marker = Buffer.from(`ID3 fake speech; voice=${voiceId}; text=${text}`);
  return bytesPerChar > 0 ? Buffer.concat([marker, Buffer.alloc(text.length * bytesPerChar)]) : marker;
}

/**
 * A local server speaking the voice service's API (ElevenLabs' shape: clone, text-to-speech,
 * delete) on loopback, for tests and the bench. Text-to-speech takes `synthesisMs` (the bench's
 * 300 ms), and `state.failSpeech` / `state.failClone` make it answer 500 like a service that is down.
 */
export async function startFakeVoiceService(options: {
  apiKey: string;
  synthesisMs?: number;
  bytesPerChar?: number;
}) {
  const state = { failSpeech: false, failClone: false, synthesisMs: options.synthesisMs ?? 0 };
  const spoken: SpokenRequest[] = [];
  let cloned = 0;
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const url = request.url ?? "";
    if (request.headers["xi-api-key"] !== options.apiKey) {
      response.statusCode = 401;
      response.end(JSON.stringify({ detail: { status: "invalid_api_key" } }));
      return;
    }
    if (request.method === "POST" && url === "/v1/voices/add") {
      if (state.failClone) {
        response.statusCode = 500;
        response.end("{}");
        return;
      }
      cloned++;
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ voice_id: `cloned_${cloned}`, requires_verification: false }));
      return;
    }
    const speak = /^\/v1\/text-to-speech\/([^/?]+)/.exec(url);
    if (request.method === "POST" && speak) {
      const voiceId = decodeURIComponent(speak[1] as string);
      const { text } = JSON.parse(body.toString() || "{}") as { text?: string };
      spoken.push({ voiceId, text: text ?? "" });
      if (state.synthesisMs > 0) await new Promise((resolve) => setTimeout(resolve, state.synthesisMs));
      if (state.failSpeech) {
        response.statusCode = 500;
        response.end(JSON.stringify({ detail: "service unavailable" }));
        return;
      }
      response.setHeader("content-type", "audio/mpeg");
      response.end(fakeSpeech(voiceId, text ?? "", options.bytesPerChar));
      return;
    }
    if (request.method === "DELETE" && url.startsWith("/v1/voices/")) {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ status: "ok" }));
      return;
    }
    response.statusCode = 404;
    response.end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    spoken,
    /** How many times the service was asked to say these words (in this voice). */
    timesSpoken: (text: string, voiceId?: string) =>
      spoken.filter((request) => request.text === text && (!voiceId || request.voiceId === voiceId)).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
