import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CarrierSimulator } from "../../providers/telephony/simulator";
import { twilioSignature } from "../../providers/telephony/twilio";
import type { TestClient } from "../../test/app";
import { clockFrom, NEW_YORK_NOON, recordAiVoiceConsent } from "../../test/dialing";
import { buildWorkspace } from "../../test/factories";
import { callRowBySid, eventually, telephonyTestApp } from "../../test/telephony";

/** Calls carried by the built-in simulator, end to end through the HTTP layer (the default without Twilio). */
let env: Awaited<ReturnType<typeof telephonyTestApp>>;
let owner: TestClient;

beforeAll(async () => {
  // Noon in New York: the outbound calls below are inside their callees' calling hours.
  env = await telephonyTestApp({}, { now: clockFrom(NEW_YORK_NOON) });
  owner = await buildWorkspace(env.t, { businessInfo: { companyName: "Rivera Plumbing" } });
  // The assistant makes the outbound calls: their callees agreed to AI-voice calls.
  await recordAiVoiceConsent(owner, ["+12125550123", "+12125550002", "+12125550003", "+12125550004"]);
});
afterAll(() => env.close());

async function ended(sid: string) {
  return eventually(async () => {
    const row = await callRowBySid(env.t, sid);
    expect(row?.isActive).toBe(false);
    return row as NonNullable<typeof row>;
  });
}

describe("simulated incoming calls", () => {
  it("ring the account's simulator number; the caller's script is screened by the engine", async () => {
    const state = (await owner.get("/api/telephony")).json();
    expect(state).toMatchObject({ provider: "simulator", twilio: null });
    const res = await owner.post("/api/telephony/simulator/calls", {
      from: "(212) 555-0199",
      callerName: "Lee Park",
      script: [
        "Hi, I wanted a quote for landscaping my back yard.",
        "My number is 555 222 3333, ask for Lee.",
        "Thanks, bye!",
      ],
    });
    expect(res.statusCode, res.body).toBe(202);
    const { callSid, to } = res.json();
    expect(callSid).toMatch(/^SIM[0-9a-f]{32}$/);
    expect(to).toBe(state.simulatorNumber);

    const row = await ended(callSid);
    expect(row).toMatchObject({
      callType: "simulator",
      direction: "inbound",
      phoneNumber: "+12125550199",
      callerName: "Lee Park",
      status: "completed",
    });
    const lines = row.transcript.split("\n");
    expect(lines[0]).toBe("AI: Hello! You've reached my assistant. How can I help you today?");
    expect(lines.filter((line) => line.startsWith("Caller: "))).toEqual([
      "Caller: Hi, I wanted a quote for landscaping my back yard.",
      "Caller: My number is 555 222 3333, ask for Lee.",
      "Caller: Thanks, bye!",
    ]);
    expect(row.classification).toBe("sales");
    // In History like any other call.
    const history = (await owner.get("/api/calls?search=2125550199")).json();
    expect(history.calls[0]).toMatchObject({ id: row.id, callType: "simulator", isActive: false });
  });

  it("checks the script", async () => {
    const res = await owner.post("/api/telephony/simulator/calls", { from: "12", script: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { message: string }) => i.message)).toEqual([
      "Please enter a valid phone number (at least 10 digits)",
      "Give the caller at least one thing to say",
    ]);
  });

  it("refuses a call over the plan's concurrent calls", async () => {
    const small = await buildWorkspace(env.t, { planType: "personal" });
    const long = Array.from(
      { length: 20 },
      (_, i) => `Let me tell you more about my order number ${i + 100}.`,
    );
    const sids: string[] = [];
    for (const from of ["+12125550301", "+12125550302", "+12125550303"]) {
      sids.push((await small.post("/api/telephony/simulator/calls", { from, script: long })).json().callSid);
    }
    // The three rings race to the webhook: whichever arrives third is the one refused.
    const rows = await Promise.all(
      sids.map((sid) =>
        eventually(async () => {
          const row = await callRowBySid(env.t, sid);
          expect(row?.status === "missed" || row?.transcript.includes("Caller: ")).toBe(true);
          return row!;
        }),
      ),
    );
    const refused = rows.filter((row) => row.status === "missed");
    expect(refused).toHaveLength(1);
    expect(refused[0]?.transcript).toMatch(
      /^System: Refused: Your Personal plan allows 2 calls at the same time/,
    );
    expect(rows.filter((row) => row.transcript.includes("Caller: "))).toHaveLength(2);
  });
});

describe("simulated outbound calls", () => {
  it("ring, are answered, state their purpose and handle the answer, then end in History", async () => {
    const res = await owner.post("/api/voice/outbound", { phoneNumber: "212-555-0123" });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: "Calling +12125550123" });
    expect(body.instructions).toMatch(/built-in simulator/);
    expect(body.callSid).toMatch(/^SIM/);
    const row = await ended(body.callSid);
    expect(row).toMatchObject({ direction: "outbound", callType: "simulator", status: "completed" });
    // The opening says who calls and that it is automated; the callee's "Hello?" hears it again.
    expect(row.transcript).toMatch(
      /^AI: Hi, this is the automated assistant for Rivera Plumbing\. Is now a good time to talk\?/,
    );
    expect(row.transcript).toContain(
      "AI: This is the assistant for Rivera Plumbing. Is now a good time to talk?",
    );
    expect(row.transcript).toContain("Caller: Hello?");
    expect(row.transcript).toContain("Caller: Thanks, goodbye.");
  });

  it("report busy, no answer and failure", async () => {
    const outcomes: Record<string, string> = {
      "+12125550002": "busy",
      "+12125550003": "no_answer",
      "+12125550004": "failed",
    };
    for (const [number, status] of Object.entries(outcomes)) {
      const { callSid } = (await owner.post("/api/voice/outbound", { phoneNumber: number })).json();
      const row = await ended(callSid);
      expect(row.status).toBe(status);
      expect(row.duration).toBe(0);
    }
  });
});

describe("the carrier simulator on its own", () => {
  /** A fake app: answers each webhook from a queue of TwiML documents, recording what it got. */
  function fakeApp(documents: Record<string, string[]>) {
    const received: { path: string; params: Record<string, string>; valid: boolean }[] = [];
    const deliver = async (url: string, params: Record<string, string>, signature: string) => {
      const path = new URL(url).pathname;
      received.push({ path, params, valid: signature === twilioSignature("secret-token", url, params) });
      const next = documents[path]?.shift() ?? "<Response/>";
      return { status: 200, body: next };
    };
    const simulator = new CarrierSimulator({
      accountSid: "ACsim",
      token: "secret-token",
      baseUrl: "http://app.local",
      deliver,
      timeScale: 0.001,
    });
    return { simulator, received };
  }

  it("follows Say, Gather, Play loop (hold until updated), Dial with its action, Hangup; signs every webhook", async () => {
    const { simulator, received } = fakeApp({
      "/voice": [
        '<Response><Say>Hi</Say><Gather input="speech" action="/turn"><Say>Go on</Say></Gather></Response>',
      ],
      "/turn": ['<Response><Play loop="0">http://music</Play></Response>'],
      "/dial": ["<Response><Hangup/></Response>"],
    });
    const sid = simulator.ringInbound({
      from: "+12125550100",
      to: "+14155550100",
      party: { script: [{ text: "Hello there" }] },
      voiceUrl: "/voice",
      statusCallback: "/status",
    });
    await eventually(async () => expect(simulator.inspect(sid)?.onHold).toBe(true));
    expect(simulator.inspect(sid)?.said).toEqual(["Hello there"]);
    await simulator.updateCall(sid, {
      twiml: '<Response><Say>Putting you through</Say><Dial action="/dial">+13105550199</Dial></Response>',
    });
    const status = await simulator.inspect(sid)?.done;
    expect(status).toBe("completed");
    const view = simulator.inspect(sid);
    expect(view?.heard).toEqual(["Hi", "Go on", "Putting you through"]);
    expect(view?.dialed).toEqual(["+13105550199"]);
    await eventually(async () => expect(received.at(-1)?.path).toBe("/status"));
    expect(received.map((r) => r.path)).toEqual(["/voice", "/turn", "/dial", "/status"]);
    expect(received.every((r) => r.valid)).toBe(true);
    expect(received[1]?.params).toMatchObject({
      SpeechResult: "Hello there",
      CallSid: sid,
      Direction: "inbound",
    });
    expect(received[2]?.params).toMatchObject({ DialCallStatus: "completed" });
    expect(received[3]?.params).toMatchObject({ CallStatus: "completed" });
    await expect(simulator.updateCall(sid, { status: "completed" })).rejects.toThrow(/not in-progress/);
  });

  it("leaves an answered call alone when asked to cancel it (Status=canceled, as Twilio)", async () => {
    // (A ringing call canceled ends as canceled: runtime.test.ts "letting ringing lines go".)
    const { simulator, received } = fakeApp({
      "/voice": ['<Response><Play loop="0">http://music</Play></Response>'],
    });
    const answered = simulator.ringInbound({
      from: "+12125550101",
      to: "+14155550100",
      party: { script: [] },
      voiceUrl: "/voice",
      statusCallback: "/status",
    });
    await eventually(async () => expect(simulator.inspect(answered)?.onHold).toBe(true));
    await simulator.updateCall(answered, { status: "canceled" });
    expect(simulator.inspect(answered)?.onHold).toBe(true);
    await simulator.updateCall(answered, { status: "completed" });
    expect(await simulator.inspect(answered)?.done).toBe("completed");
    await eventually(async () => expect(received.filter((r) => r.path === "/status")).toHaveLength(1));
  });

  it("reports <Reject> as a call never answered, and the system test's duration on hang-up", async () => {
    const { simulator, received } = fakeApp({
      "/voice": [
        '<Response><Reject reason="busy"/></Response>',
        '<Response><Gather input="speech" action="/turn"/></Response>',
      ],
    });
    const rejected = simulator.ringInbound({
      from: "+1",
      to: "+2",
      party: { script: [] },
      voiceUrl: "/voice",
      statusCallback: "/status",
    });
    expect(await simulator.inspect(rejected)?.done).toBe("busy");
    const held = simulator.ringInbound({
      from: "+1",
      to: "+2",
      party: { script: [], hangUpAfterMs: 5000, reportedDuration: 123 },
      voiceUrl: "/voice",
      statusCallback: "/status",
    });
    expect(await simulator.inspect(held)?.done).toBe("completed");
    await eventually(async () => expect(received.filter((r) => r.path === "/status")).toHaveLength(2));
    expect(received.filter((r) => r.path === "/status").map((r) => r.params.CallDuration)).toEqual([
      "0",
      "123",
    ]);
  });
});
