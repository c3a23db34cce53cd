import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Voicemail } from "../../../common/phone-system";
import { RECORDING_RETENTION_DAYS } from "../../../common/retention";
import { calls } from "../../db/schema";
import type { TestClient } from "../../test/app";
import { buildWorkspace, rows, type SignedInClient } from "../../test/factories";
import { waitFor } from "../../test/jobs";
import { recordingOf, wordReader } from "../../test/speech";
import {
  callRowBySid,
  callSid,
  connectTwilio,
  eventually,
  inboundParams,
  TWILIO,
  telephonyTestApp,
  twilioPost,
} from "../../test/telephony";
import { PHONE_SYSTEM_PATHS } from "../phone-system/routing-twiml";
import type { RecordingSweep } from "./service";

/**
 * Recordings are deleted RECORDING_RETENTION_DAYS after the call (the Terms' promise), with the
 * server's clock moved on: calls' Twilio recordings through the workspace's Twilio connection
 * (the fake Twilio REST API), voicemails' audio files and Twilio recordings; the transcripts stay.
 */

const DAY = 24 * 60 * 60 * 1000;
const START = new Date();
let clock = START;
let env: Awaited<ReturnType<typeof telephonyTestApp>>;
let connected: SignedInClient;
let disconnected: SignedInClient;

beforeAll(async () => {
  env = await telephonyTestApp(
    {},
    { now: () => clock, speech: wordReader(), simulatorVoice: async (text) => recordingOf(text) },
  );
  connected = await buildWorkspace(env.t);
  await connectTwilio(connected);
  disconnected = await buildWorkspace(env.t);
  await connectTwilio(disconnected, "+14155550111");
});
afterAll(() => env.close());

const recordingSid = () =>
  `RE${Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join("")}`;
const recordingUrl = (sid: string) =>
  `https://api.twilio.com/2010-04-01/Accounts/${TWILIO.accountSid}/Recordings/${sid}`;

/** A Twilio call to the number, recorded (its recording kept by the fake Twilio account); answers its id. */
async function recordedCall(to: string, kept = true): Promise<{ callId: string; sid: string }> {
  const sid = callSid();
  const rang = await twilioPost(env.t, "/api/telephony/twilio/voice", inboundParams(sid, "+12125550147", to));
  expect(rang.statusCode, rang.body).toBe(200);
  const recording = recordingSid();
  if (kept) env.fake.recordings.set(recording, recordingOf("hello"));
  const stored = await twilioPost(env.t, "/api/telephony/twilio/recording", {
    AccountSid: TWILIO.accountSid,
    CallSid: sid,
    RecordingSid: recording,
    RecordingUrl: recordingUrl(recording),
    RecordingStatus: "completed",
    RecordingDuration: "12",
  });
  expect(stored.statusCode).toBe(204);
  const row = await callRowBySid(env.t, sid);
  return { callId: row?.id as string, sid: recording };
}

/** Makes a call `days` days older than it is (its row's created_at). */
async function age(callId: string, days: number) {
  await env.t.database.db.execute(
    sql`update calls set created_at = created_at - make_interval(days => ${days}) where id = ${callId}`,
  );
}

async function recordingOfCall(callId: string): Promise<string | null> {
  const [row] = await env.t.database.db
    .select({ url: calls.recordingUrl, transcript: calls.transcript })
    .from(calls)
    .where(eq(calls.id, callId));
  return row?.url ?? null;
}

const sweep = (): Promise<RecordingSweep> => env.t.app.services.retention.sweepRecordings();
const deletions = () => env.fake.requests.filter((r) => r.method === "DELETE").map((r) => r.path);

describe("calls' recordings", () => {
  let old: { callId: string; sid: string };
  let recent: { callId: string; sid: string };
  let gone: { callId: string; sid: string };
  let unreachable: { callId: string; sid: string };

  beforeAll(async () => {
    old = await recordedCall(TWILIO.phoneNumber);
    recent = await recordedCall(TWILIO.phoneNumber);
    // Twilio deleted this one already (its own rules, or by hand).
    gone = await recordedCall(TWILIO.phoneNumber, false);
    unreachable = await recordedCall("+14155550111");
    // The second workspace's Twilio connection is gone: its recordings are out of our reach.
    expect((await disconnected.delete("/api/telephony/twilio")).statusCode).toBe(200);
    // Made now; the clock moves to 89 days on. Three calls are two days older: 91 days then.
    for (const call of [old, gone, unreachable]) await age(call.callId, 2);
    clock = new Date(START.getTime() + (RECORDING_RETENTION_DAYS - 1) * DAY);
  });

  it("at 89 days nothing is deleted; at 91 days the recording goes at Twilio and from the call, the transcript stays", async () => {
    const transcriptBefore = await rows<{ transcript: unknown }>(
      env.t,
      sql`select transcript from calls where id = ${old.callId}`,
    );
    const result = await sweep();
    expect(result.calls).toEqual({
      recordingsForgotten: 3,
      carrier: { deleted: 1, gone: 1, unreachable: 1, failed: 0 },
    });
    expect(new Date(result.cutoff).getTime()).toBe(clock.getTime() - RECORDING_RETENTION_DAYS * DAY);

    // 91 days: deleted at Twilio through the workspace's account, and forgotten by the call.
    expect(deletions()).toContain(`/2010-04-01/Accounts/${TWILIO.accountSid}/Recordings/${old.sid}.json`);
    expect(env.fake.recordings.has(old.sid)).toBe(false);
    expect(await recordingOfCall(old.callId)).toBeNull();
    expect(await recordingOfCall(gone.callId)).toBeNull();
    expect(await recordingOfCall(unreachable.callId)).toBeNull();
    // Nothing was asked of Twilio for the disconnected workspace's recording.
    expect(deletions().some((p) => p.includes(unreachable.sid))).toBe(false);
    // The transcript and the rest of the call stay.
    const transcriptAfter = await rows<{ transcript: unknown }>(
      env.t,
      sql`select transcript from calls where id = ${old.callId}`,
    );
    expect(transcriptAfter).toEqual(transcriptBefore);
    expect((await connected.get(`/api/calls/${old.callId}`)).json()).toMatchObject({ recordingUrl: null });

    // 89 days: kept, at Twilio and on the call.
    expect(await recordingOfCall(recent.callId)).toBe(recordingUrl(recent.sid));
    expect(env.fake.recordings.has(recent.sid)).toBe(true);
  });

  it("a second sweep finds nothing left to do and asks Twilio nothing", async () => {
    const asked = env.fake.requests.length;
    const result = await sweep();
    expect(result.calls).toEqual({
      recordingsForgotten: 0,
      carrier: { deleted: 0, gone: 0, unreachable: 0, failed: 0 },
    });
    expect(env.fake.requests.length).toBe(asked);
  });

  it("a recording Twilio could not delete for now stays referenced, and goes at the next sweep", async () => {
    const flaky = await recordedCall(TWILIO.phoneNumber);
    await age(flaky.callId, 3);
    // Twilio answers 503 to everything while it is down.
    env.fake.setOutage(503);
    try {
      const result = await sweep();
      expect(result.calls).toMatchObject({ recordingsForgotten: 0, carrier: { failed: 1 } });
      expect(await recordingOfCall(flaky.callId)).toBe(recordingUrl(flaky.sid));
    } finally {
      env.fake.setOutage(null);
    }
    const result = await sweep();
    expect(result.calls).toMatchObject({ recordingsForgotten: 1, carrier: { deleted: 1 } });
    expect(await recordingOfCall(flaky.callId)).toBeNull();
  });
});

describe("voicemails' audio", () => {
  let owner: TestClient;
  let numberId: string;

  async function leaveVoicemail(words: string): Promise<{ voicemail: Voicemail; sid: string }> {
    const sid = recordingSid();
    env.fake.recordings.set(sid, recordingOf(words));
    const saved = await twilioPost(env.t, PHONE_SYSTEM_PATHS.voicemail(numberId), {
      AccountSid: TWILIO.accountSid,
      CallSid: callSid(),
      From: "+14075550142",
      To: TWILIO.phoneNumber,
      Direction: "inbound",
      CallStatus: "in-progress",
      RecordingSid: sid,
      RecordingUrl: recordingUrl(sid),
      RecordingDuration: "7",
      Digits: "#",
    });
    expect(saved.statusCode).toBe(200);
    const voicemail = await eventually(async () => {
      const list = (await owner.get("/api/grasshopper/voicemails")).json().voicemails as Voicemail[];
      const found = list.find((v) => v.transcription === words);
      expect(found?.transcriptionStatus).toBe("done");
      return found as Voicemail;
    }, 20_000);
    return { voicemail, sid };
  }

  const files = async (workspaceId: string) =>
    readdir(path.join(env.t.config.dataDir, "voicemails", workspaceId)).catch(() => [] as string[]);

  beforeAll(async () => {
    owner = connected;
    const added = await owner.post("/api/grasshopper/numbers", { number: TWILIO.phoneNumber });
    expect(added.statusCode, added.body).toBe(201);
    numberId = added.json().number.id;
  });

  it("deletes the file, the Twilio recording and the row's references past the period; keeps the transcription", async () => {
    const old = await leaveVoicemail("Call me about the old invoice");
    const recent = await leaveVoicemail("Call me about the new invoice");
    await env.t.database.db.execute(
      sql`update voicemails set created_at = created_at - make_interval(days => 3) where id = ${old.voicemail.id}`,
    );
    const workspaceId = owner.user?.workspace.id as string;
    expect(await files(workspaceId)).toEqual(
      expect.arrayContaining([`${old.voicemail.id}.wav`, `${recent.voicemail.id}.wav`]),
    );

    const result = await sweep();
    expect(result.voicemails).toEqual({
      audioDeleted: 1,
      filesRemoved: 1,
      carrier: { deleted: 1, gone: 0, unreachable: 0, failed: 0 },
    });
    expect(await files(workspaceId)).toEqual([`${recent.voicemail.id}.wav`]);
    expect(env.fake.recordings.has(old.sid)).toBe(false);
    expect(env.fake.recordings.has(recent.sid)).toBe(true);

    const list = (await owner.get("/api/grasshopper/voicemails")).json().voicemails as Voicemail[];
    expect(list.find((v) => v.id === old.voicemail.id)).toMatchObject({
      transcription: "Call me about the old invoice",
      audioUrl: null,
    });
    expect(list.find((v) => v.id === recent.voicemail.id)?.audioUrl).not.toBeNull();
    const played = await owner.get(`/api/grasshopper/voicemails/${old.voicemail.id}/audio`);
    expect(played.statusCode).toBe(404);

    const again = await sweep();
    expect(again.voicemails).toEqual({
      audioDeleted: 0,
      filesRemoved: 0,
      carrier: { deleted: 0, gone: 0, unreachable: 0, failed: 0 },
    });
  });
});

describe("the retention.recordings job", () => {
  it("runs the sweep on the queue and keeps what it deleted as its result", async () => {
    const call = await recordedCall(TWILIO.phoneNumber);
    await age(call.callId, 5);
    const { jobs, retentionJobs } = env.t.app.services;
    const id = await jobs.send(
      retentionJobs.recordings,
      {},
      { workspaceId: null, idempotencyKey: "test-run" },
    );
    const done = await waitFor(async () => {
      const job = await jobs.get(null, id);
      return job?.status === "completed" ? job : undefined;
    });
    expect(done.result).toMatchObject({
      calls: { recordingsForgotten: 1, carrier: { deleted: 1 } },
      voicemails: { audioDeleted: 0 },
    });
    expect(await recordingOfCall(call.callId)).toBeNull();
  });
});
