import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, multipartBody, type TestApp, type TestClient } from "../../test/app";
import { buildCall, buildWorkspace, rows } from "../../test/factories";
import { recordingOf, wordReader } from "../../test/speech";

let t: TestApp;
beforeAll(async () => {
  // The "recordings" carry the words the recogniser would hear (server/test/speech.ts).
  t = await createTestApp({}, { speech: wordReader() });
});
afterAll(() => t.close());

const simulate = (c: TestClient, phoneNumber = "+15551234567", callerName?: string) =>
  buildCall(c, { phoneNumber, callerName, live: true });

const say = (c: TestClient, id: string, text: string) => c.post(`/api/calls/${id}/process-audio`, { text });

describe("a simulated call", () => {
  it("starts active with the account's greeting", async () => {
    const c = await buildWorkspace(t, { fullName: "Jordan Rivera" });
    const call = await simulate(c, "(555) 123-4567", "Pat");
    expect(call).toMatchObject({
      phoneNumber: "+15551234567",
      callerName: "Pat",
      isActive: true,
      status: "in_progress",
      classification: null,
      direction: "inbound",
    });
    expect(call.transcript).toBe("AI: Hello! You've reached my assistant. How can I help you today?");
    const active = await c.get("/api/active-call");
    expect(active.json().id).toBe(call.id);
  });

  it("needs a phone number", async () => {
    const c = await buildWorkspace(t, { fullName: "Jordan Rivera" });
    const res = await c.post("/api/calls/simulate", { phoneNumber: "  " });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please enter a phone number");
  });

  it("blocks a scam and ends the call as blocked", async () => {
    const c = await buildWorkspace(t, { fullName: "Jordan Rivera" });
    const call = await simulate(c);
    const res = await say(
      c,
      call.id,
      "Final notice about your car's extended warranty. Press 1 to speak to an agent.",
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.transcription).toContain("extended warranty");
    expect(body.analysis).toMatchObject({ classification: "spam", appointment: null, source: "local" });
    expect(body.analysis.confidence).toBeGreaterThan(0.5);
    expect(body.analysis.signals.length).toBeGreaterThan(0);
    expect(body.call).toMatchObject({ isActive: false, status: "blocked", classification: "spam" });
    expect(body.call.actionTaken).toMatch(/^Blocked as/);
    expect(body.call.transcript).toMatch(
      /Caller: Final notice[\s\S]*AI: This call appears to be unsolicited/,
    );
    expect(body.call.summary).toBeTruthy();

    const again = await say(c, call.id, "Hello?");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This call has already ended");
    expect((await c.get("/api/active-call")).json()).toBeNull();
  });

  it("books an appointment the API then lists, linked to the call", async () => {
    const c = await buildWorkspace(t, { fullName: "Jordan Rivera" });
    const call = await simulate(c, "+15557654321", "Morgan Lee");
    const res = await say(c, call.id, "Hi, can I book an appointment for next Tuesday at 2pm?");
    const body = res.json();
    expect(body.analysis.classification).toBe("appointment");
    expect(body.analysis.appointment).toMatchObject({ appointmentId: expect.any(String) });
    expect(body.response.text).toMatch(/You're booked for Tuesday/);
    const list = await c.get("/api/appointments");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: body.analysis.appointment.appointmentId,
        callId: call.id,
        status: "scheduled",
        attendeeName: "Morgan Lee",
        attendeePhone: "+15557654321",
        title: "Appointment with Morgan Lee",
      }),
    ]);
  });

  it("follows the account's settings on the next call", async () => {
    const c = await buildWorkspace(t, { fullName: "Jordan Rivera" });
    await t.database.db.execute(
      sql`update ai_settings set auto_block_spam = false, allow_appointments = false where workspace_id = ${c.user!.workspace.id}`,
    );
    const scam = await simulate(c);
    const res = await say(
      c,
      scam.id,
      "You have won a sweepstakes! Just pay the processing fee with a gift card.",
    );
    expect(res.json().call).toMatchObject({ isActive: true, classification: "spam" });
    const booking = await simulate(c);
    const res2 = await say(c, booking.id, "I'd like to schedule a visit for Thursday at 10am.");
    expect(res2.json().analysis.appointment).toBeNull();
    expect(res2.json().call.actionTaken).toMatch(/booking is turned off/);
  });

  it("accepts the typed line as a text/plain multipart part, as the browser sends it", async () => {
    const c = await buildWorkspace(t, { fullName: "Jordan Rivera" });
    const call = await simulate(c);
    const form = await multipartBody([
      {
        name: "audio",
        data: "Hey, it's Sam, returning your call.",
        type: "text/plain",
        filename: "text.txt",
      },
    ]);
    const res = await c.post(`/api/calls/${call.id}/process-audio`, form.payload, { headers: form.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().transcription).toBe("Hey, it's Sam, returning your call.");
    expect(res.json().analysis.classification).toBe("legitimate");
  });

  it("transcribes recorded audio with the speech provider and counts the transcription", async () => {
    const c = await buildWorkspace(t, { fullName: "Jordan Rivera" });
    const call = await simulate(c);
    const form = await multipartBody([
      {
        name: "audio",
        data: recordingOf("my internet is down again and I work from home"),
        type: "audio/wav",
        filename: "recording.wav",
      },
    ]);
    const res = await c.post(`/api/calls/${call.id}/process-audio`, form.payload, { headers: form.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().transcription).toBe("my internet is down again and I work from home");
    expect(res.json().analysis.classification).toBe("support");
    const usage = await rows(
      t,
      sql`select transcriptions_used from usage_tracking where workspace_id = ${c.user!.workspace.id}`,
    );
    expect(usage[0]?.transcriptions_used).toBe(1);
  });

  it("refuses blank text, unknown calls and malformed ids", async () => {
    const c = await buildWorkspace(t, { fullName: "Jordan Rivera" });
    const call = await simulate(c);
    const blank = await say(c, call.id, "   ");
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe("Please type what the caller says");
    expect((await say(c, "00000000-0000-4000-8000-000000000000", "hi")).statusCode).toBe(404);
    const bad = await say(c, "not-a-uuid", "hi");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("That call id is not valid");
    const none = await c.post(`/api/calls/${call.id}/process-audio`, {});
    expect(none.statusCode).toBe(400);
  });

  it("holds, resumes, transfers and ends, recording each step", async () => {
    const c = await buildWorkspace(t, { fullName: "Jordan Rivera" });
    const call = await simulate(c);
    await say(c, call.id, "Hi, I have a question about my bill, there's a charge I don't recognise.");

    const held = await c.post(`/api/calls/${call.id}/hold`, { isOnHold: true });
    expect(held.json()).toMatchObject({ isOnHold: true, status: "on_hold" });
    const resumed = await c.post(`/api/calls/${call.id}/hold`, { isOnHold: false });
    expect(resumed.json()).toMatchObject({ isOnHold: false, status: "in_progress" });
    expect((await c.post(`/api/calls/${call.id}/hold`, { isOnHold: "yes" })).statusCode).toBe(400);

    const transferred = await c.post(`/api/calls/${call.id}/transfer`, {});
    expect(transferred.json().transferredAt).toBeTruthy();
    expect(transferred.json().actionTaken).toBe("Transferred to Jordan Rivera");
    const after = await say(c, call.id, "Hello, is this a real person now?");
    expect(after.json().response.text).toBeNull();

    const ended = await c.patch(`/api/calls/${call.id}`, {
      isActive: false,
      status: "completed",
      duration: 9999,
    });
    expect(ended.statusCode).toBe(200);
    const body = ended.json();
    expect(body).toMatchObject({ isActive: false, status: "completed", isOnHold: false });
    expect(body.duration).toBeLessThan(60);
    expect(body.endTime).toBeTruthy();
    expect(body.transcript).toMatch(
      /System: Caller placed on hold\nSystem: Call resumed[\s\S]*System: Call transferred to Jordan Rivera[\s\S]*System: Call ended$/,
    );
    expect((await c.post(`/api/calls/${call.id}/hold`, { isOnHold: true })).statusCode).toBe(409);
    expect((await c.post(`/api/calls/${call.id}/transfer`, {})).statusCode).toBe(409);

    const usage = await rows(
      t,
      sql`select calls_screened, call_minutes_used from usage_tracking where workspace_id = ${c.user!.workspace.id}`,
    );
    expect(usage[0]).toMatchObject({ calls_screened: 1, call_minutes_used: 1 });
  });

  it("lists the account's calls newest first, paged, and checks its parameters", async () => {
    const c = await buildWorkspace(t, { fullName: "Jordan Rivera" });
    const first = await simulate(c, "+15550000001");
    const second = await simulate(c, "+15550000002");
    const list = await c.get("/api/calls?limit=1");
    expect(list.statusCode).toBe(200);
    expect(list.json().calls.map((x: { id: string }) => x.id)).toEqual([second.id]);
    expect(list.json().pagination).toMatchObject({
      page: 1,
      limit: 1,
      total: 2,
      totalPages: 2,
      hasPrev: false,
      hasNext: true,
    });
    const active = await c.get("/api/calls?active=true");
    expect(
      active
        .json()
        .calls.map((x: { id: string }) => x.id)
        .sort(),
    ).toEqual([first.id, second.id].sort());
    for (const bad of [
      "limit=500",
      "page=0",
      "filter=weird",
      "sortBy=name",
      "sortOrder=sideways",
      "page=abc",
    ]) {
      const res = await c.get(`/api/calls?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it("reports today's figures on the dashboard", async () => {
    const c = await buildWorkspace(t, { fullName: "Jordan Rivera" });
    const empty = await c.get("/api/stats");
    expect(empty.json()).toEqual({
      todaysCalls: 0,
      spamBlocked: 0,
      appointments: 0,
      successRate: 0,
      testCallsToday: 0,
    });
    const scam = await simulate(c);
    await say(
      c,
      scam.id,
      "This is the Social Security Administration, your number has been suspended, press 1.",
    );
    const booking = await simulate(c);
    // A working day whatever today is ("tomorrow" on a Saturday is a closed Sunday).
    await say(c, booking.id, "Could you book me in for Wednesday at 11am?");
    await c.patch(`/api/calls/${booking.id}`, { isActive: false });
    const silent = await simulate(c);
    await c.patch(`/api/calls/${silent.id}`, { isActive: false });
    await simulate(c);
    const stats = (await c.get("/api/stats")).json();
    expect(stats).toEqual({
      todaysCalls: 4,
      spamBlocked: 1,
      appointments: 1,
      successRate: 67,
      testCallsToday: 0,
    });
  });
});
