import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POCKETSPHINX_MEDIAN_WER, speechTimedOut } from "../../../common/speech";
import type { AudioType } from "../../audio/formats";
import { withCheckedAudio } from "../../audio/inspect";
import { createTestApp, multipartBody, type TestApp, type TestClient } from "../../test/app";
import { buildCall, buildWorkspace } from "../../test/factories";
import { openAiSpeech } from "./openai";
import { localPocketsphinx, POCKETSPHINX_MODEL_DIR } from "./pocketsphinx";
import { type Recording, SpeechTimeout, type SpeechToText } from "./types";

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
const HAS_FFMPEG = hasCommand("ffmpeg");

// Pocketsphinx with espeak's robotic voice is weak: this phrase comes back as "i would like ..."
// on Debian's packages, while names and greetings come back as noise ("my body").
const PHRASE = "i would like to book an appointment";
const PHRASE_WORDS = ["would", "like", "book", "appointment"];
const LONG_TURN =
  "Hello, this is Sam from the garage. Your car is ready, the brakes are done and the total is three hundred and twenty dollars. We are open until six tonight and from eight tomorrow morning.";

let workDir: string;
/** The espeak recording as espeak writes it (22 kHz), resampled to 16 kHz mono, and a long turn. */
let recording: Buffer;
let recording16k: Buffer;
let longTurn: Buffer;

function ffmpeg(args: string[]): Buffer {
  return execFileSync("ffmpeg", ["-nostdin", "-hide_banner", "-loglevel", "error", ...args], {
    maxBuffer: 32 * 1024 * 1024,
  });
}

/** A tone of `seconds` as Opus: in Ogg (which states its length) or WebM written to a pipe (which does not). */
function opusTone(seconds: number, container: "ogg" | "webm"): Buffer {
  return ffmpeg([
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=180:sample_rate=16000:duration=${seconds}`,
    "-c:a",
    "libopus",
    "-b:a",
    "16k",
    "-f",
    container,
    "pipe:1",
  ]);
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), "aip-speech-test-"));
  if (!HAS_LOCAL_SPEECH) return;
  const raw = path.join(workDir, "espeak.wav");
  const resampled = path.join(workDir, "speech16k.wav");
  const long = path.join(workDir, "long.wav");
  await run("espeak-ng", ["-v", "en-us", "-s", "150", "-w", raw, PHRASE]);
  await run("espeak-ng", ["-v", "en-us", "-w", long, LONG_TURN]);
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
  longTurn = readFileSync(long);
});

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z']+/g) ?? [];
}

/** Checks a recording the way process-audio does, and hands it to `use`. */
function checked<T>(bytes: Buffer, type: AudioType, use: (recording: Recording) => Promise<T>): Promise<T> {
  const rules = { maxSeconds: 60, noun: "recording", tooLongAdvice: "", unreadable: "unreadable" };
  return withCheckedAudio(bytes, type, rules, (audio) => use({ ...audio, bytes }));
}

async function upload(c: TestClient, callId: string, data: string | Uint8Array, type: string) {
  const form = await multipartBody([{ name: "audio", data, type, filename: "recording.wav" }]);
  return c.post(`/api/calls/${callId}/process-audio`, form.payload, { headers: form.headers });
}

/** pocketsphinx_continuous processes this test process started that are still running. */
function recognisersRunning(): string[] {
  let out: string;
  try {
    out = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(process.pid)], { encoding: "utf8" });
  } catch {
    return []; // ps exits 1 when this process has no children at all
  }
  return out.split("\n").filter((line) => line.includes("pocketsphinx"));
}

describe("local pocketsphinx", () => {
  it.skipIf(!HAS_LOCAL_SPEECH)("transcribes an espeak recording of a short clear phrase", async () => {
    expect(recording16k.subarray(0, 4).toString("ascii")).toBe("RIFF");
    const speech = await localPocketsphinx({ timeoutMs: 30_000 });
    expect(speech, `pocketsphinx's model should be in ${POCKETSPHINX_MODEL_DIR}`).not.toBeNull();
    expect(speech!.name).toBe("pocketsphinx");
    expect(speech!.describe()).toEqual({ kind: "pocketsphinx", modelDir: POCKETSPHINX_MODEL_DIR });
    const text = await checked(recording16k, "audio/wav", (r) => speech!.transcribe(r));
    expect(text.trim()).not.toBe("");
    expect(
      words(text).some((word) => PHRASE_WORDS.includes(word)),
      `heard "${text}"`,
    ).toBe(true);
  });

  it.skipIf(!HAS_LOCAL_SPEECH)("transcribes a recording uploaded to process-audio", async () => {
    const t = await createTestApp({}, { speech: await localPocketsphinx({ timeoutMs: 30_000 }) });
    try {
      const c = await buildWorkspace(t);
      const { id: callId } = await buildCall(c, { phoneNumber: "+12125550123", live: true });
      // Uploaded as the espeak file (22 kHz): the provider resamples it itself.
      const res = await upload(c, callId, recording, "audio/wav");
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.transcription.trim()).not.toBe("");
      expect(words(body.transcription).some((word) => PHRASE_WORDS.includes(word))).toBe(true);
      expect(body.call.transcript).toContain(`Caller: ${body.transcription}`);
    } finally {
      await t.close();
    }
  });

  it.skipIf(!HAS_LOCAL_SPEECH)(
    "stops the recogniser at the deadline and says so, instead of keeping the caller waiting",
    async () => {
      // Loading the model alone takes longer than this deadline, so recognition never finishes.
      const speech = await localPocketsphinx({ timeoutMs: 400 });
      await expect(checked(longTurn, "audio/wav", (r) => speech!.transcribe(r))).rejects.toBeInstanceOf(
        SpeechTimeout,
      );
      expect(recognisersRunning()).toEqual([]);

      const t = await createTestApp({}, { speech });
      try {
        const c = await buildWorkspace(t);
        const { id: callId } = await buildCall(c, { phoneNumber: "+12125550123", live: true });
        const started = performance.now();
        const res = await upload(c, callId, longTurn, "audio/wav");
        expect(res.statusCode).toBe(422);
        expect(res.json().message).toBe(speechTimedOut(0.4));
        // Before, the recogniser had a minute; a loaded machine still answers within seconds.
        expect(performance.now() - started).toBeLessThan(10_000);
        expect(recognisersRunning()).toEqual([]);
        // The turn was not recorded; the call goes on.
        const call = (await c.get(`/api/calls/${callId}`)).json();
        expect(call.isActive).toBe(true);
        expect(call.transcript).not.toContain("Caller:");
      } finally {
        await t.close();
      }
    },
  );
});

describe("process-audio checks a recording before any recogniser hears it", () => {
  let t: TestApp;
  const heard: Recording[] = [];
  /** A recogniser that notes what reached it, to prove what did not. */
  const recogniser: SpeechToText = {
    name: "test",
    timeoutMs: 5000,
    describe: () => ({ kind: "openai-compatible", host: "recogniser.test", model: "test" }),
    async transcribe(recording) {
      heard.push(recording);
      return "Hello, I'd like to book a cleaning for Friday at 10am.";
    },
  };
  beforeAll(async () => {
    t = await createTestApp({}, { speech: recogniser });
  });
  afterAll(() => t.close());

  it("refuses text declared as WebM audio", async () => {
    const c = await buildWorkspace(t);
    const { id: callId } = await buildCall(c, { phoneNumber: "+12125550123", live: true });
    const res = await upload(c, callId, "Hi, I'd like to book a cleaning. ".repeat(10), "audio/webm");
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(
      "The recording was sent as WebM audio, but it is text. Record it again, or send it with its real type.",
    );
    expect(heard).toEqual([]);
  });

  it("refuses a type that is not audio we take", async () => {
    const c = await buildWorkspace(t);
    const { id: callId } = await buildCall(c, { phoneNumber: "+12125550123", live: true });
    const res = await upload(c, callId, new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), "application/octet-stream");
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(
      "Send the recording as WebM, Ogg, WAV, MP3, MP4 or AAC audio, or the caller's words as text/plain.",
    );
    expect(heard).toEqual([]);
  });

  it.skipIf(!HAS_FFMPEG)(
    "refuses a turn longer than a minute, from the container or by counting",
    async () => {
      const c = await buildWorkspace(t);
      const { id: callId } = await buildCall(c, { phoneNumber: "+12125550123", live: true });
      const stated = await upload(c, callId, opusTone(90, "ogg"), "audio/ogg");
      expect(stated.statusCode).toBe(413);
      expect(stated.json().message).toBe(
        "The recording is 1 minute 30 seconds long; the longest taken is 1 minute. Record a shorter turn, or type what the caller says.",
      );
      const unstated = await upload(c, callId, opusTone(90, "webm"), "audio/webm;codecs=opus");
      expect(unstated.statusCode).toBe(413);
      expect(unstated.json().message).toBe(
        "The recording is longer than 1 minute, the longest taken. Record a shorter turn, or type what the caller says.",
      );
      expect(heard).toEqual([]);
    },
  );

  it.skipIf(!HAS_FFMPEG)("hands a browser recording within the limits to the recogniser", async () => {
    const c = await buildWorkspace(t);
    const { id: callId } = await buildCall(c, { phoneNumber: "+12125550123", live: true });
    const res = await upload(c, callId, opusTone(4, "webm"), "audio/webm;codecs=opus");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().transcription).toBe("Hello, I'd like to book a cleaning for Friday at 10am.");
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ type: "audio/webm", probed: true });
    expect(heard[0]?.durationSeconds).toBeCloseTo(4, 0);
  });
});

describe("without a speech provider", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { speech: null });
  });
  afterAll(() => t.close());

  it("answers 422 to a recording, and still takes a typed text/plain part", async () => {
    const c = await buildWorkspace(t);
    const { id: callId } = await buildCall(c, { phoneNumber: "+12125550123", live: true });
    const refused = await upload(
      c,
      callId,
      HAS_LOCAL_SPEECH ? recording : new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4]),
      "audio/wav",
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe("Speech recognition is not configured");

    const res = await upload(c, callId, "Hi, I'd like to book a cleaning for Friday at 10am.", "text/plain");
    expect(res.statusCode).toBe(200);
    expect(res.json().transcription).toBe("Hi, I'd like to book a cleaning for Friday at 10am.");
    expect(res.json().analysis.classification).toBe("appointment");
  });
});

describe("GET /api/speech/status", () => {
  it("says which recogniser is in use and how good it is", async () => {
    const none = await createTestApp({}, { speech: null });
    const remote = await createTestApp(
      { speech: { timeoutMs: 8000 } },
      {
        speech: openAiSpeech({
          baseUrl: "http://whisper.internal:8178/v1",
          model: "whisper-1",
          timeoutMs: 8000,
        }),
      },
    );
    try {
      const anonymous = await none.client().get("/api/speech/status");
      expect(anonymous.statusCode).toBe(401);

      const c = await buildWorkspace(none);
      expect((await c.get("/api/speech/status")).json()).toEqual({
        kind: "none",
        label: "none",
        accuracy: "none",
        message:
          "Speech recognition: none on this server, so recordings cannot be transcribed. Type what the caller says, or set SPEECH_BASE_URL to a Whisper server.",
        timeoutSeconds: 5,
        maxTurnSeconds: 60,
      });

      const r = await buildWorkspace(remote);
      expect((await r.get("/api/speech/status")).json()).toEqual({
        kind: "openai-compatible",
        label: "OpenAI-compatible service at whisper.internal:8178",
        accuracy: "good",
        message:
          "Speech recognition: OpenAI-compatible service at whisper.internal:8178 (whisper-1). Recorded turns are transcribed there.",
        timeoutSeconds: 8,
        maxTurnSeconds: 60,
      });
    } finally {
      await none.close();
      await remote.close();
    }
  });

  it.skipIf(!HAS_LOCAL_SPEECH)("names the embedded recogniser and its measured error rate", async () => {
    const t = await createTestApp({}, { speech: await localPocketsphinx({ timeoutMs: 5000 }) });
    try {
      const c = await buildWorkspace(t);
      const status = (await c.get("/api/speech/status")).json();
      expect(status).toMatchObject({
        kind: "pocketsphinx",
        label: "local (pocketsphinx)",
        accuracy: "rough",
      });
      expect(status.message).toBe(
        `Speech recognition: local (pocketsphinx), rough on open speech: about ${Math.round(POCKETSPHINX_MEDIAN_WER * 10)} words in 10 come back wrong. For accurate transcripts set SPEECH_BASE_URL to a Whisper server.`,
      );
    } finally {
      await t.close();
    }
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
        if (form.get("model") === "slow") return; // never answers
        if (form.get("model") === "whisper.cpp-error") {
          // whisper.cpp's server reports a failure with 200 and { error }.
          res
            .writeHead(200, { "content-type": "application/json" })
            .end(JSON.stringify({ error: "failed to read WAV file" }));
          return;
        }
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

  /** The WAV's sample rate and channel count, from its header. */
  function wavFormat(bytes: Buffer): { rate: number; channels: number } {
    expect(bytes.subarray(0, 4).toString("ascii")).toBe("RIFF");
    const fmt = bytes.indexOf("fmt ");
    return { channels: bytes.readUInt16LE(fmt + 10), rate: bytes.readUInt32LE(fmt + 12) };
  }

  it.skipIf(!HAS_LOCAL_SPEECH)(
    "posts the recording as 16 kHz mono WAV with the model, as whisper.cpp and speaches expect, and returns the trimmed text",
    async () => {
      const speech = openAiSpeech({
        baseUrl,
        apiKey: "speech-key",
        model: "whisper-test",
        timeoutMs: 10_000,
      });
      expect(speech.describe()).toEqual({
        kind: "openai-compatible",
        host: new URL(baseUrl).host,
        model: "whisper-test",
      });
      const text = await checked(recording, "audio/wav", (r) => speech.transcribe(r));
      expect(text).toBe("hello from whisper");

      const sent = uploads.at(-1)!;
      expect(sent.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
      expect(sent.form.get("model")).toBe("whisper-test");
      expect(sent.form.get("response_format")).toBe("json");
      const file = sent.form.get("file") as File;
      expect(file).toBeInstanceOf(File);
      expect(file.name).toBe("turn.wav");
      expect(file.type).toBe("audio/wav");
      // espeak writes 22,050 Hz: the adapter resampled it.
      expect(wavFormat(Buffer.from(await file.arrayBuffer()))).toEqual({ rate: 16000, channels: 1 });
    },
  );

  it.skipIf(!HAS_FFMPEG)(
    "converts a browser's WebM/Opus too, and reports an API error with its status",
    async () => {
      const speech = openAiSpeech({ baseUrl, apiKey: "wrong", model: "whisper-test", timeoutMs: 10_000 });
      await expect(checked(opusTone(2, "webm"), "audio/webm", (r) => speech.transcribe(r))).rejects.toThrow(
        /speech API answered 401/,
      );
      const file = uploads.at(-1)!.form.get("file") as File;
      expect(file.name).toBe("turn.wav");
      expect(wavFormat(Buffer.from(await file.arrayBuffer()))).toEqual({ rate: 16000, channels: 1 });
    },
  );

  it.skipIf(!HAS_FFMPEG)("reports an error a service gives with a 200 answer", async () => {
    const speech = openAiSpeech({ baseUrl, model: "whisper.cpp-error", timeoutMs: 10_000 });
    await expect(checked(opusTone(2, "webm"), "audio/webm", (r) => speech.transcribe(r))).rejects.toThrow(
      /speech API error: "failed to read WAV file"/,
    );
  });

  it.skipIf(!HAS_FFMPEG)("gives up on a service that does not answer by the deadline", async () => {
    const speech = openAiSpeech({ baseUrl, apiKey: "speech-key", model: "slow", timeoutMs: 500 });
    await expect(
      checked(opusTone(2, "webm"), "audio/webm", (r) => speech.transcribe(r)),
    ).rejects.toBeInstanceOf(SpeechTimeout);
  });
});
