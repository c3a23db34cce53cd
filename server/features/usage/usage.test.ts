import { TZDate } from "@date-fns/tz";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, multipartBody, type TestApp, type TestClient } from "../../test/app";
import { buildCall, buildWorkspace } from "../../test/factories";
import { recordingOf, wordReader } from "../../test/speech";

// Sign-up trials run 30 days from the real time: the server's clock starts now and moves from there.
const START = new Date(Math.floor(Date.now() / 1000) * 1000);
let clock = START;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      now: () => clock,
      // The "recordings" carry the words the recogniser would hear (server/test/speech.ts).
      speech: wordReader(),
    },
  );
});
afterAll(() => t.close());

/** A personal workspace moved to the Free plan, whose monthly limits are small. */
async function onFree(): Promise<TestClient> {
  const c = await buildWorkspace(t, { planType: "personal", fullName: "Jordan Rivera" });
  expect((await c.post("/api/subscription/cancel")).statusCode).toBe(200);
  return c;
}

const usage = async (c: TestClient) => (await c.get("/api/subscription")).json();
const simulate = (c: TestClient) =>
  buildCall(c, { phoneNumber: "+15551234567", callerName: "Pat", live: true });
const say = (c: TestClient, id: string, text: string) => c.post(`/api/calls/${id}/process-audio`, { text });
const end = (c: TestClient, id: string) => c.patch(`/api/calls/${id}`, { isActive: false });

async function recorded(c: TestClient, id: string, words: string) {
  const body = await multipartBody([
    { name: "audio", data: recordingOf(words), type: "audio/wav", filename: "turn.wav" },
  ]);
  return c.post(`/api/calls/${id}/process-audio`, body.payload, { headers: body.headers });
}

async function setUsage(
  c: TestClient,
  fields: { calls?: number; minutes?: number; transcriptions?: number },
) {
  const local = new TZDate(clock.getTime(), c.user!.timezone);
  await t.database.db.execute(sql`
    insert into usage_tracking (workspace_id, year, month, calls_screened, call_minutes_used, transcriptions_used)
    values (${c.user!.workspace.id}, ${local.getFullYear()}, ${local.getMonth() + 1}, ${fields.calls ?? 0},
      ${fields.minutes ?? 0}, ${fields.transcriptions ?? 0})
    on conflict (workspace_id, year, month) do update set calls_screened = excluded.calls_screened,
      call_minutes_used = excluded.call_minutes_used, transcriptions_used = excluded.transcriptions_used`);
}

describe("usage is counted by the engine", () => {
  it("counts screened calls, whole minutes, transcriptions and booked appointments", async () => {
    const c = await buildWorkspace(t, { planType: "personal", fullName: "Jordan Rivera" });
    const first = await simulate(c);
    const booked = await say(c, first.id, "Can I book an appointment next Tuesday at 2pm?");
    expect(booked.json().analysis.appointment).not.toBeNull();
    expect((await recorded(c, first.id, "Thanks, that is all")).statusCode).toBe(200);
    expect((await end(c, first.id)).statusCode).toBe(200);

    const second = await simulate(c);
    clock = new Date(clock.getTime() + 150_000);
    try {
      await say(c, second.id, "Hey, my internet has been down since this morning.");
      await end(c, second.id);
    } finally {
      clock = START;
    }

    expect((await usage(c)).usage).toMatchObject({
      callsScreened: 2,
      // 1 minute for the short call, 3 for the one of 2.5 minutes.
      callMinutesUsed: 4,
      transcriptionsUsed: 1,
      appointmentsScheduled: 1,
    });
  });

  it("counts a call the assistant ends (blocked spam) too", async () => {
    const c = await buildWorkspace(t, { planType: "personal", fullName: "Jordan Rivera" });
    const call = await simulate(c);
    const res = await say(
      c,
      call.id,
      "Final notice about your car's extended warranty. Press 1 to speak to an agent.",
    );
    expect(res.json().call.status).toBe("blocked");
    expect((await usage(c)).usage).toMatchObject({ callsScreened: 1, callMinutesUsed: 1 });
  });
});

describe("monthly limits", () => {
  it("past the screened calls, a call is answered with the limit reply and not screened or counted", async () => {
    const c = await onFree();
    // The free plan screens 30 calls a month: make them for real.
    for (let i = 0; i < 30; i++) {
      const call = await simulate(c);
      await end(c, call.id);
    }
    const before = await usage(c);
    expect(before.usage.callsScreened).toBe(30);
    expect(before.limitsReached).toEqual(["callScreeningLimit"]);

    const refused = await simulate(c);
    expect(refused).toMatchObject({ isActive: false, status: "missed", duration: 0, classification: null });
    expect(refused.transcript).toBe(
      [
        "AI: I'm sorry, Jordan can't take calls through this line right now. Please try again later. Goodbye.",
        "System: Not screened. You have used the 30 screened calls included in the Free plan this month. New calls are not screened until next month, or upgrade your plan to continue.",
      ].join("\n"),
    );
    expect(refused.actionTaken).toBe("Not screened: monthly limit reached");
    expect((await c.get("/api/active-call")).json()).toBeNull();
    expect((await say(c, refused.id, "Hello?")).statusCode).toBe(409);
    expect((await usage(c)).usage.callsScreened).toBe(30);

    // An upgrade through the local checkout lifts the limit at once.
    const checkout = (await c.post("/api/subscription/checkout", { planId: "basic" })).json();
    await c.post(`/api/checkout/${checkout.sessionUrl.split("/").pop()}/confirm`);
    const allowed = await simulate(c);
    expect(allowed.isActive).toBe(true);
    expect((await usage(c)).limitsReached).toEqual([]);
  });

  it("past the minutes, the same", async () => {
    const c = await onFree();
    await setUsage(c, { calls: 3, minutes: 60 });
    const refused = await simulate(c);
    expect(refused.isActive).toBe(false);
    expect(refused.transcript).toContain(
      "You have used the 60 call minutes included in the Free plan this month.",
    );
    expect((await usage(c)).limitsReached).toEqual(["monthlyMinutes"]);
  });

  it("a call in progress when the limit is reached runs to its end", async () => {
    const c = await onFree();
    await setUsage(c, { calls: 29 });
    const first = await simulate(c);
    const second = await simulate(c);
    await end(c, first.id);
    expect((await usage(c)).limitsReached).toEqual(["callScreeningLimit"]);
    const turn = await say(c, second.id, "Hey, my internet has been down since this morning.");
    expect(turn.statusCode).toBe(200);
    expect(turn.json().call.isActive).toBe(true);
  });

  it("past the transcriptions, recorded speech is refused with 402 and typed text still works", async () => {
    const c = await onFree();
    await setUsage(c, { transcriptions: 10 });
    const call = await simulate(c);
    const refused = await recorded(c, call.id, "Hello, is Jordan there?");
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(
      "You have used the 10 transcriptions included in the Free plan this month. Type what the caller says, or upgrade your plan for more.",
    );
    expect((await say(c, call.id, "Hello, is Jordan there?")).statusCode).toBe(200);
    expect((await usage(c)).usage.transcriptionsUsed).toBe(10);
  });

  it("counts per calendar month in the account's time zone", async () => {
    const c = await onFree();
    await c.post("/api/ai-settings", { timezone: "Pacific/Auckland" });
    c.user!.timezone = "Pacific/Auckland";
    await setUsage(c, { calls: 30 });
    expect((await simulate(c)).isActive).toBe(false);
    // Midnight on the first of next month in Auckland, a few hours earlier in UTC.
    const local = new TZDate(clock.getTime(), "Pacific/Auckland");
    const nextMonth = new TZDate(local.getFullYear(), local.getMonth() + 1, 1, 0, 30, "Pacific/Auckland");
    clock = new Date(nextMonth.getTime());
    try {
      const fresh = await usage(c);
      expect(fresh.usage).toMatchObject({ callsScreened: 0, month: nextMonth.getMonth() + 1 });
      expect(fresh.limitsReached).toEqual([]);
      const call = await simulate(c);
      expect(call.isActive).toBe(true);
      await end(c, call.id);
      expect((await usage(c)).usage.callsScreened).toBe(1);
    } finally {
      clock = START;
    }
  });

  it("unlimited plans are never stopped", async () => {
    const c = await buildWorkspace(t, { planType: "business" });
    await setUsage(c, { calls: 100_000, minutes: 1_000_000, transcriptions: 100_000 });
    expect((await simulate(c)).isActive).toBe(true);
    expect((await usage(c)).limitsReached).toEqual([]);
  });
});
