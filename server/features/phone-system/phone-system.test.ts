import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AGENT_NOT_FOUND,
  DEFAULT_GREETING,
  EXTENSION_NOT_FOUND,
  EXTENSION_TAKEN,
  NO_NUMBERS_TO_ROUTE,
  NOT_YOUR_NUMBER,
  NUMBER_NOT_FOUND,
  NUMBER_TAKEN,
  TWILIO_NEEDS_PUBLIC_URL,
} from "../../../common/phone-system";
import { NUMBER_MESSAGE } from "../../../common/telephony";
import { parseTwiml } from "../../providers/telephony/twiml-parser";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildMember, buildWorkspace } from "../../test/factories";
import { startFakeTwilioApi } from "../../test/fake-twilio-api";
import { connectTwilio, TWILIO } from "../../test/telephony";
import { PHONE_SYSTEM_PATHS } from "./routing-twiml";

/** Wednesday 25 November 2026, 10:00 in New York (a new workspace's time zone): open hours. */
const clock = new Date("2026-11-25T15:00:00Z");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

async function simulatorNumberOf(c: TestClient): Promise<string> {
  const res = await c.get("/api/telephony");
  expect(res.statusCode).toBe(200);
  return res.json().simulatorNumber;
}

async function addNumber(c: TestClient, body: Record<string, unknown> = {}) {
  const res = await c.post("/api/grasshopper/numbers", {
    number: await simulatorNumberOf(c),
    type: "main",
    location: "Ocala, FL",
    greeting: "Thank you for calling Doe Plumbing.",
    ...body,
  });
  expect(res.statusCode).toBe(201);
  return res.json().number as { id: string; number: string };
}

describe("GET /api/grasshopper/numbers", () => {
  it("answers success false with no numbers, then true with the numbers added", async () => {
    const c = await buildWorkspace(t);
    const empty = await c.get("/api/grasshopper/numbers");
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ success: false, numbers: [] });

    const added = await addNumber(c);
    const res = await c.get("/api/grasshopper/numbers");
    expect(res.json()).toEqual({
      success: true,
      numbers: [{ id: added.id, number: added.number, type: "main", location: "Ocala, FL", isActive: true }],
    });
  });
});

describe("adding and changing a business number", () => {
  it("takes one of the account's own numbers once, with weekday 9-5 hours and voicemail after hours", async () => {
    const c = await buildWorkspace(t);
    const number = await simulatorNumberOf(c);
    const res = await c.post("/api/grasshopper/numbers", { number });
    expect(res.statusCode).toBe(201);
    const detail = res.json().number;
    expect(detail).toMatchObject({
      number,
      provider: "simulator",
      type: "main",
      location: "",
      greeting: DEFAULT_GREETING,
      afterHours: { action: "voicemail", forwardTo: null },
      extensions: [],
      routingAppliedAt: null,
    });
    expect(detail.hours).toEqual(
      [1, 2, 3, 4, 5].map((weekday) => ({ weekday, open: "09:00", close: "17:00" })),
    );

    const again = await c.post("/api/grasshopper/numbers", { number });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NUMBER_TAKEN);
  });

  it("refuses a number that is not the account's, and bad input, with readable 400s", async () => {
    const c = await buildWorkspace(t);
    const other = await buildWorkspace(t);
    const theirs = await simulatorNumberOf(other);

    const notMine = await c.post("/api/grasshopper/numbers", { number: theirs });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().message).toBe(NOT_YOUR_NUMBER);
    const stranger = await c.post("/api/grasshopper/numbers", { number: "+14155550123" });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(NOT_YOUR_NUMBER);

    const garbage = await c.post("/api/grasshopper/numbers", { number: "call me" });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toContain(NUMBER_MESSAGE);
    const badType = await c.post("/api/grasshopper/numbers", {
      number: await simulatorNumberOf(c),
      type: "pager",
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toMatch(/number type is one of main, sales/);
    const nul = await c.post("/api/grasshopper/numbers", {
      number: await simulatorNumberOf(c),
      greeting: "Hello\u0000",
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/greeting contains an invisible NUL/);
    const missing = await c.post("/api/grasshopper/numbers", {});
    expect(missing.statusCode).toBe(400);
  });

  it("changes the greeting, location and after-hours action; forwarding needs a number", async () => {
    const c = await buildWorkspace(t);
    const { id } = await addNumber(c);
    const noTarget = await c.patch(`/api/grasshopper/numbers/${id}`, { afterHoursAction: "forward" });
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json().message).toMatch(/needs a number to forward to/);
    const nothing = await c.patch(`/api/grasshopper/numbers/${id}`, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toMatch(/Nothing to change/);

    const res = await c.patch(`/api/grasshopper/numbers/${id}`, {
      greeting: "Doe Plumbing, hello.",
      location: "Miami, FL",
      afterHoursAction: "forward",
      afterHoursForwardTo: "(555) 123-9999",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().number).toMatchObject({
      greeting: "Doe Plumbing, hello.",
      location: "Miami, FL",
      afterHours: { action: "forward", forwardTo: "+15551239999" },
    });
  });

  it("removes a number: gone from the list, then 404", async () => {
    const c = await buildWorkspace(t);
    const { id } = await addNumber(c);
    expect((await c.delete(`/api/grasshopper/numbers/${id}`)).statusCode).toBe(200);
    expect((await c.get("/api/grasshopper/numbers")).json().numbers).toEqual([]);
    const again = await c.delete(`/api/grasshopper/numbers/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(NUMBER_NOT_FOUND);
    // Its carrier number can be added again.
    await addNumber(c);
  });
});

describe("extensions and hours", () => {
  it("adds extensions to a phone, an AI agent and voicemail; one per digit", async () => {
    const c = await buildWorkspace(t);
    const { id } = await addNumber(c);
    const agent = await c.post("/api/ai-agents", { name: "Support agent" });
    expect(agent.statusCode).toBe(201);

    const sales = await c.post(`/api/grasshopper/numbers/${id}/extensions`, {
      digits: "1",
      name: "Sales",
      target: "phone",
      forwardTo: "+15551230001",
    });
    expect(sales.statusCode).toBe(201);
    expect(sales.json().extension).toMatchObject({ digits: "1", target: "phone", forwardTo: "+15551230001" });
    const support = await c.post(`/api/grasshopper/numbers/${id}/extensions`, {
      digits: "2",
      name: "Support",
      target: "agent",
      agentId: agent.json().id,
    });
    expect(support.statusCode).toBe(201);
    const owner = await c.post(`/api/grasshopper/numbers/${id}/extensions`, {
      digits: "3",
      name: "the owner",
      target: "voicemail",
    });
    expect(owner.statusCode).toBe(201);

    const taken = await c.post(`/api/grasshopper/numbers/${id}/extensions`, {
      digits: "1",
      name: "Sales again",
      target: "voicemail",
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(EXTENSION_TAKEN);

    const renamed = await c.put(`/api/grasshopper/numbers/${id}/extensions/${sales.json().extension.id}`, {
      digits: "4",
      name: "Sales team",
      target: "voicemail",
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().extension).toMatchObject({ digits: "4", target: "voicemail", forwardTo: null });
    const clash = await c.put(`/api/grasshopper/numbers/${id}/extensions/${sales.json().extension.id}`, {
      digits: "2",
      name: "Sales team",
      target: "voicemail",
    });
    expect(clash.statusCode).toBe(409);

    const detail = (await c.get(`/api/grasshopper/numbers/${id}`)).json().number;
    expect(detail.extensions.map((e: { digits: string }) => e.digits)).toEqual(["2", "3", "4"]);

    const removed = await c.delete(`/api/grasshopper/numbers/${id}/extensions/${owner.json().extension.id}`);
    expect(removed.statusCode).toBe(200);
    const gone = await c.delete(`/api/grasshopper/numbers/${id}/extensions/${owner.json().extension.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(EXTENSION_NOT_FOUND);
  });

  it("refuses bad extensions with readable 400s and another workspace's agent with 404", async () => {
    const c = await buildWorkspace(t);
    const other = await buildWorkspace(t);
    const { id } = await addNumber(c);
    const theirAgent = await other.post("/api/ai-agents", { name: "Their agent" });
    const path = `/api/grasshopper/numbers/${id}/extensions`;

    const noForward = await c.post(path, { digits: "1", name: "Sales", target: "phone" });
    expect(noForward.statusCode).toBe(400);
    const badTarget = await c.post(path, { digits: "1", name: "Sales", target: "fax" });
    expect(badTarget.statusCode).toBe(400);
    expect(badTarget.json().message).toMatch(/target is phone \(with forwardTo\), agent/);
    const zero = await c.post(path, { digits: "0", name: "Operator", target: "voicemail" });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toMatch(/1 to 3 digits/);
    const noName = await c.post(path, { digits: "1", name: "  ", target: "voicemail" });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toMatch(/needs a name/);
    const foreignAgent = await c.post(path, {
      digits: "1",
      name: "Support",
      target: "agent",
      agentId: theirAgent.json().id,
    });
    expect(foreignAgent.statusCode).toBe(404);
    expect(foreignAgent.json().message).toBe(AGENT_NOT_FOUND);
  });

  it("replaces the week's hours; refuses a day listed twice or closing before it opens", async () => {
    const c = await buildWorkspace(t);
    const { id } = await addNumber(c);
    const res = await c.put(`/api/grasshopper/numbers/${id}/hours`, {
      hours: [
        { weekday: 6, open: "10:00", close: "14:00" },
        { weekday: 1, open: "08:30", close: "18:00" },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().number.hours).toEqual([
      { weekday: 1, open: "08:30", close: "18:00" },
      { weekday: 6, open: "10:00", close: "14:00" },
    ]);

    const twice = await c.put(`/api/grasshopper/numbers/${id}/hours`, {
      hours: [
        { weekday: 1, open: "09:00", close: "17:00" },
        { weekday: 1, open: "10:00", close: "12:00" },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toMatch(/Monday is listed twice/);
    const backwards = await c.put(`/api/grasshopper/numbers/${id}/hours`, {
      hours: [{ weekday: 2, open: "17:00", close: "09:00" }],
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toMatch(/Tuesday closes before it opens/);
    const badClock = await c.put(`/api/grasshopper/numbers/${id}/hours`, {
      hours: [{ weekday: 2, open: "9am", close: "17:00" }],
    });
    expect(badClock.statusCode).toBe(400);
    expect(badClock.json().message).toMatch(/HH:MM/);
    const badDay = await c.put(`/api/grasshopper/numbers/${id}/hours`, {
      hours: [{ weekday: 7, open: "09:00", close: "17:00" }],
    });
    expect(badDay.statusCode).toBe(400);
  });
});

describe("POST /api/grasshopper/setup-routing", () => {
  it("with no numbers: a 400 naming what to set up", async () => {
    const c = await buildWorkspace(t);
    const res = await c.post("/api/grasshopper/setup-routing");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NO_NUMBERS_TO_ROUTE);
  });

  it("applies each active number's routing and answers the TwiML it applied", async () => {
    const c = await buildWorkspace(t);
    const { id, number } = await addNumber(c);
    await c.post(`/api/grasshopper/numbers/${id}/extensions`, {
      digits: "1",
      name: "Sales",
      target: "phone",
      forwardTo: "+15551230001",
    });
    const res = await c.post("/api/grasshopper/setup-routing");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.applied).toHaveLength(1);
    const [applied] = body.applied;
    expect(applied).toMatchObject({ numberId: id, number, provider: "simulator", applied: "recorded" });
    expect(applied.voiceUrl.endsWith(PHONE_SYSTEM_PATHS.voice(id))).toBe(true);
    // 10:00 on a Wednesday in New York: open, the greeting and the extensions.
    const twiml = parseTwiml(applied.twiml);
    expect(twiml.children.map((v) => v.name)).toEqual(["Say", "Gather", "Say", "Record"]);
    expect(twiml.children[0]?.text).toBe("Thank you for calling Doe Plumbing.");
    expect(twiml.children[1]?.children[0]?.text).toBe("For Sales, press 1.");

    const detail = (await c.get(`/api/grasshopper/numbers/${id}`)).json().number;
    expect(detail.routingAppliedAt).toBe(clock.toISOString());

    // An inactive number is not routed.
    await c.patch(`/api/grasshopper/numbers/${id}`, { isActive: false });
    expect((await c.post("/api/grasshopper/setup-routing")).statusCode).toBe(400);
  });
});

describe("who may do what", () => {
  it("a member who is an agent reads; only a workspace admin changes (403)", async () => {
    const owner = await buildWorkspace(t);
    const { id } = await addNumber(owner);
    const ext = await owner.post(`/api/grasshopper/numbers/${id}/extensions`, {
      digits: "1",
      name: "Sales",
      target: "voicemail",
    });
    const agent = await buildMember(t, owner, "agent");
    expect((await agent.get("/api/grasshopper/numbers")).json().numbers).toHaveLength(1);
    expect((await agent.get(`/api/grasshopper/numbers/${id}`)).statusCode).toBe(200);
    const extensionPath = `/api/grasshopper/numbers/${id}/extensions/${ext.json().extension.id}`;
    for (const res of [
      await agent.post("/api/grasshopper/numbers", { number: await simulatorNumberOf(owner) }),
      await agent.patch(`/api/grasshopper/numbers/${id}`, { location: "Elsewhere" }),
      await agent.delete(`/api/grasshopper/numbers/${id}`),
      await agent.put(`/api/grasshopper/numbers/${id}/hours`, { hours: [] }),
      await agent.post(`/api/grasshopper/numbers/${id}/extensions`, {
        digits: "2",
        name: "x",
        target: "voicemail",
      }),
      await agent.put(extensionPath, { digits: "2", name: "x", target: "voicemail" }),
      await agent.delete(extensionPath),
      await agent.post("/api/grasshopper/setup-routing"),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    const admin = await buildMember(t, owner, "admin");
    const changed = await admin.patch(`/api/grasshopper/numbers/${id}`, { location: "Tampa, FL" });
    expect(changed.statusCode).toBe(200);
  });

  it("another workspace's number and extension ids are 404", async () => {
    const owner = await buildWorkspace(t);
    const stranger = await buildWorkspace(t);
    const { id } = await addNumber(owner);
    const ext = await owner.post(`/api/grasshopper/numbers/${id}/extensions`, {
      digits: "1",
      name: "Sales",
      target: "voicemail",
    });
    const extensionId = ext.json().extension.id;
    const { id: strangersNumber } = await addNumber(stranger);
    for (const res of [
      await stranger.get(`/api/grasshopper/numbers/${id}`),
      await stranger.patch(`/api/grasshopper/numbers/${id}`, { location: "Mine now" }),
      await stranger.put(`/api/grasshopper/numbers/${id}/hours`, { hours: [] }),
      await stranger.post(`/api/grasshopper/numbers/${id}/extensions`, {
        digits: "2",
        name: "x",
        target: "voicemail",
      }),
      await stranger.put(`/api/grasshopper/numbers/${id}/extensions/${extensionId}`, {
        digits: "2",
        name: "x",
        target: "voicemail",
      }),
      await stranger.delete(`/api/grasshopper/numbers/${id}/extensions/${extensionId}`),
      // Their own number with the owner's extension.
      await stranger.delete(`/api/grasshopper/numbers/${strangersNumber}/extensions/${extensionId}`),
      await stranger.delete(`/api/grasshopper/numbers/${id}`),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    const malformed = await stranger.get("/api/grasshopper/numbers/not-a-uuid");
    expect([400, 404]).toContain(malformed.statusCode);
    // Nothing of the owner's changed.
    const detail = (await owner.get(`/api/grasshopper/numbers/${id}`)).json().number;
    expect(detail.location).toBe("Ocala, FL");
    expect(detail.extensions).toHaveLength(1);
  });
});

describe("routing a Twilio number without PUBLIC_URL", () => {
  it("is refused with what to set: Twilio could not reach a local address", async () => {
    const fake = await startFakeTwilioApi({
      accountSid: TWILIO.accountSid,
      authToken: TWILIO.authToken,
      numbers: [TWILIO.phoneNumber],
    });
    // No PUBLIC_URL: this app is reachable only on this machine.
    const local = await createTestApp({ telephony: { twilioApiBaseUrl: fake.url } });
    try {
      const c = await buildWorkspace(local);
      await connectTwilio(c);
      expect((await c.post("/api/grasshopper/numbers", { number: TWILIO.phoneNumber })).statusCode).toBe(201);
      const res = await c.post("/api/grasshopper/setup-routing");
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(TWILIO_NEEDS_PUBLIC_URL);
      // Nothing was sent to Twilio.
      expect(fake.requests.some((r) => r.path.includes("/IncomingPhoneNumbers/PN"))).toBe(false);
    } finally {
      await local.close();
      await fake.close();
    }
  });
});
