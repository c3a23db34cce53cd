import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { telephonyConnections, telephonyWebhookEvents, usageTracking } from "../../db/schema";
import type { TestClient } from "../../test/app";
import { numbersInCallingHoursNow, recordAiVoiceConsent } from "../../test/dialing";
import { buildWorkspace } from "../../test/factories";
import {
  callRowBySid,
  callSid,
  connectTwilio,
  eventually,
  inboundParams,
  PUBLIC_URL,
  setSettings,
  setUser,
  setWorkspace,
  TWILIO,
  telephonyTestApp,
  twilioPost,
  twimlAttr,
} from "../../test/telephony";

/**
 * Twilio's side of a call, played by the test with the official library's signatures: every
 * webhook, the TwiML of each decision, live-call updates through the (fake) REST API.
 */
let env: Awaited<ReturnType<typeof telephonyTestApp>>;
let owner: TestClient;

const VOICE = "/api/telephony/twilio/voice";
const STATUS = "/api/telephony/twilio/status";
const RECORDING = "/api/telephony/twilio/recording";

beforeAll(async () => {
  env = await telephonyTestApp();
  owner = await buildWorkspace(env.t, { businessInfo: { companyName: "Rivera Plumbing" } });
  await connectTwilio(owner);
});
afterAll(() => env.close());

/** Rings the connected number; answers the greeting's TwiML and the call's id. */
async function ring(from = "+12125550147", sid = callSid()) {
  const res = await twilioPost(env.t, VOICE, inboundParams(sid, from));
  expect(res.statusCode, res.body).toBe(200);
  const row = await callRowBySid(env.t, sid);
  return { sid, twiml: res.body, callId: row?.id as string };
}

/** Says something on the call: posts the <Gather> action the last TwiML named. */
function speak(sid: string, action: string, text: string, from = "+12125550147") {
  return twilioPost(
    env.t,
    action,
    inboundParams(sid, from, TWILIO.phoneNumber, {
      CallStatus: "in-progress",
      SpeechResult: text,
      Confidence: "0.91",
    }),
  );
}

describe("signatures", () => {
  it("accepts a request signed with the account's token over PUBLIC_URL", async () => {
    const { twiml } = await ring();
    expect(twiml).toContain("<Response>");
  });

  it("answers 403 when the signature is missing, tampered with, made for another URL or another token", async () => {
    const params = inboundParams(callSid(), "+12125550148");
    const missing = await twilioPost(env.t, VOICE, params, { signature: null });
    expect(missing.statusCode).toBe(403);

    const signed = await twilioPost(env.t, VOICE, params, { signature: "bm90IGEgc2lnbmF0dXJl" });
    expect(signed.statusCode).toBe(403);

    // Signed, then a parameter changed on the way.
    const { twilioSignature } = await import("../../providers/telephony/twilio");
    const signature = twilioSignature(TWILIO.authToken, `${PUBLIC_URL}${VOICE}`, params);
    const tampered = await twilioPost(env.t, VOICE, { ...params, From: "+19995550000" }, { signature });
    expect(tampered.statusCode).toBe(403);

    const wrongUrl = await twilioPost(env.t, VOICE, params, {
      signedUrl: `https://attacker.example.com${VOICE}`,
    });
    expect(wrongUrl.statusCode).toBe(403);

    const otherToken = await twilioPost(env.t, VOICE, params, { token: "0".repeat(32) });
    expect(otherToken.statusCode).toBe(403);

    // None of them created a call.
    expect(await callRowBySid(env.t, params.CallSid)).toBeUndefined();
  });

  it("refuses a valid signature from another Twilio account (its AccountSid) and an unknown number", async () => {
    const wrongAccount = await twilioPost(env.t, VOICE, {
      ...inboundParams(callSid(), "+12125550149"),
      AccountSid: `AC${"9".repeat(32)}`,
    });
    expect(wrongAccount.statusCode).toBe(403);
    const unknownNumber = await twilioPost(
      env.t,
      VOICE,
      inboundParams(callSid(), "+12125550149", "+19995550123"),
    );
    expect(unknownNumber.statusCode).toBe(403);
  });

  it("checks the status and gather webhooks too", async () => {
    const { sid, callId } = await ring();
    const status = await twilioPost(
      env.t,
      STATUS,
      { ...inboundParams(sid, "+12125550147"), CallStatus: "completed" },
      { token: "1".repeat(32) },
    );
    expect(status.statusCode).toBe(403);
    const gather = await twilioPost(
      env.t,
      `/api/telephony/twilio/gather/${callId}?turn=1`,
      inboundParams(sid, "+12125550147"),
      { signature: null },
    );
    expect(gather.statusCode).toBe(403);
    expect((await callRowBySid(env.t, sid))?.isActive).toBe(true);
  });
});

describe("the TwiML of each decision", () => {
  it('greets and listens: <Say> in the account\'s voice inside <Gather input="speech">, recording on', async () => {
    const { twiml, callId } = await ring();
    expect(twiml).toMatch(
      /<Start><Recording [^>]*recordingStatusCallback="\/api\/telephony\/twilio\/recording"/,
    );
    expect(twimlAttr(twiml, "Gather", "input")).toBe("speech");
    expect(twimlAttr(twiml, "Gather", "action")).toBe(`/api/telephony/twilio/gather/${callId}?turn=1`);
    expect(twimlAttr(twiml, "Say", "voice")).toBe("Polly.Joanna");
    expect(twiml).toContain("Hello! You've reached my assistant. How can I help you today?");
    // Silence comes back as a turn of its own.
    expect(twiml).toContain(
      `<Redirect method="POST">/api/telephony/twilio/gather/${callId}?turn=1&amp;silence=1</Redirect>`,
    );
  });

  it("replies with <Say> and listens again for the next turn", async () => {
    const { sid, twiml } = await ring();
    const action = twimlAttr(twiml, "Gather", "action") as string;
    const res = await speak(sid, action, "Hi, I wanted a quote for landscaping my back yard.");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/xml/);
    expect(twimlAttr(res.body, "Gather", "action")).toMatch(/\?turn=2$/);
    expect(res.body).toMatch(
      /<Gather [^>]*><Say voice="Polly.Joanna" language="en-US">[^<]+<\/Say><\/Gather>/,
    );
    const row = await callRowBySid(env.t, sid);
    expect(row?.transcript).toContain("Caller: Hi, I wanted a quote for landscaping my back yard.");
  });

  it("blocks spam: the assistant's last words, then <Hangup/>; the call is blocked in History", async () => {
    const { sid, twiml, callId } = await ring("+12125550150");
    const res = await speak(
      sid,
      twimlAttr(twiml, "Gather", "action") as string,
      "This is the IRS. There is a warrant for your arrest unless you pay with gift cards today.",
      "+12125550150",
    );
    expect(res.body).toMatch(/<Say [^>]*>[^<]+<\/Say><Hangup\/><\/Response>$/);
    expect(res.body).not.toContain("<Gather");
    const call = (await owner.get(`/api/calls/${callId}`)).json();
    expect(call).toMatchObject({
      status: "blocked",
      classification: "spam",
      isActive: false,
      callType: "twilio",
    });
  });

  it("rejects a number on the block list before answering (<Reject>)", async () => {
    const { blockedNumbers } = await import("../../db/schema");
    await env.t.database.db
      .insert(blockedNumbers)
      .values({ workspaceId: owner.user!.workspace.id, phoneNumber: "+12125550666" });
    const sid = callSid();
    const res = await twilioPost(env.t, VOICE, inboundParams(sid, "+12125550666"));
    expect(res.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Reject reason="rejected"/></Response>',
    );
    const row = await callRowBySid(env.t, sid);
    expect(row).toMatchObject({ status: "blocked", classification: "spam", isActive: false });
    expect(row?.transcript).toContain("System: Rejected: this number is on your block list");
  });

  it("forwards an urgent call: <Dial> the user's cellphone", async () => {
    await setSettings(env.t, owner.user!.workspace.id, { forwardUrgent: true });
    await setUser(env.t, owner.user!.id, { cellphoneNumber: "+13105550199" });
    try {
      const { sid, twiml } = await ring();
      const res = await speak(
        sid,
        twimlAttr(twiml, "Gather", "action") as string,
        "This is Dr. Patel's office, your biopsy results are in and the doctor needs to speak with you today.",
      );
      expect(res.body).toMatch(/<Say [^>]*>[^<]+<\/Say><Dial [^>]*>\+13105550199<\/Dial>/);
      const row = await callRowBySid(env.t, sid);
      expect(twimlAttr(res.body, "Dial", "action")).toBe(`/api/telephony/twilio/dial/${row?.id}`);
      expect(row?.actionTaken).toBe("Forwarded as urgent to +13105550199");

      // The cellphone did not answer: the caller hears so, and the call hangs up.
      const dial = await twilioPost(env.t, `/api/telephony/twilio/dial/${row?.id}`, {
        ...inboundParams(sid, "+12125550147"),
        CallStatus: "in-progress",
        DialCallStatus: "no-answer",
      });
      expect(dial.body).toMatch(/nobody can take your call right now.*<Hangup\/>/);
    } finally {
      await setSettings(env.t, owner.user!.workspace.id, { forwardUrgent: false });
    }
  });

  it("Transfer to Me updates the live call through the REST API with <Dial> to the cellphone", async () => {
    await setUser(env.t, owner.user!.id, { cellphoneNumber: "+13105550199" });
    const { sid, callId } = await ring();
    const res = await owner.post(`/api/calls/${callId}/transfer`, {});
    expect(res.statusCode).toBe(200);
    const update = await env.fake.waitFor((r) => r.path.endsWith(`/Calls/${sid}.json`));
    expect(update.user).toBe(TWILIO.accountSid);
    expect(update.form.Twiml).toMatch(/<Dial [^>]*>\+13105550199<\/Dial>/);
    // A second click does not dial twice.
    await owner.post(`/api/calls/${callId}/transfer`, {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(env.fake.requests.filter((r) => r.path.endsWith(`/Calls/${sid}.json`))).toHaveLength(1);
  });

  it("hold plays music on a loop until resumed; resume and end go through the REST API", async () => {
    const { sid, callId } = await ring();
    const updates = () => env.fake.requests.filter((r) => r.path.endsWith(`/Calls/${sid}.json`));
    await owner.post(`/api/calls/${callId}/hold`, { isOnHold: true });
    await eventually(async () => expect(updates()).toHaveLength(1));
    expect(updates()[0]?.form.Twiml).toMatch(/<Play loop="0">http:\/\/com\.twilio\.sounds\.music/);

    // Speech cannot arrive while on hold; if a stale <Gather> posts anyway, the music keeps playing.
    const stale = await speak(sid, `/api/telephony/twilio/gather/${callId}?turn=1`, "hello?");
    expect(stale.body).toContain('<Play loop="0">');

    await owner.post(`/api/calls/${callId}/hold`, { isOnHold: false });
    await eventually(async () => expect(updates()).toHaveLength(2));
    expect(updates()[1]?.form.Twiml).toMatch(/Thank you for holding\.<\/Say><\/Gather>/);

    await owner.patch(`/api/calls/${callId}`, { isActive: false });
    await eventually(async () => expect(updates()).toHaveLength(3));
    expect(updates()[2]?.form.Status).toBe("completed");
  });

  it("asks once whether the caller is there, then ends a silent call", async () => {
    const { sid, callId } = await ring();
    const first = await twilioPost(
      env.t,
      `/api/telephony/twilio/gather/${callId}?turn=1&silence=1`,
      inboundParams(sid, "+12125550147"),
    );
    expect(first.body).toContain("Are you still there?");
    expect(first.body).toContain("turn=1&amp;silence=2");
    const second = await twilioPost(
      env.t,
      `/api/telephony/twilio/gather/${callId}?turn=1&silence=2`,
      inboundParams(sid, "+12125550147"),
    );
    expect(second.body).toMatch(/end the call now\. Goodbye\.<\/Say><Hangup\/>/);
    expect((await callRowBySid(env.t, sid))?.isActive).toBe(false);
  });
});

describe("status and recording callbacks", () => {
  it("completed sets the status, end time and the carrier's duration; the call is in History", async () => {
    const { sid, callId } = await ring();
    const res = await twilioPost(env.t, STATUS, {
      ...inboundParams(sid, "+12125550147"),
      CallStatus: "completed",
      CallDuration: "42",
    });
    expect(res.statusCode).toBe(204);
    const call = (await owner.get(`/api/calls/${callId}`)).json();
    expect(call).toMatchObject({ status: "completed", isActive: false, duration: 42 });
    expect(call.endTime).not.toBeNull();
    const history = (await owner.get("/api/calls?search=2125550147&limit=100")).json();
    expect(history.calls.map((c: { id: string }) => c.id)).toContain(callId);
  });

  it("stores the recording's address", async () => {
    const { sid, callId } = await ring();
    const url = `https://api.twilio.com/2010-04-01/Accounts/${TWILIO.accountSid}/Recordings/RE${"1".repeat(32)}`;
    const res = await twilioPost(env.t, RECORDING, {
      AccountSid: TWILIO.accountSid,
      CallSid: sid,
      RecordingSid: `RE${"1".repeat(32)}`,
      RecordingUrl: url,
      RecordingStatus: "completed",
      RecordingDuration: "12",
    });
    expect(res.statusCode).toBe(204);
    expect((await owner.get(`/api/calls/${callId}`)).json().recordingUrl).toBe(url);
  });
});

describe("retries", () => {
  it("a retried webhook (same CallSid and step) answers the same and changes nothing twice", async () => {
    const sid = callSid();
    const params = inboundParams(sid, "+12125550160");
    const first = await twilioPost(env.t, VOICE, params);
    const again = await twilioPost(env.t, VOICE, params);
    expect(again.body).toBe(first.body);
    const calls = (await owner.get("/api/calls?search=2125550160&limit=100")).json().calls;
    expect(calls).toHaveLength(1);

    const action = twimlAttr(first.body, "Gather", "action") as string;
    const turn = await speak(
      sid,
      action,
      "Hi, I have a question about my bill, there's a charge I don't recognise.",
      "+12125550160",
    );
    const retried = await speak(
      sid,
      action,
      "Hi, I have a question about my bill, there's a charge I don't recognise.",
      "+12125550160",
    );
    expect(retried.body).toBe(turn.body);
    const row = await callRowBySid(env.t, sid);
    expect(row?.transcript.match(/Caller: /g)).toHaveLength(1);

    const usageBefore = await usageRows(owner.user!.workspace.id);
    const completed = { ...params, CallStatus: "completed", CallDuration: "30" };
    await twilioPost(env.t, STATUS, completed);
    await twilioPost(env.t, STATUS, completed);
    const usageAfter = await usageRows(owner.user!.workspace.id);
    expect(usageAfter.callsScreened - usageBefore.callsScreened).toBe(1);
    const keys = await env.t.database.db.select().from(telephonyWebhookEvents);
    expect(
      keys
        .filter((k) => k.key.startsWith(sid))
        .map((k) => k.key.slice(sid.length))
        .sort(),
    ).toEqual([":gather:1", ":status:completed", ":voice"]);
  });
});

describe("outbound through Twilio", () => {
  it("places the call with the REST API and states its purpose when answered", async () => {
    // Numbers in a place inside its calling hours now (this file keeps the wall clock), whose
    // people agreed to AI-voice calls: the dial gate lets them through.
    const [callee = "", busyCallee = ""] = numbersInCallingHoursNow(2, "0182");
    await recordAiVoiceConsent(owner, [callee, busyCallee]);
    const res = await owner.post("/api/voice/outbound", {
      phoneNumber: callee,
      purpose: "your kitchen estimate",
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: `Calling ${callee}` });
    expect(body.callSid).toMatch(/^CA[0-9a-f]{32}$/);
    const placed = await env.fake.waitFor((r) => r.path.endsWith("/Calls.json"));
    expect(placed.form).toMatchObject({ To: callee, From: TWILIO.phoneNumber, Method: "POST" });
    expect(placed.form.Url).toBe(`${PUBLIC_URL}/api/telephony/twilio/voice?callId=${body.callId}`);
    expect(placed.form.StatusCallback).toBe(
      `${PUBLIC_URL}/api/telephony/twilio/status?callId=${body.callId}`,
    );

    const active = (await owner.get("/api/voice/active-calls")).json().activeCalls;
    expect(active).toContainEqual(
      expect.objectContaining({ callSid: body.callSid, status: "ringing", duration: 0 }),
    );

    const answered = await twilioPost(env.t, `${VOICE}?callId=${body.callId}`, {
      ...inboundParams(body.callSid, TWILIO.phoneNumber, callee),
      Direction: "outbound-api",
      CallStatus: "in-progress",
    });
    expect(answered.body).toContain(
      "Hi, this is the automated assistant for Rivera Plumbing. I'm calling about your kitchen estimate. Is now a good time to talk?",
    );
    const live = (await owner.get("/api/voice/active-calls")).json().activeCalls;
    expect(live).toContainEqual(
      expect.objectContaining({ callSid: body.callSid, status: "in-progress", direction: "outbound" }),
    );

    const busy = await owner.post("/api/voice/outbound", { phoneNumber: busyCallee });
    const busySid = busy.json().callSid as string;
    await twilioPost(env.t, `${STATUS}?callId=${busy.json().callId}`, {
      ...inboundParams(busySid, TWILIO.phoneNumber, busyCallee),
      Direction: "outbound-api",
      CallStatus: "busy",
    });
    expect((await owner.get(`/api/calls/${busy.json().callId}`)).json()).toMatchObject({
      status: "busy",
      isActive: false,
    });
  });
});

describe("the connection", () => {
  it("stores the token encrypted and never sends it back; tests it against Twilio and lists numbers", async () => {
    const state = (await owner.get("/api/telephony")).json();
    expect(state).toMatchObject({
      provider: "twilio",
      twilio: { accountSid: TWILIO.accountSid, phoneNumber: TWILIO.phoneNumber, authTokenHint: "••••c3d4" },
      webhooks: {
        voiceUrl: `${PUBLIC_URL}${VOICE}`,
        statusCallbackUrl: `${PUBLIC_URL}${STATUS}`,
        publicUrlConfigured: true,
      },
    });
    expect(JSON.stringify(state)).not.toContain(TWILIO.authToken);
    const [row] = await env.t.database.db
      .select()
      .from(telephonyConnections)
      .where(eq(telephonyConnections.workspaceId, owner.user!.workspace.id));
    expect(row?.authTokenEncrypted).toMatch(/^v1\./);
    expect(row?.authTokenEncrypted).not.toContain(TWILIO.authToken);

    const test = (await owner.post("/api/telephony/twilio/test")).json();
    expect(test).toMatchObject({ ok: true });
    expect(test.message).toContain("+14155550100 is a voice number on this account");
    expect(test.numbers.map((n: { phoneNumber: string }) => n.phoneNumber)).toEqual([
      "+14155550100",
      "+14155550111",
    ]);

    const chosen = await owner.patch("/api/telephony/twilio", { phoneNumber: "+1 (415) 555-0111" });
    expect(chosen.json().twilio.phoneNumber).toBe("+14155550111");
    await owner.patch("/api/telephony/twilio", { phoneNumber: TWILIO.phoneNumber });
  });

  it("checks the credentials' form, and tells a refused token apart", async () => {
    const other = await buildWorkspace(env.t);
    const bad = await other.put("/api/telephony/twilio", {
      accountSid: "AB123",
      authToken: "short",
      phoneNumber: "12",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((i: { message: string }) => i.message)).toEqual([
      "The Account SID starts with AC followed by 32 letters and digits (find it on your Twilio console)",
      "The Auth Token is 32 letters and digits (find it on your Twilio console)",
      "Enter your Twilio phone number with its country code, like +14155550123",
    ]);
    // Another account cannot claim a number that is already connected.
    const taken = await other.put("/api/telephony/twilio", { ...TWILIO });
    expect(taken.statusCode).toBe(409);
    await other.put("/api/telephony/twilio", {
      ...TWILIO,
      authToken: "9".repeat(32),
      phoneNumber: "+14155550177",
    });
    const refused = (await other.post("/api/telephony/twilio/test")).json();
    expect(refused).toMatchObject({ ok: false, numbers: [] });
    expect(refused.message).toMatch(/Twilio refused these credentials/);
    const removed = (await other.delete("/api/telephony/twilio")).json();
    expect(removed).toMatchObject({ provider: "simulator", twilio: null });
    expect(removed.simulatorNumber).toMatch(/^\+1\d{3}55501\d{2}$/);
  });
});

describe("concurrent calls by plan", () => {
  it("refuses an inbound call over the plan's limit with <Reject> and an outbound one with 429", async () => {
    const small = await buildWorkspace(env.t, { planType: "personal" });
    await connectTwilio(small, "+14155550133");
    const ringSmall = (from: string) =>
      twilioPost(env.t, VOICE, inboundParams(callSid(), from, "+14155550133"));
    expect((await ringSmall("+12125550171")).body).toContain("<Gather");
    expect((await ringSmall("+12125550172")).body).toContain("<Gather");
    const third = await ringSmall("+12125550173");
    expect(third.body).toContain('<Reject reason="busy"/>');
    const refused = (await small.get("/api/calls?search=2125550173")).json().calls[0];
    expect(refused.status).toBe("missed");
    expect(refused.transcript).toContain(
      "System: Refused: Your Personal plan allows 2 calls at the same time, and all are in use. End a call or upgrade your plan to take more.",
    );
    // A number inside its calling hours now, with consent on file: only the plan's limit refuses it.
    const [callee = ""] = numbersInCallingHoursNow(1, "0190");
    await recordAiVoiceConsent(small, [callee]);
    const outbound = await small.post("/api/voice/outbound", { phoneNumber: callee });
    expect(outbound.statusCode).toBe(429);
    expect(outbound.json().message).toMatch(/^Your Personal plan allows 2 calls at the same time/);

    // An enterprise plan takes them.
    await setWorkspace(env.t, small.user!.workspace.id, { planType: "enterprise_starter" });
    expect((await ringSmall("+12125550174")).body).toContain("<Gather");
  });
});

async function usageRows(workspaceId: string) {
  const rows = await env.t.database.db
    .select()
    .from(usageTracking)
    .where(eq(usageTracking.workspaceId, workspaceId));
  return { callsScreened: rows.reduce((sum, r) => sum + r.callsScreened, 0) };
}
