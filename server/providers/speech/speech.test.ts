import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POCKETSPHINX_MEDIAN_WER, speechTimedOut } from "../../../common/speech";
import type { AudioType } from "../../audio/formats";
import { withCheckedAudio } from "../../audio/inspect";
import { wavSeconds } from "../../audio/wav";
import { loadConfig } from "../../config";
import { createTestApp, multipartBody, type TestApp, type TestClient } from "../../test/app";
import { ffmpeg, spokenWav } from "../../test/audio";
import { buildCall, buildWorkspace } from "../../test/factories";
import { type FakeWhisperServer, startFakeWhisperServer } from "./fake-whisper-server";
import { createSpeechProvider } from "./index";
import { openAiSpeech } from "./openai";
import { localPocketsphinx, POCKETSPHINX_MODEL_DIR } from "./pocketsphinx";
import { type Recording, SpeechTimeout, type SpeechToText } from "./types";

function hasCommand(command: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/**
 * Debian's pocketsphinx is optional: where it is installed its own tests run; everywhere, the
 * same recordings go to a local server speaking OpenAI's transcription protocol. ffmpeg and
 * espeak-ng are always there (Debian's, or the npm packages').
 */
const HAS_POCKETSPHINX =
  hasCommand("pocketsphinx_continuous") && existsSync(path.join(POCKETSPHINX_MODEL_DIR, "en-us.lm.bin"));

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
  recording = await spokenWav(PHRASE, ["-v", "en-us", "-s", "150"]);
  longTurn = await spokenWav(LONG_TURN, ["-v", "en-us"]);
  const raw = path.join(workDir, "espeak.wav");
  const resampled = path.join(workDir, "speech16k.wav");
  writeFileSync(raw, recording);
  ffmpeg(["-y", "-i", raw, "-ar", "16000", "-ac", "1", resampled]);
  recording16k = readFileSync(resampled);
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

describe.skipIf(!HAS_POCKETSPHINX)("local pocketsphinx (where Debian's is installed)", () => {
  it("transcribes an espeak recording of a short clear phrase", async () => {
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

  // The recogniser may take its whole 30 s deadline on a busy machine: the test waits past it.
  it("transcribes a recording uploaded to process-audio", { timeout: 60_000 }, async () => {
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

  it("stops the recogniser at the deadline and says so, instead of keeping the caller waiting", async () => {
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
  });
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

  it("refuses a turn longer than a minute, from the container or by counting", async () => {
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
  });

  it("hands a browser recording within the limits to the recogniser", async () => {
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
    const refused = await upload(c, callId, recording, "audio/wav");
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
          "Speech recognition: none on this server, so recordings cannot be transcribed. Type what the caller says, or ask the platform administrator to connect a Whisper speech server.",
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

  it.skipIf(!HAS_POCKETSPHINX)("names the embedded recogniser and its measured error rate", async () => {
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
        `Speech recognition: local (pocketsphinx), rough on open speech: about ${Math.round(POCKETSPHINX_MEDIAN_WER * 10)} words in 10 come back wrong. For accurate transcripts, ask the platform administrator to connect a Whisper speech server.`,
      );
    } finally {
      await t.close();
    }
  });
});

describe("which recogniser a server uses", () => {
  it("takes SPEECH_BASE_URL's service; else Debian's pocketsphinx where installed; else none", async () => {
    const fake = await startFakeWhisperServer();
    try {
      const remote = await createSpeechProvider(
        loadConfig({ NODE_ENV: "test", SPEECH_BASE_URL: fake.baseUrl, SPEECH_MODEL: "whisper-test" }),
      );
      expect(remote?.describe()).toEqual({
        kind: "openai-compatible",
        host: new URL(fake.baseUrl).host,
        model: "whisper-test",
      });
      const local = await createSpeechProvider(loadConfig({ NODE_ENV: "test" }));
      if (HAS_POCKETSPHINX) expect(local?.describe().kind).toBe("pocketsphinx");
      else expect(local).toBeNull();
      expect(await createSpeechProvider(loadConfig({ NODE_ENV: "test", SPEECH_LOCAL: "off" }))).toBeNull();
    } finally {
      await fake.close();
    }
  });
});

/**
 * What the pocketsphinx tests check, against a service speaking OpenAI's protocol instead: it
 * recognises nothing, so what it answers is set here, and the tests check what reached it: the
 * spoken recording itself, as 16 kHz mono WAV of the recording's length and loudness.
 */
describe("recorded speech through a Whisper-protocol service", () => {
  let fake: FakeWhisperServer;
  beforeAll(async () => {
    fake = await startFakeWhisperServer();
  });
  afterEach(() => {
    fake.mode = "ok";
    fake.apiKey = null;
  });
  afterAll(() => fake.close());

  const service = (timeoutMs = 30_000) =>
    openAiSpeech({ baseUrl: fake.baseUrl, apiKey: "speech-key", model: "whisper-1", timeoutMs });

  /** The last upload was this espeak recording: its length, at Whisper's format, and not silent. */
  function expectHeardSpeech(source: Buffer) {
    const heard = fake.requests.at(-1)?.wav;
    expect(heard).toMatchObject({ rate: 16000, channels: 1, bitsPerSample: 16 });
    expect(heard?.seconds).toBeCloseTo(wavSeconds(source), 1);
    // espeak speaks at about -20 dBFS; silence or a lost stream would be far below.
    expect(heard?.levelDb).toBeGreaterThan(-35);
  }

  it("transcribes an espeak recording of a short clear phrase", async () => {
    fake.transcript = ` ${PHRASE}\n`;
    const text = await checked(recording, "audio/wav", (r) => service().transcribe(r));
    expect(text).toBe(PHRASE);
    expectHeardSpeech(recording);
  });

  it("transcribes a recording uploaded to process-audio", async () => {
    fake.transcript = PHRASE;
    const t = await createTestApp({}, { speech: service() });
    try {
      const c = await buildWorkspace(t);
      const { id: callId } = await buildCall(c, { phoneNumber: "+12125550123", live: true });
      const res = await upload(c, callId, recording, "audio/wav");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().transcription).toBe(PHRASE);
      expect(res.json().analysis.classification).toBe("appointment");
      expect(res.json().call.transcript).toContain(`Caller: ${PHRASE}`);
      expectHeardSpeech(recording);
    } finally {
      await t.close();
    }
  });

  it("stops waiting for the service at the deadline and says so, instead of keeping the caller waiting", async () => {
    fake.mode = "slow";
    // Long enough to decode the turn and send it on a busy machine; the service never answers.
    const speech = service(3000);
    const sentBefore = fake.requests.length;
    await expect(checked(longTurn, "audio/wav", (r) => speech.transcribe(r))).rejects.toBeInstanceOf(
      SpeechTimeout,
    );
    // The request was sent (the long turn, decoded) and then given up, not left open.
    expect(fake.requests).toHaveLength(sentBefore + 1);
    expectHeardSpeech(longTurn);
    await expect.poll(() => fake.requests.at(-1)?.abandoned).toBe(true);

    const t = await createTestApp({}, { speech });
    try {
      const c = await buildWorkspace(t);
      const { id: callId } = await buildCall(c, { phoneNumber: "+12125550123", live: true });
      const started = performance.now();
      const res = await upload(c, callId, longTurn, "audio/wav");
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(speechTimedOut(3));
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(fake.requests).toHaveLength(sentBefore + 2);
      await expect.poll(() => fake.requests.at(-1)?.abandoned).toBe(true);
      // The turn was not recorded; the call goes on.
      const call = (await c.get(`/api/calls/${callId}`)).json();
      expect(call.isActive).toBe(true);
      expect(call.transcript).not.toContain("Caller:");
    } finally {
      await t.close();
    }
  });
});

describe("the OpenAI-compatible speech adapter", () => {
  let fake: FakeWhisperServer;
  beforeAll(async () => {
    fake = await startFakeWhisperServer();
    fake.apiKey = "speech-key";
    fake.transcript = "  hello from whisper \n";
  });
  afterEach(() => {
    fake.mode = "ok";
  });
  afterAll(() => fake.close());

  it("posts the recording as 16 kHz mono WAV with the model, as whisper.cpp and speaches expect, and returns the trimmed text", async () => {
    // A trailing slash on the address is taken too.
    const speech = openAiSpeech({
      baseUrl: `${fake.baseUrl}/`,
      apiKey: "speech-key",
      model: "whisper-test",
      timeoutMs: 10_000,
    });
    expect(speech.describe()).toEqual({
      kind: "openai-compatible",
      host: new URL(fake.baseUrl).host,
      model: "whisper-test",
    });
    const text = await checked(recording, "audio/wav", (r) => speech.transcribe(r));
    expect(text).toBe("hello from whisper");

    const sent = fake.requests.at(-1)!;
    expect(sent.authorization).toBe("Bearer speech-key");
    expect(sent.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.model).toBe("whisper-test");
    expect(sent.responseFormat).toBe("json");
    expect(sent.fileName).toBe("turn.wav");
    expect(sent.fileType).toBe("audio/wav");
    // espeak writes 22,050 Hz: the adapter resampled it.
    expect(sent.wav).toMatchObject({ rate: 16000, channels: 1 });
  });

  it("converts a browser's WebM/Opus too, and reports an API error with its status", async () => {
    const speech = openAiSpeech({
      baseUrl: fake.baseUrl,
      apiKey: "wrong",
      model: "whisper-test",
      timeoutMs: 10_000,
    });
    await expect(checked(opusTone(2, "webm"), "audio/webm", (r) => speech.transcribe(r))).rejects.toThrow(
      /speech API answered 401/,
    );
    const sent = fake.requests.at(-1)!;
    expect(sent.fileName).toBe("turn.wav");
    expect(sent.wav).toMatchObject({ rate: 16000, channels: 1 });
    expect(sent.wav?.seconds).toBeCloseTo(2, 1);
  });

  it("reports an error a service gives with a 200 answer", async () => {
    fake.mode = "whisper.cpp-error";
    const speech = openAiSpeech({
      baseUrl: fake.baseUrl,
      apiKey: "speech-key",
      model: "whisper-test",
      timeoutMs: 10_000,
    });
    await expect(checked(opusTone(2, "webm"), "audio/webm", (r) => speech.transcribe(r))).rejects.toThrow(
      /speech API error: "failed to read WAV file"/,
    );
  });

  it("gives up on a service that does not answer by the deadline", async () => {
    fake.mode = "slow";
    const speech = openAiSpeech({
      baseUrl: fake.baseUrl,
      apiKey: "speech-key",
      model: "whisper-test",
      timeoutMs: 500,
    });
    await expect(
      checked(opusTone(2, "webm"), "audio/webm", (r) => speech.transcribe(r)),
    ).rejects.toBeInstanceOf(SpeechTimeout);
  });
});
