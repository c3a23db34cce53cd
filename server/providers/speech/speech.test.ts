import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, multipartBody, type TestApp, type TestClient } from "../../test/app";
import { openAiSpeech } from "./openai";
import { localPocketsphinx, POCKETSPHINX_MODEL_DIR } from "./pocketsphinx";

const run = promisify(execFile);

function hasCommand(command: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const HAS_LOCAL_SPEECH =
  hasCommand("espeak-ng") && hasCommand("ffmpeg") && hasCommand("pocketsphinx_continuous");

// Pocketsphinx with espeak's robotic voice is weak: this phrase comes back as "i would like ..."
// on Debian's packages, while names and greetings come back as noise ("my body").
const PHRASE = "i would like to book an appointment";
const PHRASE_WORDS = ["would", "like", "book", "appointment"];

let workDir: string;
/** The espeak recording as espeak writes it (22 kHz), and resampled to 16 kHz mono. */
let recording: Buffer;
let recording16k: Buffer;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), "aip-speech-test-"));
  if (!HAS_LOCAL_SPEECH) return;
  const raw = path.join(workDir, "espeak.wav");
  const resampled = path.join(workDir, "speech16k.wav");
  await run("espeak-ng", ["-v", "en-us", "-s", "150", "-w", raw, PHRASE]);
  await run("ffmpeg", [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-i",
    raw,
    "-ar",
    "16000",
    "-ac",
    "1",
    resampled,
  ]);
  recording = readFileSync(raw);
  recording16k = readFileSync(resampled);
});

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z']+/g) ?? [];
}

async function signedInWithCall(t: TestApp): Promise<{ c: TestClient; callId: string }> {
  const c = t.client();
  await c.signup();
  const res = await c.post("/api/calls/simulate", { phoneNumber: "+12125550123" });
  expect(res.statusCode).toBe(201);
  return { c, callId: res.json().id };
}

describe("local pocketsphinx", () => {
  it.skipIf(!HAS_LOCAL_SPEECH)("transcribes an espeak recording of a short clear phrase", async () => {
    expect(recording16k.subarray(0, 4).toString("ascii")).toBe("RIFF");
    const speech = await localPocketsphinx();
    expect(speech, `pocketsphinx's model should be in ${POCKETSPHINX_MODEL_DIR}`).not.toBeNull();
    expect(speech!.name).toBe("pocketsphinx");
    const text = await speech!.transcribe(recording16k, "audio/wav");
    expect(text.trim()).not.toBe("");
    expect(
      words(text).some((word) => PHRASE_WORDS.includes(word)),
      `heard "${text}"`,
    ).toBe(true);
  });

  it.skipIf(!HAS_LOCAL_SPEECH)("transcribes a recording uploaded to process-audio", async () => {
    const t = await createTestApp({}, { speech: await localPocketsphinx() });
    try {
      const { c, callId } = await signedInWithCall(t);
      // Uploaded as the espeak file (22 kHz): the provider resamples it itself.
      const form = await multipartBody([
        { name: "audio", data: recording, type: "audio/wav", filename: "recording.wav" },
      ]);
      const res = await c.post(`/api/calls/${callId}/process-audio`, form.payload, { headers: form.headers });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.transcription.trim()).not.toBe("");
      expect(words(body.transcription).some((word) => PHRASE_WORDS.includes(word))).toBe(true);
      expect(body.call.transcript).toContain(`Caller: ${body.transcription}`);
    } finally {
      await t.close();
    }
  });
});

describe("without a speech provider", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { speech: null });
  });
  afterAll(() => t.close());

  it("answers 422 to a recording, and still takes a typed text/plain part", async () => {
    const { c, callId } = await signedInWithCall(t);
    const audio = await multipartBody([
      {
        name: "audio",
        data: HAS_LOCAL_SPEECH ? recording : new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4]),
        type: "audio/wav",
        filename: "recording.wav",
      },
    ]);
    const refused = await c.post(`/api/calls/${callId}/process-audio`, audio.payload, {
      headers: audio.headers,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe("Speech recognition is not configured");

    const typed = await multipartBody([
      {
        name: "audio",
        data: "Hi, I'd like to book a cleaning for Friday at 10am.",
        type: "text/plain",
        filename: "text.txt",
      },
    ]);
    const res = await c.post(`/api/calls/${callId}/process-audio`, typed.payload, { headers: typed.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().transcription).toBe("Hi, I'd like to book a cleaning for Friday at 10am.");
    expect(res.json().analysis.classification).toBe("appointment");
  });
});

describe("the OpenAI-compatible speech adapter", () => {
  type Upload = { url: string; headers: IncomingMessage["headers"]; form: FormData };
  let server: Server;
  let baseUrl: string;
  const uploads: Upload[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", async () => {
        if (req.method !== "POST" || req.url !== "/v1/audio/transcriptions") {
          res.writeHead(404).end();
          return;
        }
        // Parse the multipart body the way a server would, with the WHATWG parser.
        const form = await new Request("http://local/", {
          method: "POST",
          headers: { "content-type": req.headers["content-type"] ?? "" },
          body: Buffer.concat(chunks),
        }).formData();
        uploads.push({ url: req.url, headers: req.headers, form });
        if (req.headers.authorization !== "Bearer speech-key") {
          res
            .writeHead(401, { "content-type": "application/json" })
            .end(JSON.stringify({ error: "bad key" }));
          return;
        }
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ text: "  hello from whisper \n" }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("posts the recording and the model as multipart and returns the trimmed text", async () => {
    const speech = openAiSpeech({ baseUrl, apiKey: "speech-key", model: "whisper-test" });
    const audio = Buffer.from("RIFF....WAVEfmt fake audio bytes");
    const text = await speech.transcribe(audio, "audio/wav");
    expect(text).toBe("hello from whisper");

    const upload = uploads.at(-1)!;
    expect(upload.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload.form.get("model")).toBe("whisper-test");
    const file = upload.form.get("file");
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe("turn.wav");
    expect((file as File).type).toBe("audio/wav");
    expect(Buffer.from(await (file as File).arrayBuffer())).toEqual(audio);
  });

  it("names a webm recording turn.webm and reports an API error with its status", async () => {
    const speech = openAiSpeech({ baseUrl, apiKey: "wrong", model: "whisper-test" });
    await expect(speech.transcribe(Buffer.from("webm bytes"), "audio/webm;codecs=opus")).rejects.toThrow(
      /speech API answered 401/,
    );
    const file = uploads.at(-1)!.form.get("file") as File;
    expect(file.name).toBe("turn.webm");
  });
});
