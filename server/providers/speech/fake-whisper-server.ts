import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local server that answers like OpenAI's POST /v1/audio/transcriptions (and the servers that
 * copy it: whisper.cpp's, speaches, LocalAI), for the speech tests on a machine without a local
 * recogniser. It reads the multipart upload as such a server does and measures the audio it was
 * sent (a WAV's format, length and loudness), so a test can check that the recording really
 * arrived, decoded as Whisper wants it; the words it answers are the test's to set, since it
 * recognises nothing. Answer shapes are from OpenAI's API reference: `{ text }` for
 * response_format=json, `{ error: { message, type, code } }` with 400 or 401. It can be told to
 * never answer ("slow") or to report a failure with 200 and `{ error }` as whisper.cpp's does.
 */

export type FakeWhisperMode = "ok" | "slow" | "whisper.cpp-error";

/** What a WAV upload holds, from its header and samples. */
export type HeardAudio = {
  rate: number;
  channels: number;
  bitsPerSample: number;
  seconds: number;
  /** Loudness over the whole file, dBFS (RMS); -Infinity for digital silence. */
  levelDb: number;
};

export type TranscriptionRequest = {
  authorization: string | undefined;
  contentType: string;
  model: string | null;
  responseFormat: string | null;
  fileName: string | null;
  fileType: string | null;
  bytes: Buffer;
  /** Null when the file is not a PCM WAV. */
  wav: HeardAudio | null;
  /** The client gave up (closed the connection) before an answer. */
  abandoned: boolean;
};

export type FakeWhisperServer = {
  /** SPEECH_BASE_URL for it: http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  mode: FakeWhisperMode;
  /** The words the next answers carry. */
  transcript: string;
  /** The bearer key it takes; null takes a request with or without one. */
  apiKey: string | null;
  requests: TranscriptionRequest[];
  close(): Promise<void>;
};

/** The format, length and loudness of a PCM WAV, read chunk by chunk; null for anything else. */
export function readWav(bytes: Buffer): HeardAudio | null {
  if (
    bytes.length < 12 ||
    bytes.toString("ascii", 0, 4) !== "RIFF" ||
    bytes.toString("ascii", 8, 12) !== "WAVE"
  )
    return null;
  let format: { rate: number; channels: number; bitsPerSample: number } | null = null;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = bytes.toString("ascii", at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === "fmt " && bytes.readUInt16LE(body) === 1) {
      format = {
        channels: bytes.readUInt16LE(body + 2),
        rate: bytes.readUInt32LE(body + 4),
        bitsPerSample: bytes.readUInt16LE(body + 14),
      };
    } else if (id === "data" && format?.bitsPerSample === 16) {
      // A writer that could not seek back leaves the size unknown (0 or all ones): to the end.
      const end = Math.min(bytes.length, size > 0 && size < 0xffffffff ? body + size : bytes.length);
      const samples = Math.floor((end - body) / 2);
      let sum = 0;
      for (let i = 0; i < samples; i++) sum += (bytes.readInt16LE(body + i * 2) / 32768) ** 2;
      const rms = samples ? Math.sqrt(sum / samples) : 0;
      return {
        ...format,
        seconds: samples / format.channels / format.rate,
        levelDb: rms > 0 ? 20 * Math.log10(rms) : Number.NEGATIVE_INFINITY,
      };
    }
    at = body + size + (size % 2);
  }
  return null;
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeWhisperServer(): Promise<FakeWhisperServer> {
  const state: Omit<FakeWhisperServer, "baseUrl" | "close"> = {
    mode: "ok",
    transcript: "hello from whisper",
    apiKey: null,
    requests: [],
  };
  const server: Server = createServer((request, response) => {
    // A client that goes away mid-upload ends only its own request.
    answer(request, response).catch(() => response.destroy());
  });
  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== "POST" || request.url !== "/v1/audio/transcriptions") {
      send(response, 404, { error: { message: "Not found", type: "invalid_request_error", code: null } });
      return;
    }
    const contentType = request.headers["content-type"] ?? "";
    const raw = await bodyOf(request);
    // Parsed as a server would, with the WHATWG multipart parser.
    const form = await new Request("http://fake/", {
      method: "POST",
      headers: { "content-type": contentType },
      body: new Uint8Array(raw),
    })
      .formData()
      .catch(() => null);
    const file = form?.get("file");
    const bytes = file instanceof File ? Buffer.from(await file.arrayBuffer()) : Buffer.alloc(0);
    const heard: TranscriptionRequest = {
      authorization: request.headers.authorization,
      contentType,
      model: typeof form?.get("model") === "string" ? (form?.get("model") as string) : null,
      responseFormat:
        typeof form?.get("response_format") === "string" ? (form?.get("response_format") as string) : null,
      fileName: file instanceof File ? file.name : null,
      fileType: file instanceof File ? file.type : null,
      bytes,
      wav: readWav(bytes),
      abandoned: false,
    };
    state.requests.push(heard);
    response.on("close", () => {
      if (!response.writableEnded) heard.abandoned = true;
    });

    if (state.apiKey !== null && request.headers.authorization !== `Bearer ${state.apiKey}`) {
      send(response, 401, {
        error: {
          message: "Incorrect API key provided.",
          type: "invalid_request_error",
          code: "invalid_api_key",
        },
      });
      return;
    }
    if (!(file instanceof File) || !heard.model) {
      send(response, 400, {
        error: {
          message: !heard.model ? "you must provide a model parameter" : "file is required",
          type: "invalid_request_error",
          code: null,
        },
      });
      return;
    }
    if (state.mode === "slow") return; // answers nothing; the client's deadline ends it
    if (state.mode === "whisper.cpp-error") {
      send(response, 200, { error: "failed to read WAV file" });
      return;
    }
    send(response, 200, { text: state.transcript });
  }
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return Object.assign(state, {
    baseUrl,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close").catch(() => undefined);
    },
  });
}
