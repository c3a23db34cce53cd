import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_AI_SETTINGS, DEFAULT_GREETING } from "../../../common/ai-settings";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildCall, buildWorkspace } from "../../test/factories";

const clock = new Date("2030-03-13T15:00:00.000Z"); // a Wednesday, 11:00 in New York
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

const SUPPORT = "Hey, my internet has been down since this morning.";

async function callAndSay(c: TestClient, text: string) {
  const call = await buildCall(c, { phoneNumber: "+15551234567", live: true });
  const turn = await c.post(`/api/calls/${call.id}/process-audio`, { text });
  expect(turn.statusCode).toBe(200);
  return { call, turn: turn.json() };
}

describe("GET /api/ai-settings", () => {
  it("answers the spec's defaults and the account's time zone", async () => {
    const c = await buildWorkspace(t);
    const res = await c.get("/api/ai-settings");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      personality: "professional",
      greetingMessage: DEFAULT_GREETING,
      autoBlockSpam: true,
      allowAppointments: true,
      forwardUrgent: false,
      appointmentDuration: 30,
      workingHours: DEFAULT_AI_SETTINGS.workingHours,
      timezone: "America/New_York",
    });
  });

  it("needs a session", async () => {
    expect((await t.client().get("/api/ai-settings")).statusCode).toBe(401);
    expect((await t.client().post("/api/ai-settings", { autoBlockSpam: false })).statusCode).toBe(401);
  });
});

describe("POST /api/ai-settings", () => {
  it("saves every field and reads them back", async () => {
    const c = await buildWorkspace(t);
    const body = {
      personality: "friendly",
      greetingMessage: "  Hi, Jordan's assistant here. What can I do for you?  ",
      autoBlockSpam: false,
      allowAppointments: false,
      forwardUrgent: true,
      appointmentDuration: 90,
      workingHours: { start: "08:30", end: "18:00", days: [6, 1, 2] },
      timezone: "Europe/London",
    };
    const res = await c.post("/api/ai-settings", body);
    expect(res.statusCode).toBe(200);
    const expected = {
      ...body,
      greetingMessage: "Hi, Jordan's assistant here. What can I do for you?",
      workingHours: { start: "08:30", end: "18:00", days: [1, 2, 6] },
    };
    expect(res.json()).toMatchObject(expected);
    expect((await c.get("/api/ai-settings")).json()).toMatchObject(expected);
    expect((await c.get("/api/user")).json().timezone).toBe("Europe/London");
  });

  it("saves one field at a time, leaving the others", async () => {
    const c = await buildWorkspace(t);
    await c.post("/api/ai-settings", { appointmentDuration: 45 });
    const res = await c.post("/api/ai-settings", { forwardUrgent: true });
    expect(res.json()).toMatchObject({ appointmentDuration: 45, forwardUrgent: true, autoBlockSpam: true });
    // The calendar panel on /appointments reads the same duration.
    expect((await c.get("/api/calendar/settings")).json().defaultDuration).toBe(45);
  });

  it("ignores a userId in the body: only the session's own settings change", async () => {
    const victim = await buildWorkspace(t);
    const c = await buildWorkspace(t);
    const res = await c.post("/api/ai-settings", { userId: victim.user!.id, autoBlockSpam: false });
    expect(res.statusCode).toBe(200);
    expect((await c.get("/api/ai-settings")).json().autoBlockSpam).toBe(false);
    expect((await victim.get("/api/ai-settings")).json().autoBlockSpam).toBe(true);
    expect((await c.post("/api/ai-settings", { userId: victim.user!.id })).statusCode).toBe(400);
  });

  it.each([
    [{ appointmentDuration: 20 }, "Appointment duration must be 30, 45, 60 or 90 minutes"],
    [{ personality: "grumpy" }, "Personality must be professional, friendly, casual or formal"],
    [{ greetingMessage: "   " }, "Please enter a greeting message"],
    [{ greetingMessage: "x".repeat(501) }, "The greeting must be at most 500 characters"],
    [
      { workingHours: { start: "17:00", end: "09:00", days: [1] } },
      "Working hours must end after they start",
    ],
    [{ workingHours: { start: "9am", end: "17:00", days: [1] } }, "Use a time like 09:00"],
    [{ workingHours: { start: "09:00", end: "17:00", days: [] } }, "Choose at least one working day"],
    [{ workingHours: { start: "09:00", end: "17:00", days: [0, 1] } }, "Days are 1 to 7, Monday is 1"],
    [{ workingHours: { start: "09:00", end: "17:00", days: [8] } }, "Days are 1 to 7, Monday is 1"],
    [{ workingHours: { start: "09:00", end: "17:00", days: [1, 1] } }, "Each day may appear once"],
    [{ timezone: "Mars/Olympus_Mons" }, "Choose a valid time zone"],
    [{}, "Send at least one setting to change"],
    [{ autoBlockSpam: "yes" }, "autoBlockSpam: Invalid input: expected boolean, received string"],
  ])("refuses %j with a message", async (body, message) => {
    const c = await buildWorkspace(t);
    const res = await c.post("/api/ai-settings", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await c.get("/api/ai-settings")).json().appointmentDuration).toBe(30);
  });

  it("refuses fields it does not know", async () => {
    const c = await buildWorkspace(t);
    const res = await c.post("/api/ai-settings", { calendarToken: "mine-now" });
    expect(res.statusCode).toBe(400);
  });
});

describe("the engine uses the new values on the next call", () => {
  it("greets with the new greeting", async () => {
    const c = await buildWorkspace(t);
    await c.post("/api/ai-settings", { greetingMessage: "Rivera Plumbing, how can we help?" });
    const call = await buildCall(c, { phoneNumber: "+15551234567", live: true });
    expect(call.transcript).toBe("AI: Rivera Plumbing, how can we help?");
  });

  it("stops blocking spam when auto-block is off", async () => {
    const c = await buildWorkspace(t);
    const spam = "Final notice about your car's extended warranty. Press 1 to speak to an agent.";
    expect((await callAndSay(c, spam)).turn.call.status).toBe("blocked");
    await c.post("/api/ai-settings", { autoBlockSpam: false });
    const { turn } = await callAndSay(c, spam);
    expect(turn.call).toMatchObject({ isActive: true, classification: "spam" });
    expect(turn.call.actionTaken).toMatch(/not blocked because auto-block is off/);
  });

  it("takes a message instead of booking when appointments are off", async () => {
    const c = await buildWorkspace(t);
    await c.post("/api/ai-settings", { allowAppointments: false });
    const { turn } = await callAndSay(c, "I'd like to book an appointment for next Tuesday at 2pm");
    expect(turn.analysis.appointment).toBeNull();
    expect(turn.response.text).toMatch(/not able to book appointments/);
  });

  it("books with the new appointment length", async () => {
    const c = await buildWorkspace(t);
    await c.post("/api/ai-settings", { appointmentDuration: 60 });
    const { turn } = await callAndSay(c, "Can I book an appointment next Tuesday at 2pm?");
    const { startTime, endTime } = turn.analysis.appointment;
    expect(new Date(endTime).getTime() - new Date(startTime).getTime()).toBe(60 * 60_000);
  });

  it("reads working hours and the time zone together", async () => {
    const c = await buildWorkspace(t);
    // 15:00 UTC is 11:00 in New York (open) but 00:00 in Tokyo (closed).
    expect((await callAndSay(c, SUPPORT)).turn.response.text).not.toMatch(/closed/);
    await c.post("/api/ai-settings", { timezone: "Asia/Tokyo" });
    const { turn } = await callAndSay(c, SUPPORT);
    expect(turn.response.text).toMatch(
      /We're closed right now; our hours are Monday to Friday, 9 AM to 5 PM/,
    );
    await c.post("/api/ai-settings", {
      workingHours: { start: "00:00", end: "23:59", days: [1, 2, 3, 4, 5, 6, 7] },
    });
    expect((await callAndSay(c, SUPPORT)).turn.response.text).not.toMatch(/closed/);
  });

  it("speaks in the chosen personality", async () => {
    const c = await buildWorkspace(t);
    await c.post("/api/ai-settings", { personality: "casual" });
    const { call } = await callAndSay(c, SUPPORT);
    const end = await c.post(`/api/calls/${call.id}/process-audio`, { text: "No thanks, bye" });
    expect(end.json().response.text).toBe("Thanks for calling. Take care!");
  });
});
