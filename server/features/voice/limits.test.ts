import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_VOICE_PROFILES, VOICE_PROFILE_LIMIT } from "../../../common/voice";
import { createTestApp, type TestApp } from "../../test/app";
import { asDataUrl, ffmpeg, speechLikeWav } from "../../test/audio";
import { buildWorkspace } from "../../test/factories";

/**
 * One voice sample froze the server. Samples are checked (type, bytes,
 * length) before anything decodes them, decoding is capped at the longest sample, the analysis
 * runs in a worker thread, and an account keeps at most MAX_VOICE_PROFILES profiles.
 */

let dir: string;

/**
 * The outside probe's file: a 200 Hz tone of 8,280 s (2.3 hours) as 6 kb/s Opus in Ogg, about
 * 7.8 MB. Encoding it whole takes about a minute; one encoded minute copied 138 times is the same file.
 */
function hostileOpus(): Buffer {
  const chunk = path.join(dir, "minute.ogg");
  const out = path.join(dir, "hostile.ogg");
  ffmpeg([
    "-y",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=200:sample_rate=8000:duration=60",
    "-c:a",
    "libopus",
    "-b:a",
    "6k",
    chunk,
  ]);
  ffmpeg(["-y", "-stream_loop", "137", "-i", chunk, "-c", "copy", out]);
  return readFileSync(out);
}

/**
 * Speech-like audio as WebM/Opus written to a pipe, the way Chromium's MediaRecorder writes it:
 * the container does not say how long it is, so only decoding can tell.
 */
function webmWithoutDuration(seconds: number): Buffer {
  return ffmpeg(
    ["-i", "pipe:0", "-c:a", "libopus", "-b:a", "16k", "-f", "webm", "pipe:1"],
    speechLikeWav(seconds),
  );
}

/** A sample long enough to be taken (about 11.6 s of speech), small to send many times. */
const SPEECH = asDataUrl(speechLikeWav(13));

const profile = (audioData: string, voiceName = "My voice") => ({ voiceName, audioData, consent: true });

let t: TestApp;
let hostile: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "aip-voice-limits-"));
  hostile = hostileOpus();
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a voice sample is checked before it is decoded", () => {
  it("refuses the 2.3-hour Opus file from its length, without decoding it", async () => {
    expect(hostile.length).toBeGreaterThan(7 * 1024 * 1024);
    const c = await buildWorkspace(t);
    const started = performance.now();
    const res = await c.post("/api/voice-profiles", profile(asDataUrl(hostile, "audio/ogg")));
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(
      "The voice sample is 2 hours 18 minutes long; the longest taken is 2 minutes. Record a shorter one: 30 seconds is plenty.",
    );
    // Decoding all of it took 20 s (killed) to 40 s; reading its length takes a fraction of a second.
    expect(elapsed).toBeLessThan(10_000);
    expect((await c.get("/api/voice-profiles")).json()).toEqual([]);
  });

  it("refuses a recording whose container does not give its length, once decoding passes the limit", async () => {
    const c = await buildWorkspace(t);
    const res = await c.post(
      "/api/voice-profiles",
      profile(asDataUrl(webmWithoutDuration(150), "audio/webm;codecs=opus")),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(
      "The voice sample is longer than 2 minutes, the longest taken. Record a shorter one: 30 seconds is plenty.",
    );
  });

  it("takes a browser recording at the limit's side", async () => {
    const c = await buildWorkspace(t);
    const res = await c.post(
      "/api/voice-profiles",
      profile(asDataUrl(webmWithoutDuration(100), "audio/webm;codecs=opus")),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().sampleDuration).toBe(100);
  });

  it.each([
    ["text declared as WebM", Buffer.from("hello, this is not a recording\n".repeat(20)), "audio/webm"],
    [
      "text declared as Ogg",
      Buffer.from("#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:0\nfile:///etc/passwd\n"),
      "audio/ogg",
    ],
  ])("refuses %s, naming what it is", async (_name, bytes, type) => {
    const c = await buildWorkspace(t);
    const res = await c.post("/api/voice-profiles", profile(asDataUrl(bytes, type)));
    expect(res.statusCode).toBe(415);
    const label = type === "audio/webm" ? "WebM" : "Ogg";
    expect(res.json().message).toBe(
      `The voice sample was sent as ${label} audio, but it is text. Record it again, or send it with its real type.`,
    );
  });

  it("refuses audio of one kind declared as another", async () => {
    const c = await buildWorkspace(t);
    const res = await c.post(
      "/api/voice-profiles",
      profile(asDataUrl(hostile.subarray(0, 200_000), "audio/webm")),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(
      "The voice sample was sent as WebM audio, but its content is not WebM audio. Record it again, or send it with its real type.",
    );
    const wavAsOgg = await c.post("/api/voice-profiles", profile(SPEECH.replace("audio/wav", "audio/ogg")));
    expect(wavAsOgg.statusCode).toBe(415);
  });

  it("keeps the event loop free while a long sample is decoded and analysed", async () => {
    const c = await buildWorkspace(t);
    const sample = asDataUrl(webmWithoutDuration(110), "audio/webm");
    // A first sample starts the analysis worker, so the measured one sees the steady state.
    await c.post("/api/voice-profiles", profile(SPEECH));
    const before = performance.eventLoopUtilization();
    const res = await c.post("/api/voice-profiles", profile(sample, "Long"));
    const loop = performance.eventLoopUtilization(before);
    expect(res.statusCode).toBe(201);
    expect(res.json().sampleDuration).toBe(110);
    // The share of the request's time the event loop was busy rather than waiting: analysing
    // 110 s on the loop kept it busy for about three quarters of the request (1.7 s); with the
    // decoding in ffmpeg and the analysis in a worker it is about a tenth (the request itself).
    // A share, unlike a delay, holds steady on a loaded machine; the 100 ms target itself is
    // measured by `npm run bench -- audio`.
    expect(loop.utilization).toBeLessThan(0.4);
  });
});

describe("voice profiles per account", () => {
  it(`keeps at most ${MAX_VOICE_PROFILES}, and takes another once one is deleted`, async () => {
    const c = await buildWorkspace(t);
    const audioData = SPEECH;
    const ids: string[] = [];
    for (let i = 1; i <= MAX_VOICE_PROFILES; i++) {
      const res = await c.post("/api/voice-profiles", profile(audioData, `Voice ${i}`));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    const eleventh = await c.post("/api/voice-profiles", profile(audioData, "One too many"));
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toBe(VOICE_PROFILE_LIMIT);
    expect((await c.get("/api/voice-profiles")).json()).toHaveLength(MAX_VOICE_PROFILES);

    // Another account is not affected.
    const other = await buildWorkspace(t);
    expect((await other.post("/api/voice-profiles", profile(audioData))).statusCode).toBe(201);

    expect((await c.delete(`/api/voice-profiles/${ids[0]}`)).statusCode).toBe(204);
    // Two at once for the one free place: exactly one gets it.
    const [a, b] = await Promise.all([
      c.post("/api/voice-profiles", profile(audioData, "Racer A")),
      c.post("/api/voice-profiles", profile(audioData, "Racer B")),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((await c.get("/api/voice-profiles")).json()).toHaveLength(MAX_VOICE_PROFILES);
  });
});
