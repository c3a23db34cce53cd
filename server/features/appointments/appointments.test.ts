import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn(): Promise<TestClient> {
  const c = t.client();
  await c.signup();
  return c;
}

const sample = {
  title: "Kitchen remodel consultation",
  description: "Bring the floor plan",
  startTime: "2031-03-04T14:00:00.000Z",
  endTime: "2031-03-04T15:00:00.000Z",
  attendeeName: "Dana Whitfield",
  attendeeEmail: "dana@example.com",
  attendeePhone: "(555) 123-4567",
};

async function create(c: TestClient, fields: Record<string, unknown> = {}) {
  const res = await c.post("/api/appointments", { ...sample, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe("creating and listing", () => {
  it("creates a scheduled appointment with every field and lists it", async () => {
    const c = await signedIn();
    const created = await create(c);
    expect(created).toMatchObject({ ...sample, status: "scheduled", callId: null });
    const list = await c.get("/api/appointments");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([created]);
  });

  it("stores empty optional fields as null and accepts a time with an offset", async () => {
    const c = await signedIn();
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
    const a = await signedIn();
    const b = await signedIn();
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
  ])("refuses %s with a message a person can act on", async (_, fields, message) => {
    const c = await signedIn();
    const res = await c.post("/api/appointments", { ...sample, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await c.get("/api/appointments")).json()).toEqual([]);
  });
});

describe("editing", () => {
  it("changes the title and times, keeping what was not sent", async () => {
    const c = await signedIn();
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
    const c = await signedIn();
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
    const c = await signedIn();
    const first = await create(c);
    const second = await create(c, { title: "Second" });
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
    const c = await signedIn();
    const created = await create(c);
    const res = await c.patch(`/api/appointments/${created.id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await c.get("/api/appointments")).json()).toEqual([created]);
  });

  it("answers 404 for another account's appointment and leaves it alone", async () => {
    const owner = await signedIn();
    const intruder = await signedIn();
    const created = await create(owner);
    const res = await intruder.patch(`/api/appointments/${created.id}`, { status: "cancelled" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("That appointment was not found");
    expect((await owner.get("/api/appointments")).json()).toEqual([created]);
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    const c = await signedIn();
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
