import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONFIG_UPDATED,
  DEFAULT_SYSTEM_CONFIG,
  MAINTENANCE_MESSAGE,
  PLATFORM_ADMIN_ONLY,
  platformCallLimitMessage,
  TRANSCRIPTION_OFF,
} from "../../../common/admin";
import { createTestApp, multipartBody, type TestApp, type TestClient } from "../../test/app";
import { clockFrom, NEW_YORK_NOON, recordAiVoiceConsent } from "../../test/dialing";
import { buildWorkspace, type SignedInClient } from "../../test/factories";
import { recordingOf, wordReader } from "../../test/speech";
import {
  callRowBySid,
  callSid,
  connectTwilio,
  inboundParams,
  TWILIO,
  telephonyTestApp,
  twilioPost,
} from "../../test/telephony";
import { effectiveConfig, platformConfigReader } from "./config";

/**
 * The platform's configuration: stored, audited, and each setting taking
 * effect on a running server: the concurrent-call ceiling on every call path, the call time
 * limit, maintenance mode, recording and transcription. The API limit is in rate-limit.test.ts.
 */
let env: Awaited<ReturnType<typeof telephonyTestApp>>;
const clock = clockFrom(NEW_YORK_NOON);
let admin: SignedInClient;
let customer: SignedInClient;
let other: SignedInClient;
const VOICE = "/api/telephony/twilio/voice";

beforeAll(async () => {
  // Noon in New York: the outbound calls below are inside their callees' calling hours.
  env = await telephonyTestApp({}, { now: clock });
  // The first account on a fresh database is the platform administrator.
  admin = await buildWorkspace(env.t, { username: "platform_admin" });
  customer = await buildWorkspace(env.t, { username: "busy_customer", password: "correct horse battery" });
  other = await buildWorkspace(env.t, { username: "other_customer" });
  await connectTwilio(customer);
  await connectTwilio(other, "+14155550111");
  // The assistant makes the outbound calls: their callees agreed to AI-voice calls.
  await recordAiVoiceConsent(customer, ["+16465550102", "+16465550103"]);
}, 60_000);
afterAll(() => env.close());

const save = (client: TestClient, change: Record<string, unknown>) =>
  client.post("/api/admin/config", change);

/** Ends every live call (between tests: each starts with nobody on the line). */
async function hangUpAll() {
  await env.t.database.db.execute(
    // Directly: a test's leftovers, not a product path.
    (await import("drizzle-orm")).sql`update calls set is_active = false where is_active`,
  );
}

describe("GET and POST /api/admin/config", () => {
  it("answers the spec's defaults on a fresh platform, to administrators only", async () => {
    const res = await admin.get("/api/admin/config");
    expect(res.statusCode).toBe(200);
    expect(res.json().config).toEqual(DEFAULT_SYSTEM_CONFIG);
    const refused = await customer.get("/api/admin/config");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(PLATFORM_ADMIN_ONLY);
    expect((await customer.post("/api/admin/config", { apiRateLimit: 50 })).statusCode).toBe(403);
    expect((await env.t.client().get("/api/admin/config")).statusCode).toBe(401);
  });

  it("saves only the fields sent, audits old -> new with who and from where, and refuses bad values readably", async () => {
    const res = await save(admin, { maxConcurrentCalls: 40, enableTranscription: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      config: { ...DEFAULT_SYSTEM_CONFIG, maxConcurrentCalls: 40, enableTranscription: false },
      message: CONFIG_UPDATED,
    });
    expect((await admin.get("/api/admin/config")).json().config.maxConcurrentCalls).toBe(40);

    const log = await admin.get("/api/admin/audit-log?action=config.changed");
    const entry = log.json().entries[0];
    expect(entry).toMatchObject({
      action: "config.changed",
      actorId: admin.user.id,
      actorName: "platform_admin",
    });
    expect(entry.ip).toBeTruthy();
    expect(entry.details.changes).toEqual({
      maxConcurrentCalls: { from: 100, to: 40 },
      enableTranscription: { from: true, to: false },
    });

    // The same values again change nothing and write no audit entry.
    const same = await save(admin, { maxConcurrentCalls: 40 });
    expect(same.json().message).toBe("Nothing changed");
    expect((await admin.get("/api/admin/audit-log?action=config.changed")).json().total).toBe(1);

    for (const [body, message] of [
      [{}, "Change at least one setting"],
      [{ unknown: 1 }, "Change at least one setting"],
      [{ maxConcurrentCalls: 0 }, "Max concurrent calls must be at least 1"],
      [{ defaultCallTimeout: 5 }, "Call timeout must be at least 30 seconds"],
      [{ apiRateLimit: 1 }, "API rate limit must be at least 10 a minute"],
      [{ backupFrequency: "yearly" }, undefined],
      [{ systemMaintenanceMode: "yes" }, undefined],
      [{ maxConcurrentCalls: 2.5 }, undefined],
    ] as const) {
      const bad = await save(admin, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(bad.body).toContain(message);
    }
    const back = await save(admin, { maxConcurrentCalls: 100, enableTranscription: true });
    expect(back.json().config).toEqual(DEFAULT_SYSTEM_CONFIG);
  });
});

describe("maxConcurrentCalls: the platform's ceiling on every call path", () => {
  it("refuses the next call over it, across workspaces: an inbound webhook busy, an outbound call 429, a system test 429", async () => {
    await hangUpAll();
    expect((await save(admin, { maxConcurrentCalls: 2 })).statusCode).toBe(200);
    // One live call in another workspace, one here: the platform is at 2.
    const elsewhere = await twilioPost(
      env.t,
      VOICE,
      inboundParams(callSid(), "+12125550180", "+14155550111"),
    );
    expect(elsewhere.body).toContain("<Gather");
    const first = callSid();
    const ring = await twilioPost(env.t, VOICE, inboundParams(first, "+12125550181"));
    expect(ring.body).toContain("<Gather");

    // The next inbound call is refused as busy, and History says why.
    const sid = callSid();
    const refused = await twilioPost(env.t, VOICE, inboundParams(sid, "+12125550182"));
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain('<Reject reason="busy"/>');
    const row = await callRowBySid(env.t, sid);
    expect(row).toMatchObject({ isActive: false, status: "missed" });
    expect(row?.transcript).toContain(`System: Refused: ${platformCallLimitMessage(2)}`);

    // Outbound (the same path as a contact's Call, bulk calls and the dialer's dial) and test calls.
    const outbound = await customer.post("/api/voice/outbound", { phoneNumber: "+16465550102" });
    expect(outbound.statusCode).toBe(429);
    expect(outbound.json().message).toBe(platformCallLimitMessage(2));
    const test = await customer.post("/api/call-system-test/start", { count: 3 });
    expect(test.statusCode).toBe(429);
    expect(test.json().message).toBe(platformCallLimitMessage(2));

    // Raised, the same call goes through at once on this server.
    expect((await save(admin, { maxConcurrentCalls: 3 })).statusCode).toBe(200);
    const again = await twilioPost(env.t, VOICE, inboundParams(callSid(), "+12125550183"));
    expect(again.body).toContain("<Gather");
    await save(admin, { maxConcurrentCalls: 100 });
    await hangUpAll();
  });
});

describe("enableCallRecording", () => {
  it("records a Twilio call while on, and starts no recording once the administrator turns it off", async () => {
    await hangUpAll();
    const on = await twilioPost(env.t, VOICE, inboundParams(callSid(), "+12125550191"));
    expect(on.body).toMatch(/<Start><Recording /);

    expect((await save(admin, { enableCallRecording: false })).statusCode).toBe(200);
    const off = await twilioPost(env.t, VOICE, inboundParams(callSid(), "+12125550192"));
    expect(off.body).toContain("<Gather");
    expect(off.body).not.toContain("<Recording");

    // An outbound call answered while it is off is not recorded either.
    const placed = await customer.post("/api/voice/outbound", { phoneNumber: "+16465550103" });
    expect(placed.statusCode, placed.body).toBe(200);
    const answered = await twilioPost(
      env.t,
      `${VOICE}?callId=${placed.json().callId}`,
      inboundParams(placed.json().callSid, TWILIO.phoneNumber, "+16465550103", {
        Direction: "outbound-api",
        CallStatus: "in-progress",
      }),
    );
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.body).not.toContain("<Recording");
    await save(admin, { enableCallRecording: true });
    await hangUpAll();
  });
});

describe("enableTranscription", () => {
  it("refuses a recorded turn with a clear message while off; typed words still work", async () => {
    // An app whose "recordings" carry the words the recogniser would hear (server/test/speech.ts).
    const t: TestApp = await createTestApp({}, { speech: wordReader() });
    const admin = await buildWorkspace(t);
    const customer = await buildWorkspace(t);
    const save = (change: Record<string, unknown>) => admin.post("/api/admin/config", change);
    const started = await customer.post("/api/calls/simulate", { phoneNumber: "+15551230001" });
    expect(started.statusCode).toBe(201);
    const callId = started.json().id;
    const audioTurn = async () => {
      const form = await multipartBody([
        { name: "audio", data: recordingOf("my internet is down"), type: "audio/wav", filename: "turn.wav" },
      ]);
      return customer.post(`/api/calls/${callId}/process-audio`, form.payload, { headers: form.headers });
    };
    expect((await save({ enableTranscription: false })).statusCode).toBe(200);
    const refused = await audioTurn();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TRANSCRIPTION_OFF);
    const typed = await customer.post(`/api/calls/${callId}/process-audio`, { text: "my internet is down" });
    expect(typed.statusCode, typed.body).toBe(200);

    await save({ enableTranscription: true });
    const heard = await audioTurn();
    expect(heard.statusCode, heard.body).toBe(200);
    expect(heard.json().transcription).toBe("my internet is down");
    await t.close();
  }, 60_000);
});

describe("defaultCallTimeout", () => {
  it("ends live calls older than the limit (every workspace), says why, and leaves younger ones", async () => {
    await hangUpAll();
    expect((await save(admin, { defaultCallTimeout: 60 })).statusCode).toBe(200);
    const old = (await customer.post("/api/calls/simulate", { phoneNumber: "+15551230002" })).json();
    await customer.post(`/api/calls/${old.id}/process-audio`, { text: "Hi, I'm calling about my bill" });
    const elsewhere = (await other.post("/api/calls/simulate", { phoneNumber: "+15551230003" })).json();
    // Both started now: nothing is over the limit yet.
    expect(await env.t.app.services.endOverdueCalls()).toBe(0);

    // Backdated past the limit on the server's clock (the sweep reads the start time).
    const { sql } = await import("drizzle-orm");
    const startedAt = new Date(clock().getTime() - 61_000);
    await env.t.database.db.execute(
      sql`update calls set start_time = ${startedAt} where id in (${old.id}, ${elsewhere.id})`,
    );
    const young = (await customer.post("/api/calls/simulate", { phoneNumber: "+15551230004" })).json();
    expect(await env.t.app.services.endOverdueCalls()).toBe(2);

    const ended = (await customer.get(`/api/calls/${old.id}`)).json();
    expect(ended).toMatchObject({ isActive: false, status: "completed" });
    expect(ended.transcript.split("\n").at(-1)).toBe(
      "System: Ended automatically: calls on this platform last at most 1 minute",
    );
    expect(ended.summary).toMatch(/It ended automatically at the platform's call time limit of 1 minute\.$/);
    expect((await other.get(`/api/calls/${elsewhere.id}`)).json()).toMatchObject({
      isActive: false,
      status: "missed",
    });
    expect((await customer.get(`/api/calls/${young.id}`)).json().isActive).toBe(true);
    await save(admin, { defaultCallTimeout: 300 });
    await hangUpAll();
  });
});

describe("systemMaintenanceMode", () => {
  it("answers 503 with the message to everyone but administrators; sign-in, health and webhooks stay open", async () => {
    expect((await save(admin, { systemMaintenanceMode: true })).statusCode).toBe(200);

    const user = await customer.get("/api/user");
    expect(user.statusCode).toBe(503);
    expect(user.json().message).toBe(MAINTENANCE_MESSAGE);
    expect(user.headers["retry-after"]).toBe("60");
    // However the path is spelled, and on a POST.
    expect((await customer.get("/%61pi/user")).statusCode).toBe(503);
    expect((await customer.post("/api/calls/simulate", { phoneNumber: "+15551230005" })).statusCode).toBe(
      503,
    );
    // Signed out: signing up is closed, signing in and the health check are open.
    const visitor = env.t.client();
    expect((await visitor.post("/api/auth/signup", { username: "newcomer" })).statusCode).toBe(503);
    expect((await visitor.get("/api/health")).statusCode).toBe(200);
    const signIn = await visitor.post("/api/auth/login", {
      login: "busy_customer",
      password: "correct horse battery",
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect((await visitor.get("/api/user")).statusCode).toBe(503);
    // A carrier's call is still answered (calls already running end cleanly).
    expect((await twilioPost(env.t, VOICE, inboundParams(callSid(), "+12125550193"))).statusCode).toBe(200);

    // The administrator works as usual, each answer saying the mode is on (the app's banner), and
    // turns it off.
    const adminUser = await admin.get("/api/user");
    expect(adminUser.statusCode).toBe(200);
    expect(adminUser.headers["x-maintenance-mode"]).toBe("on");
    expect((await admin.get("/api/admin/stats")).statusCode).toBe(200);
    expect((await save(admin, { systemMaintenanceMode: false })).statusCode).toBe(200);
    const after = await customer.get("/api/user");
    expect(after.statusCode).toBe(200);
    expect(after.headers["x-maintenance-mode"]).toBeUndefined();
    await hangUpAll();
  });
});

describe("the cached reader", () => {
  it("serves a copy for the TTL, then reads again (another server's save shows within it); invalidate reads at once", async () => {
    let stored: Record<string, unknown> | undefined;
    let reads = 0;
    let now = 0;
    const reader = platformConfigReader({
      read: async () => {
        reads++;
        return stored;
      },
      ttlMs: 3000,
      clock: () => now,
    });
    expect(await reader.get()).toEqual(DEFAULT_SYSTEM_CONFIG);
    stored = { systemMaintenanceMode: true };
    now = 2999;
    expect((await reader.get()).systemMaintenanceMode).toBe(false);
    now = 3000;
    expect((await reader.get()).systemMaintenanceMode).toBe(true);
    expect(reads).toBe(2);
    stored = { systemMaintenanceMode: false };
    reader.invalidate();
    expect((await reader.get()).systemMaintenanceMode).toBe(false);
    // Concurrent readers share one read.
    reader.invalidate();
    await Promise.all([reader.get(), reader.get(), reader.get()]);
    expect(reads).toBe(4);
  });

  it("lays a partial or outdated row over the defaults field by field", () => {
    expect(effectiveConfig({ apiRateLimit: 5, maxConcurrentCalls: 7 } as never)).toEqual({
      ...DEFAULT_SYSTEM_CONFIG,
      maxConcurrentCalls: 7,
    });
    expect(effectiveConfig(undefined)).toEqual(DEFAULT_SYSTEM_CONFIG);
  });
});
