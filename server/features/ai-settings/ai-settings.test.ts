import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  AI_DISCLOSURE_MESSAGE,
  CUSTOM_INSTRUCTIONS_MAX,
  CUSTOM_INSTRUCTIONS_TOO_LONG,
  DAY_HOURS_NOT_WORKING,
  DAY_HOURS_ORDER_MESSAGE,
  DEFAULT_AI_SETTINGS,
  DEFAULT_GREETING,
} from "../../../common/ai-settings";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildCall, buildMember, buildWorkspace } from "../../test/factories";
import { type FakeChatServer, startFakeChatServer, streamedReply } from "../../test/fake-chat-server";

const clock = new Date("2030-03-13T15:00:00.000Z"); // a Wednesday, 11:00 in New York
let t: TestApp;
/** An app whose calls are answered by a language model (a local OpenAI-compatible server). */
let withModel: TestApp;
let model: FakeChatServer;
beforeAll(async () => {
  model = await startFakeChatServer();
  t = await createTestApp({}, { now: () => clock });
  withModel = await createTestApp(
    { llm: { baseUrl: model.baseUrl, apiKey: "k", model: "m", timeoutMs: 2_000 } },
    { now: () => clock },
  );
});
afterAll(async () => {
  await t?.close();
  await withModel?.close();
  await model?.close();
});
beforeEach(() => model.reset());

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
      customInstructions: "",
      aiDisclosure: "outbound",
      businessHours: "",
      businessHoursReading: null,
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
    [{ customInstructions: "x".repeat(CUSTOM_INSTRUCTIONS_MAX + 1) }, CUSTOM_INSTRUCTIONS_TOO_LONG],
    [{ aiDisclosure: "sometimes" }, AI_DISCLOSURE_MESSAGE],
    [{ businessHours: "9".repeat(201) }, "The business hours must be at most 200 characters"],
    [
      {
        workingHours: {
          start: "09:00",
          end: "17:00",
          days: [1, 2, 3, 4, 5],
          dayHours: [{ day: 6, start: "09:00", end: "12:00" }],
        },
      },
      DAY_HOURS_NOT_WORKING,
    ],
    [
      {
        workingHours: {
          start: "09:00",
          end: "17:00",
          days: [1, 6],
          dayHours: [{ day: 6, start: "12:00", end: "09:00" }],
        },
      },
      DAY_HOURS_ORDER_MESSAGE,
    ],
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

describe("custom instructions and AI disclosure", () => {
  it("saves them, reads them back and clears the instructions with empty text", async () => {
    const c = await buildWorkspace(t);
    const instructions = "  Never quote prices over the phone; offer a free estimate visit instead.  ";
    const res = await c.post("/api/ai-settings", {
      customInstructions: instructions,
      aiDisclosure: "always",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ customInstructions: instructions.trim(), aiDisclosure: "always" });
    expect((await c.get("/api/ai-settings")).json()).toMatchObject({
      customInstructions: instructions.trim(),
      aiDisclosure: "always",
    });

    // Exactly the limit is accepted.
    const longest = "y".repeat(CUSTOM_INSTRUCTIONS_MAX);
    expect(
      (await c.post("/api/ai-settings", { customInstructions: longest })).json().customInstructions,
    ).toBe(longest);
    const cleared = await c.post("/api/ai-settings", { customInstructions: "", aiDisclosure: "never" });
    expect(cleared.json()).toMatchObject({ customInstructions: "", aiDisclosure: "never" });
  });

  it("an agent may read them but not change them", async () => {
    const c = await buildWorkspace(t);
    const agent = await buildMember(t, c, "agent");
    expect((await agent.get("/api/ai-settings")).json().aiDisclosure).toBe("outbound");
    const res = await agent.post("/api/ai-settings", { aiDisclosure: "never" });
    expect(res.statusCode).toBe(403);
    expect((await c.get("/api/ai-settings")).json().aiDisclosure).toBe("outbound");
  });

  it("reach the calls: an inbound opening says it is automated, the model is told the instructions", async () => {
    const c = await buildWorkspace(withModel, { fullName: "Jordan Rivera" });
    const instructions = "Always mention our spring discount of 15% on boiler servicing.";

    // Before: an inbound call's opening is the greeting alone (disclosure is for outbound calls).
    const before = await buildCall(c, { phoneNumber: "+12125550147", live: true });
    expect(before.transcript).toBe(`AI: ${DEFAULT_GREETING}`);

    const saved = await c.post("/api/ai-settings", {
      customInstructions: instructions,
      aiDisclosure: "always",
    });
    expect(saved.statusCode).toBe(200);

    const call = await buildCall(c, { phoneNumber: "+12125550148", live: true });
    expect(call.direction).toBe("inbound");
    expect(call.transcript).toMatch(/^AI: .*\bautomated assistant\b/);

    model.answerTurns(streamedReply("Happy to help. Our boiler servicing is 15% off this spring."));
    const turn = await c.post(`/api/calls/${call.id}/process-audio`, { text: "Do you service boilers?" });
    expect(turn.statusCode, turn.body).toBe(200);
    expect(turn.json().response.text).toBe("Happy to help. Our boiler servicing is 15% off this spring.");
    expect(model.turns).toHaveLength(1);
    const system = model.turns[0]?.body.messages[0];
    expect(system?.role).toBe("system");
    expect(system?.content).toContain(`The owner's instructions: ${instructions}`);
  });
});

describe("business hours in the owner's words", () => {
  const SATURDAY_MORNINGS = {
    start: "08:00",
    end: "16:00",
    days: [1, 2, 3, 4, 5, 6],
    dayHours: [{ day: 6, start: "09:00", end: "12:00" }],
  };

  it("sign-up's text becomes the working hours the calls book in", async () => {
    const c = await buildWorkspace(t, {
      planType: "business",
      businessInfo: { companyName: "Rivera Plumbing", businessHours: "Mon-Fri 8am-4pm, Sat 9-12" },
    });
    const settings = (await c.get("/api/ai-settings")).json();
    expect(settings).toMatchObject({
      businessHours: "Mon-Fri 8am-4pm, Sat 9-12",
      workingHours: SATURDAY_MORNINGS,
      businessHoursReading: SATURDAY_MORNINGS,
    });

    // Saturday 16 March 2030 (New York); the clock is Wednesday the 13th at 11:00.
    const saturdayAt = (hour: number) => new Date(Date.UTC(2030, 2, 16, hour + 4)).toISOString();

    // Asked for Saturday, the first opening offered is 9:00.
    const asked = await callAndSay(c, "Can I book an appointment on Saturday?");
    expect(asked.turn.analysis.appointment).toBeNull();
    expect(asked.turn.response.text).toMatch(/Saturday, March 16 at 9:00 AM/);
    const taken = await c.post(`/api/calls/${asked.call.id}/process-audio`, { text: "Yes, that works." });
    expect(taken.json().analysis.appointment?.startTime).toBe(saturdayAt(9));

    // Saturday at 14:00 is after Saturday's closing: refused as closed, with each day's hours named.
    const afternoon = await callAndSay(c, "I'd like to book an appointment Saturday at 2pm");
    expect(afternoon.turn.analysis.appointment).toBeNull();
    expect(afternoon.turn.response.text).toMatch(
      /outside our working hours \(Monday to Friday, 8 AM to 4 PM; Saturday, 9 AM to 12 PM\)/,
    );
    // The nearest slot offered instead is the last before Saturday's noon closing (9:00 is taken).
    expect(afternoon.turn.response.text).toMatch(/The nearest opening is Saturday, March 16 at 11:30 AM/);

    // Sunday is closed.
    const sunday = await callAndSay(c, "I'd like to book an appointment Sunday at 10am");
    expect(sunday.turn.analysis.appointment).toBeNull();
    expect(sunday.turn.response.text).toMatch(/outside our working hours/);
    expect(sunday.turn.response.text).toMatch(/The nearest opening is Monday, March 18 at 8:00 AM/);

    // Weekdays keep their longer hours: Friday at 15:00 is booked.
    const friday = await callAndSay(c, "I'd like to book an appointment Friday at 3pm");
    const fridayAtThree = new Date(Date.UTC(2030, 2, 15, 19)).toISOString();
    expect(friday.turn.analysis.appointment?.startTime).toBe(fridayAtThree);

    const booked = (await c.get("/api/appointments")).json() as { startTime: string }[];
    expect(booked.map((a) => a.startTime).sort()).toEqual([fridayAtThree, saturdayAt(9)]);
  });

  it("text that cannot be read is kept and leaves the working hours as they were", async () => {
    const c = await buildWorkspace(t, {
      planType: "business",
      businessInfo: { companyName: "Vague Ltd", businessHours: "By appointment, call ahead" },
    });
    expect((await c.get("/api/ai-settings")).json()).toMatchObject({
      businessHours: "By appointment, call ahead",
      workingHours: DEFAULT_AI_SETTINGS.workingHours,
      businessHoursReading: null,
    });
    // The assistant still tells callers the text as a fact.
    const { turn } = await callAndSay(c, "What are your business hours?");
    expect(turn.response.text).toMatch(/By appointment, call ahead|Monday to Friday/);
  });

  it("edited in Settings, readable text changes the working hours; unreadable text only itself", async () => {
    const c = await buildWorkspace(t);
    const read = await c.post("/api/ai-settings", { businessHours: "Tues–Sat 8:30am – 4:30pm, closed Sun" });
    expect(read.statusCode).toBe(200);
    const tuesdayToSaturday = { start: "08:30", end: "16:30", days: [2, 3, 4, 5, 6] };
    expect(read.json()).toMatchObject({
      businessHours: "Tues–Sat 8:30am – 4:30pm, closed Sun",
      workingHours: tuesdayToSaturday,
      businessHoursReading: tuesdayToSaturday,
    });

    const unread = await c.post("/api/ai-settings", { businessHours: "Mornings, mostly" });
    expect(unread.json()).toMatchObject({
      businessHours: "Mornings, mostly",
      workingHours: tuesdayToSaturday,
      businessHoursReading: null,
    });

    // Working hours sent with the text win over the text.
    const both = await c.post("/api/ai-settings", {
      businessHours: "open 24/7",
      workingHours: { start: "10:00", end: "14:00", days: [3] },
    });
    expect(both.json().workingHours).toEqual({ start: "10:00", end: "14:00", days: [3] });

    const cleared = await c.post("/api/ai-settings", { businessHours: "" });
    expect(cleared.json()).toMatchObject({ businessHours: "", businessHoursReading: null });
    expect(cleared.json().workingHours).toEqual({ start: "10:00", end: "14:00", days: [3] });
  });

  it("a day's own hours are saved with the working hours, and dropped when equal to the usual ones", async () => {
    const c = await buildWorkspace(t);
    const res = await c.post("/api/ai-settings", {
      workingHours: {
        start: "09:00",
        end: "17:00",
        days: [1, 2, 3, 4, 5, 6],
        dayHours: [
          { day: 6, start: "10:00", end: "13:00" },
          { day: 2, start: "09:00", end: "17:00" },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().workingHours).toEqual({
      start: "09:00",
      end: "17:00",
      days: [1, 2, 3, 4, 5, 6],
      dayHours: [{ day: 6, start: "10:00", end: "13:00" }],
    });
  });
});
