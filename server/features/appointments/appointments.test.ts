import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppointmentCreate } from "../../../common/appointments";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildAppointment, buildWorkspace } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sample = {
  title: "Kitchen remodel consultation",
  description: "Bring the floor plan",
  startTime: "2031-03-04T14:00:00.000Z",
  endTime: "2031-03-04T15:00:00.000Z",
  attendeeName: "Dana Whitfield",
  attendeeEmail: "dana@example.com",
  attendeePhone: "(555) 123-4567",
};

const create = (c: TestClient, fields: Partial<AppointmentCreate> = {}) =>
  buildAppointment(c, { ...sample, ...fields });

describe("creating and listing", () => {
  it("creates a scheduled appointment with every field and lists it", async () => {
    const c = await buildWorkspace(t);
    const created = await create(c);
    expect(created).toMatchObject({ ...sample, status: "scheduled", callId: null });
    const list = await c.get("/api/appointments");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([created]);
  });

  it("stores empty optional fields as null and accepts a time with an offset", async () => {
    const c = await buildWorkspace(t);
    const created = await create(c, {
      description: "",
      attendeeName: "  ",
      attendeeEmail: "",
      attendeePhone: null,
      startTime: "2031-03-04T09:00:00-05:00",
      endTime: "2031-03-04T10:30:00-05:00",
    });
    expect(created).toMatchObject({
      description: null,
      attendeeName: null,
      attendeeEmail: null,
      attendeePhone: null,
      startTime: "2031-03-04T14:00:00.000Z",
      endTime: "2031-03-04T15:30:00.000Z",
    });
  });

  it("lists only the account's own appointments, by start time", async () => {
    const a = await buildWorkspace(t);
    const b = await buildWorkspace(t);
    await create(a, { title: "Later", startTime: "2031-05-01T10:00:00Z", endTime: "2031-05-01T11:00:00Z" });
    await create(a, { title: "Sooner", startTime: "2031-04-01T10:00:00Z", endTime: "2031-04-01T11:00:00Z" });
    await create(b, { title: "Not yours" });
    const titles = (await a.get("/api/appointments")).json().map((x: { title: string }) => x.title);
    expect(titles).toEqual(["Sooner", "Later"]);
  });
});

describe("create validation", () => {
  it.each([
    ["a missing title", { title: undefined }, "Please fill in all required fields"],
    ["a blank title", { title: "   " }, "Please fill in all required fields"],
    [
      "an end before the start",
      { endTime: "2031-03-04T13:00:00.000Z" },
      "The end time must be after the start time",
    ],
    ["an end equal to the start", { endTime: sample.startTime }, "The end time must be after the start time"],
    ["a bad email", { attendeeEmail: "not-an-email" }, "Please enter a valid client email"],
    ["a bad status", { status: "postponed" }, "Status must be scheduled, completed or cancelled"],
    ["a start that is not a date", { startTime: "tomorrow at 2" }, "startTime must be a date and time"],
    ["a title too long", { title: "x".repeat(201) }, "Title must be at most 200 characters"],
    [
      "a start that has already passed",
      { startTime: "2020-03-04T14:00:00.000Z", endTime: "2020-03-04T15:00:00.000Z" },
      "That time has already passed. Choose a start time in the future.",
    ],
    [
      "an appointment longer than a day",
      { endTime: "2031-03-05T14:01:00.000Z" },
      "An appointment can last at most 24 hours",
    ],
    ["allowOverlap that is not true or false", { allowOverlap: "yes" }, "allowOverlap must be true or false"],
  ])("refuses %s with a message a person can act on", async (_, fields, message) => {
    const c = await buildWorkspace(t);
    const res = await c.post("/api/appointments", { ...sample, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await c.get("/api/appointments")).json()).toEqual([]);
  });
});

describe("editing", () => {
  it("changes the title and times, keeping what was not sent", async () => {
    const c = await buildWorkspace(t);
    const created = await create(c);
    const res = await c.patch(`/api/appointments/${created.id}`, {
      title: "Moved consultation",
      startTime: "2031-03-05T16:00:00.000Z",
      endTime: "2031-03-05T16:45:00.000Z",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...created,
      title: "Moved consultation",
      startTime: "2031-03-05T16:00:00.000Z",
      endTime: "2031-03-05T16:45:00.000Z",
    });
    expect((await c.get("/api/appointments")).json()).toEqual([res.json()]);
  });

  it("clears optional fields sent empty", async () => {
    const c = await buildWorkspace(t);
    const created = await create(c);
    const res = await c.patch(`/api/appointments/${created.id}`, {
      description: "",
      attendeeEmail: "",
      attendeePhone: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      description: null,
      attendeeEmail: null,
      attendeePhone: null,
      attendeeName: sample.attendeeName,
    });
  });

  it("cancels by setting the status, and can mark one completed", async () => {
    const c = await buildWorkspace(t);
    const first = await create(c);
    const second = await create(c, {
      title: "Second",
      startTime: "2031-03-05T14:00:00.000Z",
      endTime: "2031-03-05T15:00:00.000Z",
    });
    const cancelled = await c.patch(`/api/appointments/${first.id}`, { status: "cancelled" });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe("cancelled");
    const completed = await c.patch(`/api/appointments/${second.id}`, { status: "completed" });
    expect(completed.json().status).toBe("completed");
    const statuses = (await c.get("/api/appointments")).json().map((x: { status: string }) => x.status);
    expect(statuses.sort()).toEqual(["cancelled", "completed"]);
  });

  it.each([
    ["a blank title", { title: "" }, "Please fill in all required fields"],
    [
      "an end before the start",
      { startTime: "2031-03-04T15:00:00Z", endTime: "2031-03-04T14:00:00Z" },
      "The end time must be after the start time",
    ],
    [
      "a new start after the stored end",
      { startTime: "2031-03-04T16:00:00Z" },
      "The end time must be after the start time",
    ],
    [
      "a new end before the stored start",
      { endTime: "2031-03-04T13:59:00Z" },
      "The end time must be after the start time",
    ],
    ["a bad email", { attendeeEmail: "dana@" }, "Please enter a valid client email"],
    ["a bad status", { status: "done" }, "Status must be scheduled, completed or cancelled"],
    ["nothing to change", {}, "Send at least one field to change"],
  ])("refuses %s", async (_, body, message) => {
    const c = await buildWorkspace(t);
    const created = await create(c);
    const res = await c.patch(`/api/appointments/${created.id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await c.get("/api/appointments")).json()).toEqual([created]);
  });

  it("answers 404 for another account's appointment and leaves it alone", async () => {
    const owner = await buildWorkspace(t);
    const intruder = await buildWorkspace(t);
    const created = await create(owner);
    const res = await intruder.patch(`/api/appointments/${created.id}`, { status: "cancelled" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("That appointment was not found");
    expect((await owner.get("/api/appointments")).json()).toEqual([created]);
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    const c = await buildWorkspace(t);
    const unknown = await c.patch("/api/appointments/6f1c1b8e-3c1a-4d5e-9f00-000000000001", { title: "x" });
    expect(unknown.statusCode).toBe(404);
    const malformed = await c.patch("/api/appointments/not-an-id", { title: "x" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("That appointment id is not valid");
  });

  it("needs a session", async () => {
    const res = await t
      .client()
      .patch("/api/appointments/6f1c1b8e-3c1a-4d5e-9f00-000000000001", { title: "x" });
    expect(res.statusCode).toBe(401);
  });
});

describe("times in the past", () => {
  it("refuses a scheduled start in the past with a 400 that says why, and stores nothing", async () => {
    const c = await buildWorkspace(t);
    const yesterday = Date.now() - 24 * 3600_000;
    const res = await c.post("/api/appointments", {
      ...sample,
      startTime: new Date(yesterday).toISOString(),
      endTime: new Date(yesterday + 3600_000).toISOString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "That time has already passed. Choose a start time in the future.",
      issues: [
        { path: "startTime", message: "That time has already passed. Choose a start time in the future." },
      ],
    });
    expect((await c.get("/api/appointments")).json()).toEqual([]);
  });

  it("accepts a start in the current minute (the form has no seconds)", async () => {
    const c = await buildWorkspace(t);
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    const res = await c.post("/api/appointments", {
      ...sample,
      startTime: new Date(minute).toISOString(),
      endTime: new Date(minute + 3600_000).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it("refuses moving an appointment into the past", async () => {
    const c = await buildWorkspace(t);
    const created = await create(c);
    const res = await c.patch(`/api/appointments/${created.id}`, {
      startTime: "2021-03-04T14:00:00.000Z",
      endTime: "2021-03-04T15:00:00.000Z",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("That time has already passed. Choose a start time in the future.");
    expect((await c.get("/api/appointments")).json()).toEqual([created]);
  });
});

describe("overlapping appointments", () => {
  const overlapping = {
    title: "Roof inspection",
    startTime: "2031-03-04T14:30:00.000Z",
    endTime: "2031-03-04T15:30:00.000Z",
  };

  it("refuses an overlap with 409, naming the appointment and its time in the account's zone", async () => {
    const c = await buildWorkspace(t);
    const first = await create(c);
    const res = await c.post("/api/appointments", overlapping);
    expect(res.statusCode).toBe(409);
    // 14:00 UTC is 9:00 AM in New York, the account's zone.
    expect(res.json()).toEqual({
      message: "This overlaps with Kitchen remodel consultation at Tuesday, March 4 at 9:00 AM.",
      overlaps: [first],
    });
    expect((await c.get("/api/appointments")).json()).toEqual([first]);
  });

  it("books it anyway with allowOverlap", async () => {
    const c = await buildWorkspace(t);
    const first = await create(c);
    const second = await create(c, { ...overlapping, allowOverlap: true });
    expect(second).toMatchObject({ title: "Roof inspection", status: "scheduled" });
    expect((await c.get("/api/appointments")).json()).toEqual([first, second]);
  });

  it("names how many others it overlaps", async () => {
    const c = await buildWorkspace(t);
    await create(c);
    await create(c, { ...overlapping, allowOverlap: true });
    const res = await c.post("/api/appointments", {
      title: "Third",
      startTime: "2031-03-04T13:00:00.000Z",
      endTime: "2031-03-04T16:00:00.000Z",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "This overlaps with Kitchen remodel consultation at Tuesday, March 4 at 9:00 AM (and 1 other appointment).",
    );
    expect(res.json().overlaps.map((a: { title: string }) => a.title)).toEqual([
      "Kitchen remodel consultation",
      "Roof inspection",
    ]);
  });

  it("does not count back-to-back, cancelled or completed appointments, or another account's", async () => {
    const c = await buildWorkspace(t);
    const other = await buildWorkspace(t);
    await create(other, overlapping);
    const first = await create(c);
    // Starts when the first ends.
    await create(c, { title: "Next", startTime: sample.endTime, endTime: "2031-03-04T16:00:00.000Z" });
    await c.patch(`/api/appointments/${first.id}`, { status: "cancelled" });
    // The cancelled one's time, back to back with "Next", over the other account's.
    await create(c, { title: "In its place" });
    const done = await create(c, {
      title: "Done early",
      startTime: "2031-03-06T14:00:00.000Z",
      endTime: "2031-03-06T15:00:00.000Z",
    });
    await c.patch(`/api/appointments/${done.id}`, { status: "completed" });
    await create(c, { title: "Same slot", startTime: done.startTime, endTime: done.endTime });
  });

  it("refuses moving one onto another unless allowOverlap, and lets its other fields change", async () => {
    const c = await buildWorkspace(t);
    const first = await create(c);
    const second = await create(c, {
      title: "Later",
      startTime: "2031-03-04T18:00:00.000Z",
      endTime: "2031-03-04T19:00:00.000Z",
    });
    const moved = await c.patch(`/api/appointments/${second.id}`, {
      startTime: overlapping.startTime,
      endTime: overlapping.endTime,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(
      "This overlaps with Kitchen remodel consultation at Tuesday, March 4 at 9:00 AM.",
    );
    expect(moved.json().overlaps).toEqual([first]);

    const anyway = await c.patch(`/api/appointments/${second.id}`, {
      startTime: overlapping.startTime,
      endTime: overlapping.endTime,
      allowOverlap: true,
    });
    expect(anyway.statusCode, anyway.body).toBe(200);
    // Already overlapping: renaming it is not a new booking.
    const renamed = await c.patch(`/api/appointments/${second.id}`, { title: "Renamed" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // allowOverlap alone changes nothing.
    const nothing = await c.patch(`/api/appointments/${second.id}`, { allowOverlap: true });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe("Send at least one field to change");
  });

  it("refuses restoring a cancelled appointment onto a time taken since", async () => {
    const c = await buildWorkspace(t);
    const first = await create(c);
    await c.patch(`/api/appointments/${first.id}`, { status: "cancelled" });
    const taker = await create(c, { title: "Took the slot" });
    const res = await c.patch(`/api/appointments/${first.id}`, { status: "scheduled" });
    expect(res.statusCode).toBe(409);
    expect(res.json().overlaps).toEqual([taker]);
  });

  it("lets only one of two simultaneous bookings of the same time through", async () => {
    const c = await buildWorkspace(t);
    const answers = await Promise.all([
      c.post("/api/appointments", { ...sample, title: "First try" }),
      c.post("/api/appointments", { ...sample, title: "Second try" }),
      c.post("/api/appointments", { ...sample, title: "Third try" }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await c.get("/api/appointments")).json()).toHaveLength(1);
  });
});

describe("listing by page and filter", () => {
  // A clock the tests move: appointments are booked ahead, then time passes them by.
  let clock = new Date("2031-01-10T12:00:00.000Z");
  let timed: TestApp;
  beforeAll(async () => {
    timed = await createTestApp({}, { now: () => clock });
  });
  afterAll(() => timed.close());

  type Listed = { title: string; status: string };
  const titles = (res: { json(): Listed[] }) => res.json().map((a) => a.title);

  /** Seven days in a row at 15:00 UTC from Saturday 11 January 2031, as the clock stood at the 10th. */
  async function week(c: TestClient) {
    clock = new Date("2031-01-10T12:00:00.000Z");
    const made: { id: string; title: string }[] = [];
    for (let day = 11; day <= 17; day++) {
      made.push(
        await buildAppointment(c, {
          title: `Jan ${day}`,
          startTime: `2031-01-${day}T15:00:00.000Z`,
          endTime: `2031-01-${day}T16:00:00.000Z`,
        }),
      );
    }
    return made;
  }

  it("filters upcoming, past, cancelled and all, each sorted by start time", async () => {
    const c = await buildWorkspace(timed);
    const other = await buildWorkspace(timed);
    const made = await week(c);
    await other.post("/api/appointments", {
      title: "Not yours",
      startTime: "2031-01-14T15:00:00.000Z",
      endTime: "2031-01-14T16:00:00.000Z",
    });
    await c.patch(`/api/appointments/${made[5]!.id}`, { status: "cancelled" }); // Jan 16
    await c.patch(`/api/appointments/${made[6]!.id}`, { status: "completed" }); // Jan 17, done early
    // Monday 13 January, 15:30: the 13th is under way, the 11th and 12th are over.
    clock = new Date("2031-01-13T15:30:00.000Z");

    const upcoming = await c.get("/api/appointments?filter=upcoming");
    expect(upcoming.statusCode).toBe(200);
    expect(titles(upcoming)).toEqual(["Jan 13", "Jan 14", "Jan 15"]);
    expect(titles(await c.get("/api/appointments?filter=past"))).toEqual(["Jan 17", "Jan 12", "Jan 11"]);
    expect(titles(await c.get("/api/appointments?filter=cancelled"))).toEqual(["Jan 16"]);
    const all = await c.get("/api/appointments?filter=all");
    expect(titles(all)).toEqual(["Jan 11", "Jan 12", "Jan 13", "Jan 14", "Jan 15", "Jan 16", "Jan 17"]);
    // No query: the whole list soonest first, as before paging.
    expect(titles(await c.get("/api/appointments"))).toEqual(titles(all));

    const summary = await c.get("/api/appointments/summary");
    expect(summary.statusCode).toBe(200);
    // New York week Monday 13 to Sunday 19 January: the 13th to the 17th less the cancelled 16th.
    expect(summary.json()).toEqual({
      upcoming: 3,
      past: 3,
      cancelled: 1,
      all: 7,
      thisWeek: 4,
      thisMonth: 6,
      completed: 1,
    });
  });

  it("counts Quick Stats by the Monday-to-Sunday week and the month in the account's zone", async () => {
    const c = await buildWorkspace(timed);
    clock = new Date("2030-01-01T12:00:00.000Z");
    const book = async (startTime: string, status?: "cancelled" | "completed") => {
      const end = new Date(new Date(startTime).getTime() + 3600_000).toISOString();
      const res = await c.post("/api/appointments", { title: startTime, startTime, endTime: end });
      expect(res.statusCode, res.body).toBe(201);
      if (status) await c.patch(`/api/appointments/${res.json().id}`, { status });
    };
    await book("2031-03-03T05:30:00Z"); // Monday 00:30 in New York: this week
    await book("2031-03-03T04:30:00Z"); // Sunday 23:30 in New York: last week, this month
    await book("2031-03-09T23:00:00Z"); // Sunday 19:00: this week
    await book("2031-03-10T05:00:00Z"); // next Monday 01:00: next week, this month
    await book("2031-03-06T15:00:00Z", "cancelled");
    await book("2031-03-04T15:00:00Z", "completed"); // this week, this month, completed
    await book("2031-04-01T03:00:00Z"); // 31 March 23:00 in New York: this month
    await book("2030-03-05T15:00:00Z", "completed"); // a year before: completed only
    // Wednesday 5 March 2031, noon in New York.
    clock = new Date("2031-03-05T17:00:00.000Z");
    expect((await c.get("/api/appointments/summary")).json()).toEqual({
      upcoming: 3,
      past: 4,
      cancelled: 1,
      all: 8,
      thisWeek: 3,
      thisMonth: 6,
      completed: 2,
    });
  });

  it("pages with a total in the headers and a link to the next page", async () => {
    const c = await buildWorkspace(timed);
    await week(c);
    const first = await c.get("/api/appointments?filter=all&limit=3");
    expect(titles(first)).toEqual(["Jan 11", "Jan 12", "Jan 13"]);
    expect(first.headers).toMatchObject({
      "x-total-count": "7",
      "x-total-pages": "3",
      "x-page": "1",
      "x-limit": "3",
      link: '</api/appointments?filter=all&page=2&limit=3>; rel="next"',
    });
    const second = await c.get("/api/appointments?filter=all&limit=3&page=2");
    expect(titles(second)).toEqual(["Jan 14", "Jan 15", "Jan 16"]);
    expect(second.headers.link).toBe(
      '</api/appointments?filter=all&page=3&limit=3>; rel="next", </api/appointments?filter=all&page=1&limit=3>; rel="prev"',
    );
    const last = await c.get("/api/appointments?filter=all&limit=3&page=3");
    expect(titles(last)).toEqual(["Jan 17"]);
    const beyond = await c.get("/api/appointments?filter=all&limit=3&page=9");
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers["x-total-count"]).toBe("7");
  });

  it("serves at most 50 by default and 100 on request", async () => {
    const c = await buildWorkspace(timed);
    clock = new Date("2031-01-10T12:00:00.000Z");
    const rows = Array.from({ length: 120 }, (_, i) => ({
      title: `Slot ${i}`,
      startTime: new Date(Date.UTC(2031, 1, 1, 0, 0) + i * 3600_000).toISOString(),
      endTime: new Date(Date.UTC(2031, 1, 1, 0, 30) + i * 3600_000).toISOString(),
    }));
    for (const row of rows) expect((await c.post("/api/appointments", row)).statusCode).toBe(201);
    const plain = await c.get("/api/appointments");
    expect(plain.json()).toHaveLength(50);
    expect(plain.headers["x-total-count"]).toBe("120");
    expect((await c.get("/api/appointments?limit=100&page=2")).json()).toHaveLength(20);
  });

  it.each([
    ["filter=soon", "Filter must be upcoming, past, cancelled or all"],
    ["page=0", "Page must be a whole number from 1"],
    ["page=two", "Page must be a whole number from 1"],
    ["page=1.5", "Page must be a whole number from 1"],
    ["limit=0", "Limit must be a whole number from 1 to 100"],
    ["limit=1000", "Limit must be a whole number from 1 to 100"],
  ])("answers ?%s with a 400 a person can act on", async (query, message) => {
    const c = await buildWorkspace(timed);
    const res = await c.get(`/api/appointments?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("lets a past appointment be marked completed or renamed, but not rescheduled into the past", async () => {
    const c = await buildWorkspace(timed);
    const [eleventh] = await week(c);
    clock = new Date("2031-01-13T15:30:00.000Z");
    const completed = await c.patch(`/api/appointments/${eleventh!.id}`, {
      status: "completed",
      title: "Done",
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const rescheduled = await c.patch(`/api/appointments/${eleventh!.id}`, { status: "scheduled" });
    expect(rescheduled.statusCode).toBe(400);
    expect(rescheduled.json().message).toBe(
      "That time has already passed. Choose a start time in the future.",
    );
  });

  it("needs a session", async () => {
    expect((await timed.client().get("/api/appointments")).statusCode).toBe(401);
    expect((await timed.client().get("/api/appointments/summary")).statusCode).toBe(401);
  });
});
