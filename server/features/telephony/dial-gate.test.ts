import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ON_DO_NOT_CALL } from "../../../common/contacts";
import type { PlaceCallInput } from "../../providers/telephony/types";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { recordAiVoiceConsent } from "../../test/dialing";
import { buildWorkspace, rows, type SignedInClient } from "../../test/factories";
import { waitFor } from "../../test/jobs";
import { setUser } from "../../test/telephony";
import {
  addLeads,
  createCampaign,
  onlyOutcomes,
  runtimeFor,
  setStatus,
  start,
} from "../dialer/runtime/test-support";
import { calleeTimeZones } from "../dialer/time-zones";
import { type DialFacts, decideDial, NO_AI_VOICE_CONSENT, ON_CAMPAIGN_DO_NOT_CALL } from "./dial-gate";

/**
 * The dial gate (dial-gate.ts, enforced by outbound-gate.ts): the decision on its own, and every
 * path that places a call walked over HTTP with a Tokyo number at night in Tokyo and with a number
 * on the do-not-call list: nothing is dialled (no call row, no carrier call) and the answer or the
 * result says why.
 */

/** 20:03 UTC on a June day: 05:03 in Tokyo, 16:03 in New York. */
const TOKYO_NIGHT = new Date("2026-06-10T20:03:00.000Z");
/** 00:30 UTC the next day: 09:30 in Tokyo, 20:30 in New York (both inside 08:00-21:00). */
const TOKYO_AND_NEW_YORK_DAY = new Date("2026-06-11T00:30:00.000Z");
const TOKYO_REFUSAL =
  "It is 05:03 for this number (Asia/Tokyo); calls are allowed 08:00–21:00 in the callee's time. Try again after 08:00 their time.";
/** The same for a number whose contact's recorded zone (New York) is checked too. */
const TOKYO_CONTACT_REFUSAL =
  "It is 05:03 for this number (Asia/Tokyo); calls are allowed 08:00–21:00 in the callee's time. This number is known in 2 time zones (America/New_York, Asia/Tokyo) and is called only when it is inside those hours in every one. Try again after 08:00 their time.";

const facts = (over: Partial<DialFacts> = {}): DialFacts => ({
  now: TOKYO_NIGHT,
  callee: { phoneNumber: "+81312345678" },
  doNotCall: { workspace: false },
  aiVoice: true,
  aiVoiceConsent: true,
  ...over,
});

describe("the decision", () => {
  it("refuses a Tokyo number at 05:03 Tokyo time, naming its local time and when the window opens", () => {
    expect(decideDial(facts())).toEqual({
      allowed: false,
      refusal: {
        rule: "outside_calling_hours",
        message: TOKYO_REFUSAL,
        permanent: false,
        retryAt: new Date("2026-06-10T23:00:00.000Z"),
      },
    });
    expect(decideDial(facts({ now: new Date("2026-06-11T00:00:00.000Z") }))).toEqual({
      allowed: true,
      zones: ["Asia/Tokyo"],
    });
  });

  it("checks each declared zone with the number's: none replaces it", () => {
    // New York daytime, Tokyo night: a declared New York zone, UTC, Etc/GMT+5 or a New York ZIP
    // does not make a Tokyo number callable.
    for (const declared of [
      { timeZone: "America/New_York" },
      { timeZone: "UTC" },
      { timeZone: "Etc/GMT+5" },
      { postalCode: "10001" },
    ]) {
      const verdict = decideDial(facts({ callee: { phoneNumber: "+81312345678", ...declared } }));
      expect(verdict.allowed, JSON.stringify(declared)).toBe(false);
      if (!verdict.allowed)
        expect(verdict.refusal.message).toContain("It is 05:03 for this number (Asia/Tokyo)");
    }
    // And a declared zone at night refuses a number whose own zone is in the day.
    const declaredNight = decideDial(
      facts({
        now: new Date("2026-06-10T16:00:00.000Z"), // 12:00 New York, 01:00 Tokyo
        callee: { phoneNumber: "+12125550100", timeZone: "Asia/Tokyo" },
      }),
    );
    expect(declaredNight).toMatchObject({ allowed: false, refusal: { rule: "outside_calling_hours" } });
    if (!declaredNight.allowed)
      expect(declaredNight.refusal.message).toMatch(
        /^It is 01:00 for this number \(Asia\/Tokyo, its recorded time zone\); .* This number is known in 2 time zones \(Asia\/Tokyo, America\/New_York\)/,
      );
    // Inside the hours in both: allowed.
    expect(
      decideDial(
        facts({
          now: TOKYO_AND_NEW_YORK_DAY,
          callee: { phoneNumber: "+81312345678", timeZone: "America/New_York" },
        }),
      ),
    ).toEqual({ allowed: true, zones: ["America/New_York", "Asia/Tokyo"] });
  });

  it("refuses a number whose zone nothing tells, unless a zone to assume is set", () => {
    const unknown = facts({
      callee: { phoneNumber: "+99912345" },
      now: new Date("2026-06-10T16:00:00.000Z"),
    });
    expect(decideDial(unknown)).toMatchObject({
      allowed: false,
      refusal: { rule: "unknown_time_zone" },
    });
    expect(decideDial({ ...unknown, unknownZoneAssumed: "America/Chicago" })).toEqual({
      allowed: true,
      zones: ["America/Chicago"],
    });
  });

  it("puts the lists first, then consent, the ceiling, the hours; a list's refusal is for good", () => {
    expect(decideDial(facts({ doNotCall: { workspace: true } }))).toMatchObject({
      allowed: false,
      refusal: { rule: "do_not_call", message: ON_DO_NOT_CALL, permanent: true },
    });
    expect(decideDial(facts({ doNotCall: { workspace: false, contact: true } }))).toMatchObject({
      refusal: { rule: "do_not_call" },
    });
    expect(decideDial(facts({ doNotCall: { workspace: false, campaign: true } }))).toMatchObject({
      refusal: { rule: "campaign_do_not_call", message: ON_CAMPAIGN_DO_NOT_CALL, permanent: true },
    });
    expect(decideDial(facts({ aiVoiceConsent: false }))).toMatchObject({
      refusal: { rule: "no_ai_voice_consent", message: NO_AI_VOICE_CONSENT, permanent: false },
    });
    // A person's voice (a rep, click-to-call) needs no AI-voice consent.
    const day = new Date("2026-06-11T00:00:00.000Z");
    expect(decideDial(facts({ now: day, aiVoice: false, aiVoiceConsent: false })).allowed).toBe(true);
    // A predictive line at or over the 3% ceiling over 30 days is not dialled; under it, it is.
    expect(decideDial(facts({ now: day, predictiveLine: { abandonRate: 0.03 } }))).toMatchObject({
      refusal: { rule: "abandonment_ceiling" },
    });
    expect(decideDial(facts({ now: day, predictiveLine: { abandonRate: 0.029 } })).allowed).toBe(true);
  });

  it("keeps to a campaign's own hours inside the law's, and says so", () => {
    const verdict = decideDial(
      facts({ now: new Date("2026-06-11T08:30:00.000Z"), campaignHours: { start: "09:00", end: "17:00" } }),
    );
    // 17:30 in Tokyo: inside the law's window, outside the campaign's.
    expect(verdict).toMatchObject({
      allowed: false,
      refusal: { retryAt: new Date("2026-06-12T00:00:00.000Z") },
    });
    if (!verdict.allowed)
      expect(verdict.refusal.message).toBe(
        "It is 17:30 for this number (Asia/Tokyo); calls are allowed 09:00–17:00 in the callee's time (this campaign's hours). Try again after 09:00 their time.",
      );
  });

  it("unions the zones of the number, recorded zones and postal codes (time-zones.ts)", () => {
    expect(
      calleeTimeZones({
        phoneNumber: "+81312345678",
        timeZones: ["America/New_York", "UTC", "Etc/GMT+5"],
        postalCodes: ["10001", "94110"],
      }).zones.sort(),
    ).toEqual(["America/Los_Angeles", "America/New_York", "Asia/Tokyo", "Etc/GMT+5", "UTC"]);
  });
});

// --- every dial route over HTTP -------------------------------------------------------------------

let clock = TOKYO_NIGHT;
const now = () => clock;
let t: TestApp;
/** Every number a carrier was asked to ring (the simulator carries every call here). */
const carrierCalls: string[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { now });
  const simulator = t.app.services.telephony.simulator;
  const place = simulator.placeCall.bind(simulator);
  vi.spyOn(simulator, "placeCall").mockImplementation((input: PlaceCallInput) => {
    carrierCalls.push(input.to);
    return place(input);
  });
}, 120_000);
afterAll(() => t.close());

/** The Tokyo number dialled at Tokyo night, and the listed New York number (16:03 there). */
const TOKYO = "+81 3 1234 5678";
const TOKYO_E164 = "+81312345678";
const LISTED = "+1 212 555 0142";
const LISTED_E164 = "+12125550142";

const callRows = (workspaceId: string) =>
  rows<{ phone_number: string }>(t, sql`select phone_number from calls where workspace_id = ${workspaceId}`);
const lineCallRows = (workspaceId: string) =>
  rows<{ other_number: string }>(
    t,
    sql`select other_number from business_calls where workspace_id = ${workspaceId}`,
  );

/**
 * A workspace with AI-voice consent on file for both numbers, whose do-not-call list has LISTED
 * (unless `listed` is false: the dialer's paths list it later, see listBehindTheDialersBack).
 */
async function workspace(listed = true): Promise<SignedInClient> {
  const c = await buildWorkspace(t);
  await recordAiVoiceConsent(c, [TOKYO_E164, LISTED_E164]);
  if (listed) expect((await c.post("/api/do-not-call", { phoneNumber: LISTED })).statusCode).toBe(201);
  return c;
}

/**
 * Lists LISTED after it became a campaign's lead, without the listing's own marking of the leads
 * (a number listed between the claim and the dial): what only the gate at dialling time catches.
 */
async function listBehindTheDialersBack(c: SignedInClient) {
  await t.database.db.execute(sql`
    insert into do_not_call_numbers (workspace_id, phone_e164, phone_number)
    values (${c.user.workspace.id}, ${LISTED_E164}, ${LISTED})`);
}

async function contact(
  c: TestClient,
  phoneNumber: string,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const res = await c.post("/api/contacts", { name: "Callee", phoneNumber, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function job(c: TestClient, started: { statusCode: number; body: string; json(): unknown }) {
  expect(started.statusCode, started.body).toBe(202);
  const { jobId } = started.json() as { jobId: string };
  return waitFor(async () => {
    const state = (await c.get(`/api/jobs/${jobId}`)).json();
    return state.status === "completed" || state.status === "failed" ? state : undefined;
  }, 20_000);
}

/** The attempts a tick made for a campaign, each with its refusal reason. */
async function attemptsOf(campaignId: string) {
  return rows<{ phone_e164: string; state: string; reason: string | null; call_id: string | null }>(
    t,
    sql`select phone_e164, state, reason, call_id from dial_attempts where campaign_id = ${campaignId} order by phone_e164`,
  );
}

type Callee = "tokyo" | "tokyo contact" | "listed";
type Outcome = { route: string; callee: Callee; status: number | string; says: string };
const EXPECTED: Record<Callee, string> = {
  tokyo: TOKYO_REFUSAL,
  "tokyo contact": TOKYO_CONTACT_REFUSAL,
  listed: ON_DO_NOT_CALL,
};
const outcomes: Outcome[] = [];

/** Checks and records what one route answered for one callee: nothing dialled, and why. */
async function expectRefused(
  c: SignedInClient,
  route: string,
  callee: Callee,
  status: number | string,
  says: string,
) {
  expect(says, `${route} (${callee})`).toBe(EXPECTED[callee]);
  expect(await callRows(c.user.workspace.id), `${route}: no call row`).toEqual([]);
  expect(await lineCallRows(c.user.workspace.id), `${route}: no phone-system call row`).toEqual([]);
  expect(carrierCalls, `${route}: no carrier call`).toEqual([]);
  outcomes.push({ route, callee, status, says });
}

describe("every dial route refuses a Tokyo number at Tokyo night and a listed number", () => {
  const callees = [
    ["tokyo", TOKYO],
    ["listed", LISTED],
  ] as const;
  /** A contact with no recorded zone: the number's own zone decides, as for a bare number. */
  const asContact = (callee: "tokyo" | "listed"): Callee => callee;

  it.each(callees)("POST /api/contacts/:id/dial (%s)", async (callee, number) => {
    clock = TOKYO_NIGHT;
    const c = await workspace();
    const id = await contact(c, number);
    const res = await c.post(`/api/contacts/${id}/dial`, { agentId: "1", purpose: "sales" });
    await expectRefused(
      c,
      "POST /api/contacts/:id/dial",
      asContact(callee),
      res.statusCode,
      res.json().message,
    );
    expect(res.statusCode).toBe(409);
    expect((await c.get(`/api/contacts/${id}`)).json().callCount).toBe(0);
  });

  it.each(callees)("lead generation: a saved lead, dialled (%s)", async (callee, number) => {
    clock = TOKYO_NIGHT;
    const c = await workspace();
    const saved = await c.post("/api/leads/save-contact", { name: "Sakura Trading", phoneNumber: number });
    expect(saved.statusCode, saved.body).toBe(201);
    const res = await c.post(`/api/contacts/${saved.json().contact.id}/dial`, {});
    await expectRefused(
      c,
      "POST /api/leads/save-contact + dial",
      asContact(callee),
      res.statusCode,
      res.json().message,
    );
    expect(res.statusCode).toBe(409);
  });

  it.each(callees)("POST /api/calls/bulk (%s)", async (callee, number) => {
    clock = TOKYO_NIGHT;
    const c = await workspace();
    const done = await job(c, await c.post("/api/calls/bulk", { phoneNumbers: [number] }));
    expect(done.status).toBe("completed");
    expect(done.result.results).toEqual({ successful: 0, failed: 1 });
    const [result] = done.result.calls;
    expect(result).toMatchObject({ phoneNumber: number, callId: null });
    await expectRefused(c, "POST /api/calls/bulk", callee, "job result", result.error);
  });

  it.each(callees)("POST /api/enterprise/bulk-call (%s)", async (callee, number) => {
    clock = TOKYO_NIGHT;
    const c = await workspace();
    const started = await c.post("/api/enterprise/bulk-call", {
      phoneNumbers: [number],
      callPurpose: "Renewal",
    });
    const done = await job(c, started);
    expect(done.result.results).toEqual({ successful: 0, failed: 1 });
    await expectRefused(
      c,
      "POST /api/enterprise/bulk-call",
      callee,
      "job result",
      done.result.calls[0].error,
    );
  });

  it.each(callees)("POST /api/voice/outbound, /real-voice-calls (%s)", async (callee, number) => {
    clock = TOKYO_NIGHT;
    const c = await workspace();
    const res = await c.post("/api/voice/outbound", { phoneNumber: number });
    await expectRefused(c, "POST /api/voice/outbound", callee, res.statusCode, res.json().message);
    expect(res.statusCode).toBe(409);
  });

  it.each(callees)("POST /api/viasat/autodial (%s)", async (callee, number) => {
    clock = TOKYO_NIGHT;
    const c = await workspace();
    const res = await c.post("/api/viasat/autodial", { contactId: await contact(c, number) });
    await expectRefused(
      c,
      "POST /api/viasat/autodial",
      asContact(callee),
      res.statusCode,
      res.json().message,
    );
    expect(res.statusCode).toBe(409);
  });

  it.each(callees)("POST /api/grasshopper/call, click-to-call (%s)", async (callee, number) => {
    clock = TOKYO_NIGHT;
    const c = await workspace();
    await setUser(t, c.user.id, { cellphoneNumber: "+14075550123" });
    const res = await c.post("/api/grasshopper/call", { contactId: await contact(c, number) });
    await expectRefused(
      c,
      "POST /api/grasshopper/call",
      asContact(callee),
      res.statusCode,
      res.json().message,
    );
    expect(res.statusCode).toBe(409);
  });

  it.each(callees)("POST /api/autodialer/leads/:id/dial, manual (%s)", async (callee, number) => {
    clock = TOKYO_NIGHT;
    const c = await workspace(false);
    const campaign = await createCampaign(c, { dialingMode: "manual" });
    await addLeads(c, campaign.id, [{ phoneNumber: number }]);
    await start(c, campaign.id);
    await listBehindTheDialersBack(c);
    const [lead] = (await c.get(`/api/autodialer/campaigns/${campaign.id}/leads`)).json().leads;
    const res = await c.post(`/api/autodialer/leads/${lead.id}/dial`);
    await expectRefused(c, "POST /api/autodialer/leads/:id/dial", callee, res.statusCode, res.json().message);
    expect(res.statusCode).toBe(409);
    // No attempt was queued for the runtime to place later.
    expect(await attemptsOf(campaign.id)).toEqual([]);
  });

  /** Starts the campaign with an available rep, ticks the runtime once, answers its one attempt. */
  async function tickOnce(c: SignedInClient, campaignId: string) {
    await setStatus(c, "available", campaignId);
    await start(c, campaignId);
    const report = await runtimeFor(t, onlyOutcomes({ human: 1 }), { now }).tick();
    expect(report.results).toMatchObject({ dialled: 0 });
    const attempts = (await attemptsOf(campaignId)).filter((a) => a.state === "failed");
    expect(attempts).toHaveLength(1);
    expect(attempts[0]?.call_id).toBeNull();
    await c.post(`/api/autodialer/campaigns/${campaignId}/pause`);
    return attempts[0]?.reason ?? "";
  }

  it.each(callees)(
    "predictive and progressive dialling: POST /api/autodialer/campaigns/:id/start, a tick (%s)",
    async (callee, number) => {
      clock = TOKYO_NIGHT;
      for (const dialingMode of ["predictive", "progressive"]) {
        const c = await workspace(false);
        const campaign = await createCampaign(c, { dialingMode });
        await addLeads(c, campaign.id, [{ phoneNumber: number }]);
        await listBehindTheDialersBack(c);
        const reason = await tickOnce(c, campaign.id);
        await expectRefused(c, `${dialingMode} dialling (tick)`, callee, "attempt reason", reason);
      }
    },
  );

  it.each(callees)("POST /api/enterprise/start-campaign, a tick (%s)", async (callee, number) => {
    clock = TOKYO_NIGHT;
    const c = await workspace(false);
    const id = await contact(c, number);
    const started = await c.post("/api/enterprise/start-campaign", {
      campaignType: "cold_outreach",
      contactIds: [id],
    });
    expect(started.statusCode, started.body).toBe(201);
    await listBehindTheDialersBack(c);
    const campaignId = started.json().campaignId as string;
    await c.post(`/api/autodialer/campaigns/${campaignId}/pause`);
    const reason = await tickOnce(c, campaignId);
    await expectRefused(c, "POST /api/enterprise/start-campaign (tick)", callee, "attempt reason", reason);
  });
});

describe("a declared zone does not replace the number's", () => {
  it("refuses a +81 number whose contact and lead say America/New_York, in New York's day and Tokyo's night; dials it when both are in the day", async () => {
    clock = TOKYO_NIGHT; // 16:03 in New York
    const c = await workspace();
    const id = await contact(c, TOKYO, { timezone: "America/New_York" });
    const refused = await c.post(`/api/contacts/${id}/dial`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TOKYO_CONTACT_REFUSAL);

    const campaign = await createCampaign(c, { dialingMode: "progressive" });
    await addLeads(c, campaign.id, [{ phoneNumber: TOKYO, timeZone: "America/New_York", zipCode: "10001" }]);
    await setStatus(c, "available", campaign.id);
    await start(c, campaign.id);
    await runtimeFor(t, onlyOutcomes({ busy: 1 }), { now }).tick();
    const [attempt] = await attemptsOf(campaign.id);
    expect(attempt).toMatchObject({ state: "failed", call_id: null, reason: TOKYO_CONTACT_REFUSAL });
    // The lead is due again when Tokyo's window opens (08:00 there), not dropped.
    const [lead] = await rows<{ status: string; next_attempt_at: Date | string }>(
      t,
      sql`select status, next_attempt_at from campaign_leads where campaign_id = ${campaign.id}`,
    );
    expect(lead?.status).toBe("new");
    expect(new Date(lead!.next_attempt_at).toISOString()).toBe("2026-06-10T23:00:00.000Z");
    await c.post(`/api/autodialer/campaigns/${campaign.id}/pause`);
    expect(carrierCalls).toEqual([]);

    // 09:30 in Tokyo, 20:30 in New York: the same contact is dialled.
    clock = TOKYO_AND_NEW_YORK_DAY;
    const placed = await c.post(`/api/contacts/${id}/dial`, {});
    expect(placed.statusCode, placed.body).toBe(200);
    expect(carrierCalls).toEqual([TOKYO_E164]);
    carrierCalls.length = 0;
  });

  it("refuses the AI assistant's call without consent on file, and lets a person call the same number", async () => {
    clock = TOKYO_AND_NEW_YORK_DAY;
    const c = await buildWorkspace(t);
    const res = await c.post("/api/voice/outbound", { phoneNumber: TOKYO });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(NO_AI_VOICE_CONSENT);
    expect(await callRows(c.user.workspace.id)).toEqual([]);
    expect(carrierCalls).toEqual([]);
  });
});

afterAll(() => {
  // The walk's figures, for the record: each route, each callee, what it answered.
  console.info(
    `dial gate walk: ${new Set(outcomes.map((o) => o.route)).size} routes, ${outcomes.length} refusals\n${outcomes
      .map((o) => `  ${o.route} [${o.callee}] ${o.status}: ${o.says}`)
      .join("\n")}`,
  );
});
