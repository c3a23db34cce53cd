import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  MAX_SAMPLE_BYTES,
  NO_SOUND_HEARD,
  SAMPLE_TOO_LARGE,
  VOICE_CONSENT_TEXT,
  VOICE_INPUT_REQUIRED,
} from "../../../common/voice";
import { decodeToPcm, withCheckedAudio } from "../../audio/inspect";
import { createTestApp, type TestApp } from "../../test/app";
import { asDataUrl, ffmpeg, noiseWav, speechLikeWav, spokenWav, toneWav } from "../../test/audio";
import { buildVoiceProfile, buildWorkspace, rows, voiceSample } from "../../test/factories";
import { analyzePcm } from "./audio";

/** Speech enough to be taken (about 11.6 s of it), for refusals that are about something else. */
const SPEECH = asDataUrl(speechLikeWav(13));

/** A real spoken sample (about 15 s), encoded the way Chromium's MediaRecorder does (WebM/Opus). */
async function spokenWebm(): Promise<Buffer> {
  const wav = await spokenWav(
    "Hello, this is Jordan. I am recording a sample of my voice so my assistant can sound like me on the phone. It answers my calls while I am busy, takes messages, and books appointments for the week ahead.",
    ["-v", "en-us+f2"],
  );
  return ffmpeg(["-i", "pipe:0", "-c:a", "libopus", "-f", "webm", "pipe:1"], wav);
}

describe("voice profiles with the local voice", () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "aip-voice-"));
    t = await createTestApp({ dataDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("says plainly that cloning is not set up", async () => {
    const c = await buildWorkspace(t);
    const res = await c.get("/api/voice-profiles/service");
    // espeak-ng is always there: Debian's, or its WebAssembly build from npm.
    expect(res.json()).toMatchObject({ provider: "local", cloning: false, speech: true });
    expect(res.json().message).toMatch(/^Voice cloning is not set up on this server/);
  });

  it("creates a profile: the sample as a file under DATA_DIR, consent with time and hash", async () => {
    const c = await buildWorkspace(t);
    const audio = speechLikeWav(14, 110);
    const res = await c.post("/api/voice-profiles", {
      voiceName: "  Work voice ",
      audioData: asDataUrl(audio),
      consent: true,
    });
    expect(res.statusCode).toBe(201);
    const profile = res.json();
    expect(profile).toMatchObject({
      voiceName: "Work voice",
      isActive: false,
      provider: "local",
      cloned: false,
      sampleDuration: 14,
      sampleBytes: audio.length,
    });
    expect(profile.voiceId).toBe(`local-${profile.id}`);
    expect(profile.stockVoice).toMatch(/^en-us\+m\d\/p\d+$/);
    expect(profile.notice).toMatch(/^Voice cloning is not set up on this server, so your sample was saved/);
    expect(profile.quality).toBeGreaterThan(0);
    expect(profile.quality).toBeLessThanOrEqual(100);

    const [row] = await rows(
      t,
      sql`select sample_path, sample_sha256, sample_mime_type, consent_text, consent_at from voice_profiles where id = ${profile.id}`,
    );
    expect(row?.sample_sha256).toBe(createHash("sha256").update(audio).digest("hex"));
    expect(row?.consent_text).toBe(VOICE_CONSENT_TEXT);
    expect(row?.consent_at).toBeTruthy();
    expect(row?.sample_mime_type).toBe("audio/wav");
    const file = path.join(dataDir, String(row?.sample_path));
    expect(file.startsWith(path.join(dataDir, "voice-samples", c.user!.workspace.id))).toBe(true);
    // Buffer.equals: toEqual walks a sample's 200 kB one element at a time (seconds).
    expect((await readFile(file)).equals(audio)).toBe(true);

    // The sample plays back as recorded.
    const played = await c.get(`/api/voice-profiles/${profile.id}/sample`);
    expect(played.statusCode).toBe(200);
    expect(played.headers["content-type"]).toBe("audio/wav");
    expect(played.rawPayload.equals(audio)).toBe(true);
  });

  it("picks the stock voice nearest the speaker's pitch, from a browser-style recording", async () => {
    const c = await buildWorkspace(t);
    const webm = await spokenWebm();
    const res = await c.post("/api/voice-profiles", {
      voiceName: "Recorded",
      audioData: asDataUrl(webm, "audio/webm;codecs=opus"),
      consent: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().stockVoice).toMatch(/^en-us\+f\d\/p\d+$/);
    expect(res.json().stockVoiceLabel).toMatch(/female voice/);
    expect(res.json().sampleDuration).toBeGreaterThanOrEqual(12);
    const low = await c.post("/api/voice-profiles", voiceSample({ hz: 95 }));
    expect(low.json().stockVoice).toMatch(/^en-us\+m\d\//);
  });

  it("previews the profile's voice as speech", async () => {
    const c = await buildWorkspace(t);
    const profile = await buildVoiceProfile(c);
    const res = await c.get(
      `/api/voice-profiles/${profile.id}/preview?text=${encodeURIComponent("Hello there")}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("audio/wav");
    const rules = { maxSeconds: 60, noun: "preview", tooLongAdvice: "", unreadable: "unreadable" };
    const pcm = await withCheckedAudio(res.rawPayload, "audio/wav", rules, (audio) =>
      decodeToPcm(audio, { rate: 8000, maxSeconds: 60 }),
    );
    expect(analyzePcm(pcm).duration).toBeGreaterThan(0.3);
  });

  it("lists newest first, activates one at a time, deletes with the file", async () => {
    const c = await buildWorkspace(t);
    const a = await buildVoiceProfile(c, { voiceName: "A" });
    const b = await buildVoiceProfile(c, { voiceName: "B" });
    const list = await c.get("/api/voice-profiles");
    expect(list.json().map((p: { voiceName: string }) => p.voiceName)).toEqual(["B", "A"]);

    expect((await c.put(`/api/voice-profiles/${a.id}/activate`)).json().isActive).toBe(true);
    const afterB = await c.put(`/api/voice-profiles/${b.id}/activate`, {});
    expect(afterB.statusCode).toBe(200);
    const active = (await c.get("/api/voice-profiles"))
      .json()
      .filter((p: { isActive: boolean }) => p.isActive);
    expect(active.map((p: { voiceName: string }) => p.voiceName)).toEqual(["B"]);

    const [row] = await rows(t, sql`select sample_path from voice_profiles where id = ${b.id}`);
    const file = path.join(dataDir, String(row?.sample_path));
    expect(existsSync(file)).toBe(true);
    const deleted = await c.delete(`/api/voice-profiles/${b.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(existsSync(file)).toBe(false);
    expect((await c.get("/api/voice-profiles")).json()).toHaveLength(1);
    expect((await c.delete(`/api/voice-profiles/${b.id}`)).statusCode).toBe(404);
    expect((await c.put(`/api/voice-profiles/${b.id}/activate`)).statusCode).toBe(404);
  });

  it.each([
    [{ voiceName: "", audioData: SPEECH, consent: true }, 400, VOICE_INPUT_REQUIRED],
    [{ voiceName: "   ", audioData: SPEECH, consent: true }, 400, VOICE_INPUT_REQUIRED],
    [{ voiceName: "Me", audioData: "", consent: true }, 400, VOICE_INPUT_REQUIRED],
    [{ voiceName: "Me", consent: true }, 400, VOICE_INPUT_REQUIRED],
    [{ voiceName: "Me", audioData: "data:audio/wav;base64,", consent: true }, 400, VOICE_INPUT_REQUIRED],
    [
      { voiceName: "Me", audioData: SPEECH },
      400,
      "Please confirm this is your own voice and that you consent to cloning it",
    ],
    [
      { voiceName: "Me", audioData: SPEECH, consent: false },
      400,
      "Please confirm this is your own voice and that you consent to cloning it",
    ],
    [
      { voiceName: "Me", audioData: "aGVsbG8=", consent: true },
      400,
      "The recording must be sent as an audio data URL (data:audio/...;base64,...)",
    ],
    [
      { voiceName: "Me", audioData: asDataUrl(Buffer.from("hello"), "text/plain"), consent: true },
      400,
      "The recording must be sent as an audio data URL (data:audio/...;base64,...)",
    ],
    [
      { voiceName: "Me", audioData: `${SPEECH}!@#$`, consent: true },
      400,
      "The recording's data is not valid base64",
    ],
    [
      { voiceName: "Me", audioData: `data:audio/wav;base64,UklG RkZ\nBQUFB`, consent: true },
      400,
      "The recording's data is not valid base64",
    ],
    [
      { voiceName: "Me", audioData: asDataUrl(Buffer.from("hello"), "audio/flac"), consent: true },
      415,
      "Record the sample as WebM, Ogg, WAV, MP3 or MP4 audio",
    ],
    [
      { voiceName: "Me", audioData: asDataUrl(Buffer.from("not really audio")), consent: true },
      415,
      "The voice sample was sent as WAV audio, but it is text. Record it again, or send it with its real type.",
    ],
    [
      {
        voiceName: "Me",
        audioData: asDataUrl(Buffer.concat([toneWav(4).subarray(0, 44), Buffer.alloc(64, 7)])),
        consent: true,
      },
      400,
      NO_SOUND_HEARD,
    ],
    [
      { voiceName: "Me", audioData: asDataUrl(toneWav(12, 120, 16000, 0)), consent: true },
      400,
      NO_SOUND_HEARD,
    ],
    [{ voiceName: "Me", audioData: asDataUrl(noiseWav(12, 0.003)), consent: true }, 400, NO_SOUND_HEARD],
    [
      { voiceName: "Me", audioData: asDataUrl(toneWav(15, 120, 8000)), consent: true },
      400,
      "No speech was heard in the sample. Record at least 10 seconds of your voice speaking; 30 seconds is recommended.",
    ],
    [
      { voiceName: "Me", audioData: asDataUrl(speechLikeWav(6)), consent: true },
      400,
      "The sample has only 5 seconds of speech. Record at least 10 seconds of your voice speaking; 30 seconds is recommended.",
    ],
    [
      { voiceName: "x".repeat(61), audioData: SPEECH, consent: true },
      400,
      "The voice name must be at most 60 characters",
    ],
  ])("refuses %#", async (body, status, message) => {
    const c = await buildWorkspace(t);
    const res = await c.post("/api/voice-profiles", body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect((await c.get("/api/voice-profiles")).json()).toEqual([]);
  });

  it("refuses a sample over the size limit with a clear message", async () => {
    const c = await buildWorkspace(t);
    const big = Buffer.alloc(MAX_SAMPLE_BYTES + 1024, 1);
    const res = await c.post("/api/voice-profiles", {
      voiceName: "Big",
      audioData: asDataUrl(big),
      consent: true,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(SAMPLE_TOO_LARGE);
    const huge = Buffer.alloc(MAX_SAMPLE_BYTES * 2, 1);
    const generic = await c.post("/api/voice-profiles", {
      voiceName: "Huge",
      audioData: asDataUrl(huge),
      consent: true,
    });
    expect(generic.statusCode).toBe(413);
  });

  it("on the free plan: creating, activating and previewing are refused (402); listing, playback and deleting are not", async () => {
    const c = await buildWorkspace(t);
    const kept = await buildVoiceProfile(c);
    await c.post("/api/subscription/cancel");
    const refusal =
      "The Free plan does not include voice cloning. Upgrade to Basic, Pro, Premium, Personal or Business to use it.";
    const create = await c.post("/api/voice-profiles", voiceSample());
    expect(create.statusCode).toBe(402);
    expect(create.json().message).toBe(refusal);
    const activate = await c.put(`/api/voice-profiles/${kept.id}/activate`);
    expect(activate.statusCode).toBe(402);
    expect((await c.get(`/api/voice-profiles/${kept.id}/preview`)).statusCode).toBe(402);
    expect((await c.get("/api/voice-profiles")).json()).toHaveLength(1);
    expect((await c.get(`/api/voice-profiles/${kept.id}/sample`)).statusCode).toBe(200);
    expect((await c.delete(`/api/voice-profiles/${kept.id}`)).statusCode).toBe(204);
  });

  it("keeps accounts apart", async () => {
    const owner = await buildWorkspace(t);
    const profile = await buildVoiceProfile(owner);
    const other = await buildWorkspace(t);
    expect((await other.get("/api/voice-profiles")).json()).toEqual([]);
    expect((await other.get(`/api/voice-profiles/${profile.id}/sample`)).statusCode).toBe(404);
    expect((await other.delete(`/api/voice-profiles/${profile.id}`)).statusCode).toBe(404);
    expect((await owner.get("/api/voice-profiles")).json()).toHaveLength(1);
  });
});

type Seen = { method: string; path: string; key: string | undefined; body: Buffer; type: string | undefined };

describe("voice profiles with the voice service (ElevenLabs' API on a local server)", () => {
  let t: TestApp;
  let dataDir: string;
  let server: Server;
  let seen: Seen[] = [];
  let failClone = false;

  function read(request: IncomingMessage): Promise<Buffer> {
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => resolve(Buffer.concat(chunks)));
    });
  }

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const body = await read(request);
      const url = request.url ?? "";
      seen.push({
        method: request.method ?? "",
        path: url,
        key: request.headers["xi-api-key"] as string | undefined,
        body,
        type: request.headers["content-type"],
      });
      if (request.headers["xi-api-key"] !== "xi-test-key") {
        response.statusCode = 401;
        response.end(JSON.stringify({ detail: { status: "invalid_api_key" } }));
        return;
      }
      if (request.method === "POST" && url === "/v1/voices/add") {
        if (failClone) {
          response.statusCode = 500;
          response.end("{}");
          return;
        }
        response.setHeader("content-type", "application/json");
        response.end(JSON.stringify({ voice_id: `cloned_${seen.length}`, requires_verification: false }));
        return;
      }
      if (request.method === "POST" && url.startsWith("/v1/text-to-speech/")) {
        response.setHeader("content-type", "audio/mpeg");
        response.end(Buffer.from("ID3-fake-mp3-bytes"));
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
    dataDir = await mkdtemp(path.join(tmpdir(), "aip-voice-remote-"));
    t = await createTestApp({
      dataDir,
      voice: {
        apiKey: "xi-test-key",
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        model: "eleven_multilingual_v2",
        timeoutMs: 5000,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    seen = [];
    failClone = false;
  });

  it("clones through the service, speaks with the cloned voice, and deletes it there", async () => {
    const c = await buildWorkspace(t);
    expect((await c.get("/api/voice-profiles/service")).json()).toMatchObject({
      provider: "elevenlabs",
      cloning: true,
    });
    const audio = speechLikeWav(13);
    const res = await c.post("/api/voice-profiles", {
      voiceName: "Cloned me",
      audioData: asDataUrl(audio),
      consent: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      provider: "elevenlabs",
      cloned: true,
      notice: null,
      voiceId: "cloned_1",
    });
    const [add] = seen;
    expect(add).toMatchObject({ method: "POST", path: "/v1/voices/add", key: "xi-test-key" });
    expect(add?.type).toMatch(/^multipart\/form-data; boundary=/);
    const text = add!.body.toString("latin1");
    expect(text).toContain('name="name"\r\n\r\nCloned me');
    expect(text).toContain('name="files"; filename=');
    expect(add!.body.includes(audio.subarray(44, 1044))).toBe(true);

    const preview = await c.get(`/api/voice-profiles/${res.json().id}/preview?text=Hi`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers["content-type"]).toBe("audio/mpeg");
    expect(preview.rawPayload.toString()).toBe("ID3-fake-mp3-bytes");
    const tts = seen.find((s) => s.path.startsWith("/v1/text-to-speech/cloned_1"));
    expect(JSON.parse(tts!.body.toString())).toEqual({ text: "Hi", model_id: "eleven_multilingual_v2" });

    expect((await c.delete(`/api/voice-profiles/${res.json().id}`)).statusCode).toBe(204);
    await expect
      .poll(() => seen.some((s) => s.method === "DELETE" && s.path === "/v1/voices/cloned_1"))
      .toBe(true);
  });

  it("stores the profile with the local voice when the service fails, and says so", async () => {
    const c = await buildWorkspace(t);
    failClone = true;
    const res = await c.post("/api/voice-profiles", voiceSample());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ provider: "local", cloned: false });
    expect(res.json().notice).toMatch(/^The voice service could not clone this voice right now/);
  });
});
