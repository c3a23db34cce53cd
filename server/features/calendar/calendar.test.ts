import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildAppointment, buildCall, buildWorkspace } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Settings = { defaultDuration: number; bufferMinutes: number; feedUrlPath: string | null };

async function turnOnFeed(c: TestClient): Promise<string> {
  const res = await c.post("/api/calendar/feed");
  expect(res.statusCode, res.body).toBe(200);
  const path = (res.json() as Settings).feedUrlPath;
  expect(path).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  return path!;
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      status: vevent.getFirstPropertyValue("status"),
      stamp: String(vevent.getFirstPropertyValue("dtstamp")),
    };
  });
  return { calendar, events };
}

describe("calendar settings", () => {
  it("starts with the account's defaults and no feed", async () => {
    const c = await buildWorkspace(t);
    const res = await c.get("/api/calendar/settings");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ defaultDuration: 30, bufferMinutes: 0, feedUrlPath: null });
  });

  it("saves duration and buffer, together or one at a time", async () => {
    const c = await buildWorkspace(t);
    const both = await c.put("/api/calendar/settings", { defaultDuration: 45, bufferMinutes: 15 });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toEqual({ defaultDuration: 45, bufferMinutes: 15, feedUrlPath: null });
    await c.put("/api/calendar/settings", { bufferMinutes: 30 });
    await c.put("/api/calendar/settings", { defaultDuration: 90 });
    expect((await c.get("/api/calendar/settings")).json()).toEqual({
      defaultDuration: 90,
      bufferMinutes: 30,
      feedUrlPath: null,
    });
    const other = await buildWorkspace(t);
    expect((await other.get("/api/calendar/settings")).json()).toMatchObject({
      defaultDuration: 30,
      bufferMinutes: 0,
    });
  });

  it.each([
    [{ defaultDuration: 20 }, "Default duration must be 30, 45, 60 or 90 minutes"],
    [{ defaultDuration: "60" }, "Default duration must be 30, 45, 60 or 90 minutes"],
    [{ bufferMinutes: 10 }, "Buffer time must be 0, 15 or 30 minutes"],
    [{ bufferMinutes: null }, "Buffer time must be 0, 15 or 30 minutes"],
    [{}, "Send defaultDuration or bufferMinutes"],
  ])("refuses %j with a clear message", async (body, message) => {
    const c = await buildWorkspace(t);
    const res = await c.put("/api/calendar/settings", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await c.get("/api/calendar/settings")).json()).toMatchObject({
      defaultDuration: 30,
      bufferMinutes: 0,
    });
  });

  it("needs a session", async () => {
    const anonymous = t.client();
    expect((await anonymous.get("/api/calendar/settings")).statusCode).toBe(401);
    expect((await anonymous.put("/api/calendar/settings", { bufferMinutes: 15 })).statusCode).toBe(401);
    expect((await anonymous.post("/api/calendar/feed")).statusCode).toBe(401);
    expect((await anonymous.delete("/api/calendar/feed")).statusCode).toBe(401);
  });
});

describe("the call engine uses the saved duration and buffer", () => {
  async function book(c: TestClient, phoneNumber: string, words: string) {
    const call = await buildCall(c, { phoneNumber, callerName: "Caller", live: true });
    const res = await c.post(`/api/calls/${call.id}/process-audio`, { text: words });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it("books the default length and keeps the buffer free after an appointment", async () => {
    const c = await buildWorkspace(t);
    await c.put("/api/calendar/settings", { defaultDuration: 45, bufferMinutes: 30 });
    const first = await book(c, "+15557650001", "Hi, can I book an appointment for next Tuesday at 2pm?");
    expect(first.analysis.appointment).not.toBeNull();
    const [booked] = (await c.get("/api/appointments")).json();
    expect(new Date(booked.endTime).getTime() - new Date(booked.startTime).getTime()).toBe(45 * 60_000);

    // 14:45 plus a 30-minute buffer reaches past 15:00, so 3pm is offered elsewhere.
    const second = await book(c, "+15557650002", "Hi, can I book an appointment for next Tuesday at 3pm?");
    expect(second.analysis.appointment).toBeNull();
    expect(second.call.actionTaken).toMatch(/^Offered/);

    // With no buffer the same time is free.
    await c.put("/api/calendar/settings", { bufferMinutes: 0 });
    const third = await book(c, "+15557650003", "Hi, can I book an appointment for next Tuesday at 3pm?");
    expect(third.analysis.appointment).not.toBeNull();
  });
});

describe("the private calendar feed", () => {
  it("turns on, serves iCalendar that parses back, and lists the account's appointments", async () => {
    // A personal workspace is named after its owner, and so is the feed.
    const c = await buildWorkspace(t, { planType: "personal", fullName: "Jordan Rivera" });
    const path = await turnOnFeed(c);
    expect((await c.get("/api/calendar/settings")).json().feedUrlPath).toBe(path);

    const created = await buildAppointment(c, {
      title: "Review: roof, gutters; and windows",
      description: "Line one\nLine two, with a comma; and a semicolon \\ backslash",
      attendeeName: "Dana Whitfield",
      attendeeEmail: "dana@example.com",
      attendeePhone: "(555) 123-4567",
    });
    await buildAppointment(c, {
      title: "Second",
      startTime: "2031-03-05T09:30:00.000Z",
      endTime: "2031-03-05T10:15:00.000Z",
    });

    // No session is needed: a calendar app fetches it.
    const res = await t.client().get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    // Never cached: a renewed or revoked address must stop answering at once.
    expect(res.headers["cache-control"]).toBe("no-store");
    const text = res.body;
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text).toContain("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:");
    expect(text).toContain("SUMMARY:Review: roof\\, gutters\\; and windows");
    expect(text).toContain("DTSTART:20310304T140000Z");
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const { calendar, events } = parse(text);
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Appointments (Jordan Rivera)");
    expect(calendar.getFirstPropertyValue("x-wr-timezone")).toBe("America/New_York");
    expect(events).toHaveLength(2);
    const [first, second] = events;
    expect(first).toMatchObject({
      uid: `${created.id}@ai-platform`,
      summary: "Review: roof, gutters; and windows",
      start: "2031-03-04T14:00:00.000Z",
      end: "2031-03-04T15:00:00.000Z",
      status: "CONFIRMED",
    });
    expect(first!.description).toBe(
      "Line one\nLine two, with a comma; and a semicolon \\ backslash\n\n" +
        "Client: Dana Whitfield\nEmail: dana@example.com\nPhone: (555) 123-4567",
    );
    expect(first!.stamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(second).toMatchObject({
      summary: "Second",
      start: "2031-03-05T09:30:00.000Z",
      end: "2031-03-05T10:15:00.000Z",
    });
  });

  it("folds long lines without breaking characters, and parses them back whole", async () => {
    const c = await buildWorkspace(t);
    const path = await turnOnFeed(c);
    const title = `Réunion très importante — ${"é".repeat(60)} ✓ done`;
    const description = `Notes: ${"ünïcödé, ".repeat(40)}\nend`;
    await buildAppointment(c, { title, description });
    const text = (await t.client().get(path)).body;
    const lines = text.split("\r\n");
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).not.toContain("\uFFFD");
    const [event] = parse(text).events;
    expect(event!.summary).toBe(title);
    expect(event!.description).toBe(description.trim());
  });

  it("leaves out cancelled appointments and keeps completed ones", async () => {
    const c = await buildWorkspace(t);
    const path = await turnOnFeed(c);
    const kept = await buildAppointment(c, { title: "Kept" });
    // At other times of the day: overlapping ones would need allowOverlap.
    const cancelled = await buildAppointment(c, {
      title: "Called off",
      startTime: "2031-03-04T16:00:00.000Z",
      endTime: "2031-03-04T17:00:00.000Z",
    });
    const done = await buildAppointment(c, {
      title: "Done",
      startTime: "2031-03-04T18:00:00.000Z",
      endTime: "2031-03-04T19:00:00.000Z",
    });
    await c.patch(`/api/appointments/${cancelled.id}`, { status: "cancelled" });
    await c.patch(`/api/appointments/${done.id}`, { status: "completed" });
    const { events } = parse((await t.client().get(path)).body);
    expect(events.map((e) => e.uid).sort()).toEqual(
      [`${kept.id}@ai-platform`, `${done.id}@ai-platform`].sort(),
    );
    expect(events.every((e) => e.status === "CONFIRMED")).toBe(true);
    expect(events.map((e) => e.summary)).not.toContain("Called off");
  });

  it("shows edits in the feed", async () => {
    const c = await buildWorkspace(t);
    const path = await turnOnFeed(c);
    const created = await buildAppointment(c, { title: "Before" });
    await c.patch(`/api/appointments/${created.id}`, {
      title: "After",
      startTime: "2031-03-06T18:00:00Z",
      endTime: "2031-03-06T18:30:00Z",
    });
    const [event] = parse((await t.client().get(path)).body).events;
    expect(event).toMatchObject({
      summary: "After",
      start: "2031-03-06T18:00:00.000Z",
      end: "2031-03-06T18:30:00.000Z",
    });
  });

  it("opens only its own account's feed", async () => {
    const a = await buildWorkspace(t);
    const b = await buildWorkspace(t);
    const pathA = await turnOnFeed(a);
    const pathB = await turnOnFeed(b);
    expect(pathA).not.toBe(pathB);
    await buildAppointment(a, { title: "A's appointment" });
    await buildAppointment(b, { title: "B's appointment" });
    expect(parse((await t.client().get(pathA)).body).events.map((e) => e.summary)).toEqual([
      "A's appointment",
    ]);
    expect(parse((await t.client().get(pathB)).body).events.map((e) => e.summary)).toEqual([
      "B's appointment",
    ]);
  });

  it("renewing gives a new address and the old one answers 404", async () => {
    const c = await buildWorkspace(t);
    const old = await turnOnFeed(c);
    const renewed = await turnOnFeed(c);
    expect(renewed).not.toBe(old);
    expect((await t.client().get(old)).statusCode).toBe(404);
    expect((await t.client().get(renewed)).statusCode).toBe(200);
    expect((await c.get("/api/calendar/settings")).json().feedUrlPath).toBe(renewed);
  });

  it("turning it off revokes the address", async () => {
    const c = await buildWorkspace(t);
    const path = await turnOnFeed(c);
    const off = await c.delete("/api/calendar/feed");
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ defaultDuration: 30, bufferMinutes: 0, feedUrlPath: null });
    const res = await t.client().get(path);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("That calendar was not found");
    // Off twice is still off.
    expect((await c.delete("/api/calendar/feed")).json().feedUrlPath).toBeNull();
  });

  it("answers 404 to unknown or malformed tokens", async () => {
    const unknown = `/api/calendar/${"A".repeat(43)}.ics`;
    expect((await t.client().get(unknown)).statusCode).toBe(404);
    expect((await t.client().get("/api/calendar/short.ics")).statusCode).toBe(404);
    expect((await t.client().get("/api/calendar/.ics")).statusCode).toBe(404);
    expect((await t.client().get(`/api/calendar/${"x".repeat(90)}.ics`)).statusCode).toBe(404);
    // Too long to be a token: the route's schema refuses it...
    expect((await t.client().get(`/api/calendar/${"x".repeat(300)}.ics`)).statusCode).toBe(400);
    // ...and Fastify refuses parameters over 512 characters (a signed unsubscribe link's length)
    // before the route runs.
    expect((await t.client().get(`/api/calendar/${"x".repeat(600)}.ics`)).statusCode).toBe(414);
  });
});
