import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentAnalytics } from "../../../common/agents";
import type { Call, CallListResponse, ContactCallsResponse } from "../../../common/calls";
import type { Contact } from "../../../common/contacts";
import type { TestClient } from "../../test/app";
import { buildCall, buildWorkspace, type SignedInClient } from "../../test/factories";
import { callRowBySid, eventually, telephonyTestApp } from "../../test/telephony";

/**
 * What AI calls came to, where a call-centre team looks for it: Call History (each call's
 * outcome, filtered by outcome on the server), a contact's calls (outcome, time, real duration,
 * the call back or appointment it made), and the agents' figures by outcome. The calls are made
 * the way the screens make them: a simulated call and the caller's words, each settled by the
 * conversation engine.
 */

/** Tuesday 24 November 2026, 10:00 in New York (inside the default working hours); the clock runs. */
const TUESDAY_10AM = new Date("2026-11-24T15:00:00.000Z");
let offset = TUESDAY_10AM.getTime() - Date.now();
const now = () => new Date(Date.now() + offset);
/** Moves the server's clock on, as a call that lasts does. */
const wait = (seconds: number) => {
  offset += seconds * 1000;
};

let env: Awaited<ReturnType<typeof telephonyTestApp>>;
beforeAll(async () => {
  env = await telephonyTestApp({}, { now });
}, 120_000);
afterAll(() => env.close());

const CONTACT_NUMBER = "+12125550142";

/** An inbound call from `from`: the caller says each line `secondsApart` after the last. */
async function callWith(
  c: TestClient,
  from: string,
  lines: string[],
  options: { secondsApart?: number; endAfter?: number } = {},
): Promise<Call> {
  const started = await buildCall(c, { phoneNumber: from, live: true });
  let call = started;
  for (const text of lines) {
    wait(options.secondsApart ?? 20);
    const res = await c.post(`/api/calls/${started.id}/process-audio`, { text });
    expect(res.statusCode, res.body).toBe(200);
    call = res.json().call;
  }
  if (call.isActive && options.endAfter !== undefined) {
    wait(options.endAfter);
    const ended = await c.patch(`/api/calls/${started.id}`, { isActive: false });
    expect(ended.statusCode, ended.body).toBe(200);
    call = ended.json();
  }
  return call;
}

const list = async (c: TestClient, query: string) => {
  const res = await c.get(`/api/calls?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CallListResponse;
};

async function agent(c: TestClient, name: string, keywords: string) {
  const created = await c.post("/api/ai-agents", { name, keywords });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  // Agents start inactive; routing only picks active ones.
  expect((await c.post(`/api/ai-agents/${id}/toggle`)).json().status).toBe("active");
  return id;
}

describe("outcomes of AI calls", () => {
  let owner: SignedInClient;
  let intruder: SignedInClient;
  let contact: Contact;
  let booked: Call;
  let callBack: Call;
  let bea: string;
  let cal: string;

  beforeAll(async () => {
    owner = await buildWorkspace(env.t, { businessInfo: { companyName: "Summit Roofing" } });
    intruder = await buildWorkspace(env.t);
    const created = await owner.post("/api/contacts", {
      name: "Dana Whitfield",
      phoneNumber: CONTACT_NUMBER,
    });
    expect(created.statusCode, created.body).toBe(201);
    contact = created.json();
    bea = await agent(owner, "Bea", "appointment");
    cal = await agent(owner, "Cal", "busy, list, wrong");

    // Dana books (Bea), stays on the line a while, and the call is ended from the screen.
    booked = await callWith(
      owner,
      CONTACT_NUMBER,
      ["I'd like to book an appointment for Thursday at 10am."],
      {
        secondsApart: 35,
        endAfter: 60,
      },
    );
    // Dana calls again later and asks for a call back (Cal): the engine ends the call.
    wait(3600);
    callBack = await callWith(owner, CONTACT_NUMBER, ["I'm busy right now, call me back tomorrow at 3."], {
      secondsApart: 42,
    });
    // Strangers: two stop requests and a wrong number (Cal), and a call that comes to nothing.
    await callWith(owner, "+12125550177", ["Please take me off your list."]);
    await callWith(owner, "+12125550178", ["Please take me off your list."]);
    await callWith(owner, "+12125550179", ["You have the wrong number, sorry."]);
    await callWith(owner, "+12125550180", ["Hello?"], { endAfter: 5 });
    // Another workspace's call, with the same outcome as one of ours, counts only there.
    await agent(intruder, "Ivy", "appointment");
    await callWith(intruder, CONTACT_NUMBER, ["I'd like to book an appointment for Thursday at 11am."], {
      endAfter: 10,
    });
  }, 120_000);

  it("settles each call's outcome, with the call back or appointment it made", () => {
    expect(booked).toMatchObject({ disposition: "booked", isActive: false, callbackAt: null });
    expect(booked.bookedAppointment).toMatchObject({
      startTime: "2026-11-26T15:00:00.000Z",
      appointmentId: expect.any(String),
    });
    expect(booked.duration).toBeGreaterThanOrEqual(95);
    expect(booked.duration).toBeLessThan(110);
    expect(callBack).toMatchObject({ disposition: "call_back", isActive: false, bookedAppointment: null });
    // Tomorrow at 3 in New York.
    expect(callBack.callbackAt).toBe("2026-11-25T20:00:00.000Z");
    expect(callBack.duration).toBeGreaterThanOrEqual(42);
    expect(callBack.duration).toBeLessThan(55);
  });

  it("filters Call History by outcome on the server, paged", async () => {
    const onlyBooked = await list(owner, "outcome=booked");
    expect(onlyBooked.calls.map((call) => call.id)).toEqual([booked.id]);
    expect(onlyBooked.calls[0]).toMatchObject({ disposition: "booked", phoneNumber: CONTACT_NUMBER });
    expect(onlyBooked.pagination).toMatchObject({ total: 1, totalPages: 1, hasNext: false });

    const stops = await list(owner, "outcome=do_not_call&limit=1");
    expect(stops.calls).toHaveLength(1);
    expect(stops.calls[0]?.phoneNumber).toBe("+12125550178");
    expect(stops.pagination).toMatchObject({ total: 2, totalPages: 2, hasPrev: false, hasNext: true });
    const second = await list(owner, "outcome=do_not_call&limit=1&page=2");
    expect(second.calls[0]?.phoneNumber).toBe("+12125550177");
    expect(second.pagination).toMatchObject({ page: 2, hasPrev: true, hasNext: false });

    // With the other filters: a search narrows an outcome, a class filter too.
    const searched = await list(owner, "outcome=do_not_call&search=0177");
    expect(searched.calls.map((call) => call.phoneNumber)).toEqual(["+12125550177"]);
    expect((await list(owner, "outcome=booked&filter=spam")).calls).toEqual([]);

    const none = await list(owner, "outcome=none");
    expect(none.calls.map((call) => call.phoneNumber)).toEqual(["+12125550180"]);
    expect(none.calls[0]?.disposition).toBeNull();
    expect((await list(owner, "outcome=voicemail")).pagination.total).toBe(0);
    // Every call, as before the filter existed; the summary cards still count every real call.
    const all = await list(owner, "outcome=all");
    expect(all.pagination.total).toBe(6);
    expect(all.summary.totalCalls).toBe(6);
    // Another workspace never sees ours, whatever the outcome.
    expect((await list(intruder, "outcome=call_back")).calls).toEqual([]);
    expect((await list(intruder, "outcome=booked")).calls.map((call) => call.phoneNumber)).toEqual([
      CONTACT_NUMBER,
    ]);
  });

  it("answers an outcome it does not know with 400 and the outcomes it takes", async () => {
    const res = await owner.get("/api/calls?outcome=sold");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("outcome must be one of all, interested, qualified");
    const exported = await owner.get("/api/calls/export?format=csv&outcome=maybe");
    expect(exported.statusCode).toBe(400);
  });

  it("exports only the calls with the outcome chosen, each with its outcome", async () => {
    const res = await owner.get("/api/calls/export?format=csv&outcome=do_not_call");
    expect(res.statusCode, res.body).toBe(200);
    const records = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    // The numbers carry the export's formula guard (a leading + could start a formula).
    expect(records.map((record) => [record["Phone Number"], record.Outcome])).toEqual([
      ["'+12125550178", "Do not call"],
      ["'+12125550177", "Do not call"],
    ]);
    const everything = parse((await owner.get("/api/calls/export?format=csv")).body, {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(everything.map((record) => record.Outcome).sort()).toEqual([
      "",
      "Appointment booked",
      "Call back",
      "Do not call",
      "Do not call",
      "Wrong number",
    ]);
  });

  it("shows a contact's calls with their outcome, time, real duration and the call back they asked for", async () => {
    const res = await owner.get(`/api/contacts/${contact.id}/calls`);
    expect(res.statusCode, res.body).toBe(200);
    const history = res.json() as ContactCallsResponse;
    expect(history.contact).toMatchObject({
      id: contact.id,
      name: "Dana Whitfield",
      phoneNumber: CONTACT_NUMBER,
      scheduledCallback: "2026-11-25T20:00:00.000Z",
    });
    // Newest first; the strangers' calls and the other workspace's call with this number are not hers.
    expect(history.calls.map((call) => call.id)).toEqual([callBack.id, booked.id]);
    expect(history.calls[0]).toMatchObject({
      disposition: "call_back",
      callbackAt: "2026-11-25T20:00:00.000Z",
      duration: callBack.duration,
      startTime: callBack.startTime,
      direction: "inbound",
      isActive: false,
    });
    expect(history.calls[1]).toMatchObject({
      disposition: "booked",
      duration: booked.duration,
      bookedAppointment: { startTime: "2026-11-26T15:00:00.000Z" },
    });
    expect(history.pagination).toMatchObject({ page: 1, total: 2, totalPages: 1 });
    const paged = (await owner.get(`/api/contacts/${contact.id}/calls?limit=1&page=2`)).json();
    expect(paged.calls.map((call: Call) => call.id)).toEqual([booked.id]);
    expect(paged.pagination).toMatchObject({ hasPrev: true, hasNext: false, totalPages: 2 });
  });

  it("lists a call placed to the contact from its Dial button, marked simulated on the simulator", async () => {
    // Ringing through the built-in carrier: a simulated call, the contact's and counted.
    const added = await owner.post("/api/contacts", {
      name: "Lee Park",
      phoneNumber: "+12125550123",
      aiVoiceConsent: true,
    });
    const lee = added.json() as Contact;
    const dialled = await owner.post(`/api/contacts/${lee.id}/dial`, {});
    expect(dialled.statusCode, dialled.body).toBe(200);
    const calls = await eventually(async () => {
      const res = (await owner.get(`/api/contacts/${lee.id}/calls`)).json() as ContactCallsResponse;
      expect(res.calls).toHaveLength(1);
      return res.calls;
    });
    expect(calls[0]).toMatchObject({
      id: dialled.json().callId,
      direction: "outbound",
      isTest: false,
      simulated: true,
    });
  });

  it("answers 404 for another workspace's contact, and 400 for a malformed id or page", async () => {
    expect((await intruder.get(`/api/contacts/${contact.id}/calls`)).statusCode).toBe(404);
    const missing = await owner.get("/api/contacts/00000000-0000-4000-8000-000000000000/calls");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/contact/i);
    const malformed = await owner.get("/api/contacts/not-an-id/calls");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("That contact id is not valid");
    const tooMany = await owner.get(`/api/contacts/${contact.id}/calls?limit=500`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe("limit is at most 50");
  });

  it("counts each agent's calls by outcome, with the conversion rate, from the workspace's real calls", async () => {
    const res = await owner.get("/api/ai-agents/analytics");
    expect(res.statusCode, res.body).toBe(200);
    const analytics = res.json() as AgentAnalytics;
    const of = (id: string) => analytics.agents.find((row) => row.id === id)?.outcomes;
    // Bea took the booking, and the caller who said only "Hello?" (no agent's words: the first).
    expect(of(bea)).toMatchObject({
      calls: 2,
      answered: 2,
      booked: 1,
      callBacks: 0,
      doNotCall: 0,
      noOutcome: 1,
      conversionRate: 50,
    });
    expect(of(cal)).toMatchObject({
      calls: 4,
      answered: 4,
      booked: 0,
      callBacks: 1,
      doNotCall: 2,
      wrongNumber: 1,
      notInterested: 0,
      conversionRate: 0,
    });
    // Both together: 1 conversion over 6 answered calls.
    expect(analytics.outcomes).toMatchObject({ calls: 6, answered: 6, booked: 1, conversionRate: 16.7 });
    // The other workspace counts its own.
    const theirs = (await intruder.get("/api/ai-agents/analytics")).json() as AgentAnalytics;
    expect(theirs.outcomes).toMatchObject({ calls: 1, booked: 1 });
  });

  it("counts a simulated call in the agents' figures, and shows it in History with its outcome", async () => {
    // The built-in carrier's caller asks to be taken off the list: Cal takes it, a simulated call.
    const res = await owner.post("/api/telephony/simulator/calls", {
      from: "(212) 555-0190",
      script: ["Please take me off your list."],
    });
    expect(res.statusCode, res.body).toBe(202);
    const row = await eventually(async () => {
      const found = await callRowBySid(env.t, res.json().callSid);
      expect(found?.isActive).toBe(false);
      return found as NonNullable<typeof found>;
    }, 30_000);
    expect(row).toMatchObject({ isTest: false, simulated: true, disposition: "do_not_call" });
    const history = await list(owner, "outcome=do_not_call&testCalls=exclude");
    expect(history.calls.map((call) => call.id)).toContain(row.id);
    expect(history.calls.find((call) => call.id === row.id)).toMatchObject({
      isTest: false,
      simulated: true,
      disposition: "do_not_call",
    });
    const analytics = (await owner.get("/api/ai-agents/analytics")).json() as AgentAnalytics;
    expect(analytics.agents.find((agentRow) => agentRow.id === cal)?.outcomes.doNotCall).toBe(3);
  });
});
