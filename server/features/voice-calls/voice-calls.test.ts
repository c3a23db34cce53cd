import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BULK_DEMO_NUMBERS, type SystemTestStats } from "../../../common/telephony";
import type { TestClient } from "../../test/app";
import { clockFrom, NEW_YORK_NOON, recordAiVoiceConsent } from "../../test/dialing";
import { buildWorkspace } from "../../test/factories";
import { eventually, telephonyTestApp } from "../../test/telephony";
import { planSystemTest, testNumber } from "./system-test";

let env: Awaited<ReturnType<typeof telephonyTestApp>>;
let owner: TestClient;

beforeAll(async () => {
  // 20 times real time: a test caller's first line comes about 0.2 s after the answer and the
  // hang-up 0.75 s at the earliest, so a loaded machine still hears every caller speak.
  env = await telephonyTestApp({ timeScale: 0.05 });
  // Business (buildWorkspace's default): ten phone calls at once, so the outbound checks below do
  // not meet the plan's limit.
  owner = await buildWorkspace(env.t);
});
afterAll(() => env.close());

describe("POST /api/voice/outbound", () => {
  // An app of its own whose clock is noon in New York (17:00 in London): inside the calling hours
  // of the numbers called below (the dial gate). The rest of the file keeps the wall clock, which
  // the system test's figures are measured on.
  let dialling: Awaited<ReturnType<typeof telephonyTestApp>>;
  let owner: TestClient;
  beforeAll(async () => {
    dialling = await telephonyTestApp({ timeScale: 0.05 }, { now: clockFrom(NEW_YORK_NOON) });
    owner = await buildWorkspace(dialling.t);
    // The assistant makes these calls: the people called agreed to AI-voice calls.
    await recordAiVoiceConsent(owner, ["+12125550177", "+442079460958", "+12125550178", "+12125550179"]);
  });
  afterAll(() => dialling.close());

  it("keeps digits and +, needs 10 digits (or 11 starting with 1), with the spec's messages", async () => {
    const message = async (phoneNumber: string) => {
      const res = await owner.post("/api/voice/outbound", { phoneNumber });
      return res.statusCode === 200 ? "ok" : res.json().message;
    };
    expect(await message("")).toBe("Please enter a phone number");
    expect(await message("555-1234")).toBe("Please enter a valid phone number (at least 10 digits)");
    expect(await message("22125550123")).toBe("Please enter a valid phone number (at least 10 digits)");
    expect(await message("1 (212) 555-0177")).toBe("ok");
    expect(await message("+44 20 7946 0958")).toBe("ok");
    const sent = (await owner.post("/api/voice/outbound", { phoneNumber: "212.555.0178" })).json();
    expect(sent).toMatchObject({ success: true, message: "Calling +12125550178" });
    expect(Object.keys(sent).sort()).toEqual(["callId", "callSid", "instructions", "message", "success"]);
  });

  it("lists the account's live voice calls with callSid, phoneNumber, duration and status", async () => {
    const { callSid } = (await owner.post("/api/voice/outbound", { phoneNumber: "2125550179" })).json();
    const active = await eventually(async () => {
      const list = (await owner.get("/api/voice/active-calls")).json().activeCalls;
      const call = list.find((c: { callSid: string }) => c.callSid === callSid);
      expect(call).toBeDefined();
      return call;
    });
    expect(active).toMatchObject({
      callSid,
      phoneNumber: "+12125550179",
      direction: "outbound",
      provider: "simulator",
    });
    expect(["ringing", "in-progress"]).toContain(active.status);
    const intruder = await buildWorkspace(dialling.t);
    expect((await intruder.get("/api/voice/active-calls")).json()).toEqual({ activeCalls: [] });
  });
});

describe("voice call demo", () => {
  it("starts with the greeting, then answers each message with response, intent, urgency and action", async () => {
    const start = await owner.post("/api/conversation/start-demo", { phoneNumber: "+12125550180" });
    expect(start.statusCode).toBe(200);
    const { callId, greeting } = start.json();
    expect(greeting).toBe("Hello! You've reached my assistant. How can I help you today?");
    const turn = (
      await owner.post("/api/conversation/process", {
        callId,
        message: "Hi, my order arrived broken and I want a replacement.",
      })
    ).json();
    expect(turn).toMatchObject({ action: "continue", classification: "support" });
    expect(turn.response.length).toBeGreaterThan(10);
    expect(typeof turn.intent).toBe("string");
    expect(turn.urgency).toBeGreaterThanOrEqual(0);
    const call = (await owner.get(`/api/calls/${callId}`)).json();
    expect(call).toMatchObject({ callType: "demo", isActive: true });
    expect(call.transcript).toContain("Caller: Hi, my order arrived broken and I want a replacement.");
  });

  it("gives back the demo still in progress (a page left without End), with its turns, until it ends", async () => {
    const other = await buildWorkspace(env.t);
    expect((await other.get("/api/conversation/demo")).json()).toEqual({ call: null });
    const { callId, greeting } = (
      await other.post("/api/conversation/start-demo", { phoneNumber: "+12125550185" })
    ).json();
    const said = "Hi, my order arrived broken and I want a replacement.";
    const turn = (await other.post("/api/conversation/process", { callId, message: said })).json();
    const current = (await other.get("/api/conversation/demo")).json();
    expect(current.call).toMatchObject({ callId, phoneNumber: "+12125550185" });
    expect(current.call.turns).toEqual([
      { speaker: "ai", text: greeting },
      { speaker: "caller", text: said },
      { speaker: "ai", text: turn.response },
    ]);
    // What the assistant understood, as answered (the reply's audio address is for playing at once).
    const { audioUrl, ...understood } = turn;
    expect(audioUrl).toBeNull();
    expect(current.call.latest).toEqual(understood);
    // Nobody else's demo, and not once it has ended.
    expect((await owner.get("/api/conversation/demo")).json().call?.callId).not.toBe(callId);
    await other.patch(`/api/calls/${callId}`, { isActive: false });
    expect((await other.get("/api/conversation/demo")).json()).toEqual({ call: null });
  });

  it("answers end_call when the assistant ends the call (spam)", async () => {
    const { callId } = (
      await owner.post("/api/conversation/start-demo", { phoneNumber: "+12125550181" })
    ).json();
    const turn = (
      await owner.post("/api/conversation/process", {
        callId,
        message: "This is the IRS. There is a warrant for your arrest unless you pay with gift cards today.",
      })
    ).json();
    expect(turn).toMatchObject({ action: "end_call", classification: "spam" });
    expect((await owner.get(`/api/calls/${callId}`)).json()).toMatchObject({
      isActive: false,
      status: "blocked",
    });
    const after = await owner.post("/api/conversation/process", { callId, message: "Hello?" });
    expect(after.statusCode).toBe(409);
  });

  it("checks its input and keeps other accounts' and non-demo calls out", async () => {
    expect((await owner.post("/api/conversation/start-demo", { phoneNumber: " " })).json().message).toBe(
      "Please enter a phone number",
    );
    const { callId } = (
      await owner.post("/api/conversation/start-demo", { phoneNumber: "+12125550182" })
    ).json();
    expect((await owner.post("/api/conversation/process", { callId, message: "   " })).json().message).toBe(
      "Please type a message",
    );
    const intruder = await buildWorkspace(env.t);
    expect((await intruder.post("/api/conversation/process", { callId, message: "hi" })).statusCode).toBe(
      404,
    );
    const simulated = (await owner.post("/api/calls/simulate", { phoneNumber: "+12125550183" })).json();
    expect(
      (await owner.post("/api/conversation/process", { callId: simulated.id, message: "hi" })).statusCode,
    ).toBe(404);
  });
});

describe("call system test", () => {
  it("plans the spec's timings: active after 2 s + 1 s per index, complete 15-45 s later", () => {
    const numbers = Array.from({ length: 100 }, (_, i) => testNumber(i));
    const low = planSystemTest(numbers, (min) => min);
    const high = planSystemTest(numbers, (_, max) => max - 1);
    expect(low.map((p) => p.activeAfterMs).slice(0, 3)).toEqual([2000, 3000, 4000]);
    expect(low[99]?.activeAfterMs).toBe(101_000);
    expect([low[0]?.completeAfterMs, high[0]?.completeAfterMs]).toEqual([15_000, 45_000]);
    expect(new Set(numbers).size).toBe(100);
  });

  it("runs N simulated calls through the simulator: connecting, active, completed, from the calls table", async () => {
    const start = await owner.post("/api/call-system-test/start", { count: 3 });
    expect(start.statusCode, start.body).toBe(201);
    const first: SystemTestStats = start.json();
    expect(first.total).toBe(3);
    expect(first.connecting + first.active).toBe(3);
    expect(first.calls.map((c) => c.index)).toEqual([0, 1, 2]);
    expect(first.calls.map((c) => c.phoneNumber)).toEqual([testNumber(0), testNumber(1), testNumber(2)]);

    const seen = new Set<string>();
    const done = await eventually(async () => {
      const stats: SystemTestStats = (await owner.get("/api/call-system-test/stats")).json();
      for (const call of stats.calls) seen.add(call.state);
      expect(stats.completed).toBe(3);
      return stats;
    }, 20_000);
    expect(seen.has("active")).toBe(true);
    expect(done).toMatchObject({ runId: first.runId, total: 3, connecting: 0, active: 0, failed: 0 });
    // Every figure on one clock (the simulator's, 100 times faster here): each call talked 15 to
    // 45 s after ringing 2 s + 1 s per call, so the run lasted longer than any call and at least
    // as long as the last call's ringing plus its talk.
    for (const call of done.calls) {
      expect(call.duration).toBeGreaterThanOrEqual(15);
      expect(call.duration).toBeLessThanOrEqual(45);
      expect(call.duration).toBeLessThan(done.elapsedSeconds);
      expect(done.elapsedSeconds).toBeGreaterThanOrEqual(2 + call.index + call.duration);
    }
    expect(done.averageDuration).toBe(Math.round(done.calls.reduce((s, c) => s + c.duration, 0) / 3));
    // The stats are stable once finished: the elapsed time stops with the last call.
    const later: SystemTestStats = (await owner.get("/api/call-system-test/stats")).json();
    expect(later.elapsedSeconds).toBe(done.elapsedSeconds);
    // They are in History, with what the test callers said, marked as test calls.
    const history = (await owner.get(`/api/calls/${done.calls[0]?.callId}`)).json();
    expect(history).toMatchObject({
      callType: "system_test",
      isTest: true,
      isActive: false,
      status: "completed",
      duration: done.calls[0]?.duration,
    });
    expect(history.transcript).toContain("Caller: ");
  });

  it("runs the bulk demo's five numbers, checks the count, and keeps runs per account", async () => {
    const bulk: SystemTestStats = (
      await owner.post("/api/call-system-test/start", { phoneNumbers: BULK_DEMO_NUMBERS })
    ).json();
    expect(bulk.calls.map((c) => c.phoneNumber)).toEqual(BULK_DEMO_NUMBERS);
    for (const count of [0, 101, 2.5]) {
      const res = await owner.post("/api/call-system-test/start", { count });
      expect(res.statusCode).toBe(400);
    }
    expect((await owner.post("/api/call-system-test/start", { count: 0 })).json().message).toMatch(
      /Choose between 1 and 100 calls/,
    );
    const intruder = await buildWorkspace(env.t);
    expect((await intruder.get("/api/call-system-test/stats")).json()).toMatchObject({
      runId: null,
      total: 0,
    });
    expect((await intruder.get(`/api/call-system-test/stats?runId=${bulk.runId}`)).json().total).toBe(0);
  });
});
