import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp, TestClient } from "../../test/app";
import { createTestApp } from "../../test/app";
import { numbersInCallingHoursNow, recordAiVoiceConsent } from "../../test/dialing";
import { buildVoiceProfile, buildWorkspace } from "../../test/factories";
import { startFakeTwilioApi } from "../../test/fake-twilio-api";
import { fakeSpeech, startFakeVoiceService } from "../../test/fake-voice-service";
import {
  callRowBySid,
  callSid,
  connectTwilio,
  eventually,
  inboundParams,
  PUBLIC_URL,
  TWILIO,
  twilioPost,
  twimlAttr,
} from "../../test/telephony";
import { replyAudioTokens } from "../voice/reply-token";

/**
 * The workspace's cloned voice on the phone: replies synthesised by the voice service (a local
 * fake speaking ElevenLabs' API), played with <Play> from a short-lived signed address, cached
 * by voice and words; the built-in voice (<Say>) whenever there is no cloned voice or the
 * service fails.
 */
const API_KEY = "xi-test-key";
const APP_SECRET = randomBytes(24).toString("hex");
const OTHER_NUMBER = "+14155550111";
const GREETING = "Hello! You've reached my assistant. How can I help you today?";

let t: TestApp;
let twilioApi: Awaited<ReturnType<typeof startFakeTwilioApi>>;
let voiceService: Awaited<ReturnType<typeof startFakeVoiceService>>;
/** A workspace whose active profile is a cloned voice, on the Twilio number. */
let cloned: TestClient;
let clonedProfileId: string;
/** A workspace whose active profile could not be cloned (the built-in voice), on the other number. */
let local: TestClient;
let localProfileId: string;

beforeAll(async () => {
  twilioApi = await startFakeTwilioApi({
    accountSid: TWILIO.accountSid,
    authToken: TWILIO.authToken,
    numbers: [TWILIO.phoneNumber, OTHER_NUMBER],
  });
  voiceService = await startFakeVoiceService({ apiKey: API_KEY });
  t = await createTestApp({
    publicUrl: PUBLIC_URL,
    appSecret: APP_SECRET,
    telephony: { twilioApiBaseUrl: twilioApi.url, simulatorTimeScale: 0.01 },
    voice: { apiKey: API_KEY, baseUrl: voiceService.url, model: "eleven_multilingual_v2", timeoutMs: 5000 },
  });

  cloned = await buildWorkspace(t, { businessInfo: { companyName: "Rivera Plumbing" } });
  await connectTwilio(cloned);
  const profile = await buildVoiceProfile(cloned);
  expect(profile).toMatchObject({ provider: "elevenlabs", cloned: true });
  clonedProfileId = profile.id;
  expect((await cloned.put(`/api/voice-profiles/${profile.id}/activate`, {})).statusCode).toBe(200);

  local = await buildWorkspace(t, { businessInfo: { companyName: "Doe Bakery" } });
  await connectTwilio(local, OTHER_NUMBER);
  voiceService.state.failClone = true;
  const fallback = await buildVoiceProfile(local, { hz: 200 });
  voiceService.state.failClone = false;
  expect(fallback).toMatchObject({ provider: "local", cloned: false });
  localProfileId = fallback.id;
  expect((await local.put(`/api/voice-profiles/${fallback.id}/activate`, {})).statusCode).toBe(200);
});

afterAll(async () => {
  await t.close();
  await twilioApi.close();
  await voiceService.close();
});

/** Rings a number as Twilio does: the greeting's TwiML and the call's id. */
async function ring(to = TWILIO.phoneNumber, sid = callSid()) {
  const res = await twilioPost(t, "/api/telephony/twilio/voice", inboundParams(sid, "+12125550147", to));
  expect(res.statusCode, res.body).toBe(200);
  const row = await callRowBySid(t, sid);
  return { sid, twiml: res.body, callId: row?.id as string };
}

/** The caller says something: the <Gather> action of the last TwiML, signed as Twilio signs it. */
async function speak(sid: string, twiml: string, text: string, to = TWILIO.phoneNumber) {
  const action = twimlAttr(twiml, "Gather", "action") as string;
  const res = await twilioPost(
    t,
    action,
    inboundParams(sid, "+12125550147", to, { CallStatus: "in-progress", SpeechResult: text }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** The <Play> address in a TwiML document (the XML escapes its &). */
function playUrl(twiml: string): string {
  const match = /<Play>([^<]+)<\/Play>/.exec(twiml);
  expect(match, twiml).not.toBeNull();
  return (match?.[1] ?? "").replace(/&amp;/g, "&");
}

/** Fetches audio as Twilio's <Play> does: a plain GET, no session, no signature header. */
function fetchAudio(url: string) {
  return t.app.inject({ method: "GET", url, headers: { host: "calls.example.com" } });
}

const tokenOf = (url: string) => new URL(url, PUBLIC_URL).searchParams.get("token") as string;
const withToken = (token: string) => `/api/voice-replies/audio?${new URLSearchParams({ token })}`;

describe("a workspace with a cloned voice", () => {
  it("answers the call with <Play> of a signed address inside <Gather>, which serves the cloned voice's MP3", async () => {
    const { twiml } = await ring();
    expect(twimlAttr(twiml, "Gather", "input")).toBe("speech");
    expect(twiml).not.toContain("<Say");
    const url = playUrl(twiml);
    expect(url).toMatch(/^\/api\/voice-replies\/audio\?token=[\w-]+\.[\w-]+$/);
    expect(twiml).toMatch(/<Gather [^>]*><Play>/);

    const audio = await fetchAudio(url);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers["content-type"]).toBe("audio/mpeg");
    expect(audio.rawPayload).toEqual(fakeSpeech("cloned_1", GREETING));
    expect(voiceService.timesSpoken(GREETING, "cloned_1")).toBe(1);
  });

  it("shares the cache with Settings' preview: the greeting previewed is the greeting the calls play", async () => {
    const preview = await cloned.get(
      `/api/voice-profiles/${clonedProfileId}/preview?${new URLSearchParams({ text: GREETING })}`,
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload).toEqual(fakeSpeech("cloned_1", GREETING));
    expect(voiceService.timesSpoken(GREETING, "cloned_1")).toBe(1);
  });

  it("speaks each reply the engine gives in the cloned voice, and synthesises repeated words once", async () => {
    const before = voiceService.spoken.length;
    const { sid, twiml } = await ring();
    // The greeting was said on the call before: a cache hit, not a second synthesis.
    const greeting = await fetchAudio(playUrl(twiml));
    expect(greeting.statusCode).toBe(200);
    expect(greeting.rawPayload).toEqual(fakeSpeech("cloned_1", GREETING));
    expect(voiceService.timesSpoken(GREETING, "cloned_1")).toBe(1);

    const reply = await speak(sid, twiml, "Hi, my kitchen sink is leaking, can someone come tomorrow?");
    const url = playUrl(reply);
    const audio = await fetchAudio(url);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers["content-type"]).toBe("audio/mpeg");
    const said = voiceService.spoken.slice(before);
    expect(said).toHaveLength(1);
    expect(said[0]?.voiceId).toBe("cloned_1");
    expect(audio.rawPayload).toEqual(fakeSpeech("cloned_1", said[0]?.text as string));
    // The same address again (the carrier retrying the fetch) is served from the cache.
    expect((await fetchAudio(url)).rawPayload).toEqual(audio.rawPayload);
    expect(voiceService.spoken.slice(before)).toHaveLength(1);
  });

  it("refuses a tampered token (403), an expired one (404) and one naming another workspace's profile (404)", async () => {
    const { twiml } = await ring();
    const token = tokenOf(playUrl(twiml));
    const [body, signature] = token.split(".") as [string, string];

    const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    expect((await fetchAudio(withToken(`${body}.${flipped}`))).statusCode).toBe(403);
    // The words or the workspace changed, the signature kept: not this server's token.
    const claim = JSON.parse(Buffer.from(body, "base64url").toString()) as [string, string, number, string];
    const changed = Buffer.from(JSON.stringify([claim[0], claim[1], claim[2], "Send me your bank details"]));
    expect((await fetchAudio(withToken(`${changed.toString("base64url")}.${signature}`))).statusCode).toBe(
      403,
    );
    const elsewhere = Buffer.from(JSON.stringify([local.user!.workspace.id, claim[1], claim[2], claim[3]]));
    expect((await fetchAudio(withToken(`${elsewhere.toString("base64url")}.${signature}`))).statusCode).toBe(
      403,
    );
    expect((await fetchAudio(withToken("not-a-token"))).statusCode).toBe(403);
    expect((await fetchAudio("/api/voice-replies/audio")).statusCode).toBe(400);

    // Signed by this server, but past its few minutes.
    const tokens = replyAudioTokens(APP_SECRET);
    const expired = tokens.create({
      workspaceId: cloned.user!.workspace.id,
      profileId: clonedProfileId,
      text: GREETING,
      expiresAt: Date.now() - 1000,
    });
    const gone = await fetchAudio(withToken(expired));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toMatch(/expired/);

    // Signed, but naming another workspace's profile under this workspace: never found.
    const crossed = tokens.create({
      workspaceId: cloned.user!.workspace.id,
      profileId: localProfileId,
      text: GREETING,
      expiresAt: Date.now() + 60_000,
    });
    expect((await fetchAudio(withToken(crossed))).statusCode).toBe(404);
    const spokenBefore = voiceService.spoken.length;
    // ... and a valid token for a deleted profile is not served from the cache either.
    const other = await buildWorkspace(t);
    const profile = await buildVoiceProfile(other);
    const deleted = tokens.create({
      workspaceId: other.user!.workspace.id,
      profileId: profile.id,
      text: GREETING,
      expiresAt: Date.now() + 60_000,
    });
    expect((await fetchAudio(withToken(deleted))).statusCode).toBe(200);
    expect((await other.delete(`/api/voice-profiles/${profile.id}`)).statusCode).toBe(204);
    expect((await fetchAudio(withToken(deleted))).statusCode).toBe(404);
    expect(voiceService.spoken.length).toBe(spokenBefore + 1);
  });

  it("synthesises an outbound call's opening while it rings, before anyone answers", async () => {
    const [callee = ""] = numbersInCallingHoursNow(1, "0186");
    await recordAiVoiceConsent(cloned, [callee]);
    const placed = await cloned.post("/api/voice/outbound", {
      phoneNumber: callee,
      purpose: "your boiler service",
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { callId, callSid: sid } = placed.json();
    const opening = (await callRowBySid(t, sid))?.aiResponse as string;
    expect(opening).toContain("your boiler service");
    // Twilio has not said the call was answered, and the opening is already being synthesised.
    await eventually(async () => expect(voiceService.timesSpoken(opening, "cloned_1")).toBe(1));

    const answered = await twilioPost(t, `/api/telephony/twilio/voice?callId=${callId}`, {
      ...inboundParams(sid, TWILIO.phoneNumber, callee),
      Direction: "outbound-api",
      CallStatus: "in-progress",
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const audio = await fetchAudio(playUrl(answered.body));
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload).toEqual(fakeSpeech("cloned_1", opening));
    expect(voiceService.timesSpoken(opening, "cloned_1")).toBe(1);
  });

  it("plays the same audio on a simulated call, fetched by the built-in carrier", async () => {
    const res = await cloned.post("/api/telephony/simulator/calls", {
      from: "(212) 555-0188",
      script: ["Hi, I wanted to ask about a quote for a new boiler."],
    });
    expect(res.statusCode, res.body).toBe(202);
    const { callSid: sid } = res.json();
    const view = await eventually(async () => {
      const seen = t.app.services.telephony.simulator.inspect(sid);
      expect(seen?.ended).toBe(true);
      return seen;
    });
    expect(view?.played.length).toBeGreaterThanOrEqual(2);
    for (const played of view?.played ?? []) {
      expect(played).toMatchObject({ status: 200, contentType: "audio/mpeg" });
      expect(played.url).toMatch(/^https:\/\/calls\.example\.com\/api\/voice-replies\/audio\?token=/);
    }
    // The greeting was synthesised once for the whole workspace, this call included.
    expect(voiceService.timesSpoken(GREETING, "cloned_1")).toBe(1);
  });

  it("plays the replies in the voice call demo from the same addresses", async () => {
    const start = await cloned.post("/api/conversation/start-demo", { phoneNumber: "+12125550177" });
    expect(start.statusCode, start.body).toBe(200);
    const greeting = await cloned.get(start.json().greetingAudioUrl);
    expect(greeting.statusCode).toBe(200);
    expect(greeting.headers["content-type"]).toBe("audio/mpeg");
    expect(greeting.rawPayload).toEqual(fakeSpeech("cloned_1", GREETING));
    expect(voiceService.timesSpoken(GREETING, "cloned_1")).toBe(1);

    const answer = await cloned.post("/api/conversation/process", {
      callId: start.json().callId,
      message: "Could you send someone to fix my boiler on Friday?",
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().audioUrl).toMatch(/^\/api\/voice-replies\/audio\?token=/);
    const reply = await cloned.get(answer.json().audioUrl);
    expect(reply.statusCode).toBe(200);
    expect(reply.rawPayload).toEqual(fakeSpeech("cloned_1", answer.json().response));
  });
});

describe("a workspace without a cloned voice", () => {
  it("keeps <Say> with the nearest Twilio voice on the phone", async () => {
    const { sid, twiml } = await ring(OTHER_NUMBER);
    expect(twiml).not.toContain("<Play");
    expect(twimlAttr(twiml, "Say", "voice")).toBe("Polly.Joanna");
    expect(twiml).toContain(GREETING);
    const reply = await speak(sid, twiml, "I'd like to order a birthday cake.", OTHER_NUMBER);
    expect(reply).not.toContain("<Play");
    expect(reply).toContain("<Say");
  });

  it("plays the demo's replies in the built-in voice nearest the profile (espeak-ng, WAV)", async () => {
    const spokenBefore = voiceService.spoken.length;
    const start = await local.post("/api/conversation/start-demo", { phoneNumber: "+12125550178" });
    expect(start.statusCode, start.body).toBe(200);
    const greeting = await local.get(start.json().greetingAudioUrl);
    expect(greeting.statusCode).toBe(200);
    expect(greeting.headers["content-type"]).toBe("audio/wav");
    expect(greeting.rawPayload.subarray(0, 4).toString()).toBe("RIFF");
    expect(voiceService.spoken.length).toBe(spokenBefore);
  });

  it("gives no audio address in the demo without a voice profile", async () => {
    const plain = await buildWorkspace(t);
    const start = await plain.post("/api/conversation/start-demo", { phoneNumber: "+12125550179" });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().greetingAudioUrl).toBeNull();
  });
});

describe("the voice service failing", () => {
  it("says the words in the local voice at the address, then falls back to <Say>; the call goes on", async () => {
    const { sid, twiml } = await ring();
    voiceService.state.failSpeech = true;
    try {
      // The failure is not known yet when the TwiML is given: the address says the words anyway.
      const first = await speak(sid, twiml, "Hello, is this the plumber? My boiler is making a noise.");
      const audio = await fetchAudio(playUrl(first));
      expect(audio.statusCode).toBe(200);
      expect(audio.headers["content-type"]).toBe("audio/wav");
      // Now known: the next reply is <Say> in the nearest Twilio voice, and the call is still on.
      const second = await speak(sid, first, "It's in the basement, near the water heater.");
      expect(second).not.toContain("<Play");
      expect(second).toContain("<Say");
      expect(twimlAttr(second, "Gather", "input")).toBe("speech");
      expect((await callRowBySid(t, sid))?.isActive).toBe(true);
    } finally {
      voiceService.state.failSpeech = false;
    }
  });
});
