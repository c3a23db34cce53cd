import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentReportRow, CampaignReportRow, Leaderboard, Report } from "../../../common/reports";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildMember, buildWorkspace, rows, type SignedInClient } from "../../test/factories";
import { addLeads, createCampaign } from "../dialer/runtime/test-support";

/**
 * Reports against hand-counted fixtures: attempts and calls written with known times and
 * outcomes, every figure checked exactly. The workspace is in New York; the range 7 to 15 March
 * 2026 crosses the change to summer time (8 March), so its first midnight is 05:00 UTC and the
 * midnight after its last day 04:00 UTC.
 */

/** The server's clock: after the range, so the 30-day figure runs up to the range's end. */
const clock = new Date("2026-03-20T16:00:00.000Z");
const RANGE = "from=2026-03-07&to=2026-03-15";

let t: TestApp;
let owner: SignedInClient;
let repB: SignedInClient;
let workspaceId: string;
let solar: string;
let roofs: string;
let robin: string;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  owner = await buildWorkspace(t, { fullName: "Ana Owner" });
  workspaceId = owner.user.workspace.id;
  repB = await buildMember(t, owner, "agent");
  robin = (await owner.post("/api/ai-agents", { name: "Robin" })).json().id;
  solar = (await createCampaign(owner, { name: "Spring Solar" })).id;
  roofs = (await createCampaign(owner, { name: "Roof Leads" })).id;
  await seed();
}, 120_000);
afterAll(() => t.close());

type Attempt = {
  campaign: string;
  /** Local New York time of the dial, as an instant. */
  at: string;
  state: string;
  disposition?: string;
  /** Answered by a person this many seconds after the dial. */
  answered?: number;
  machine?: boolean;
  /** Put through to an agent this many seconds after the dial. */
  connected?: number;
  /** Ended this many seconds after the dial. */
  ended?: number;
  rep?: string;
  ai?: string;
  /**
   * The rep's wrap-up: Ready this many seconds after the end (the disposition came halfway,
   * which the report does not read).
   */
  wrapUp?: number;
  /** Never dialled (the dial gate refused it). */
  refused?: boolean;
};

const leadsOf = new Map<string, string[]>();
let phone = 1000;

async function leadFor(campaignId: string): Promise<string> {
  phone += 1;
  const e164 = `+1212555${phone}`;
  await addLeads(owner, campaignId, [{ phoneNumber: e164, firstName: "Lead" }]);
  const [row] = await rows<{ id: string }>(
    t,
    sql`select id from campaign_leads where campaign_id = ${campaignId} and phone_e164 = ${e164}`,
  );
  const id = row?.id ?? "";
  leadsOf.set(campaignId, [...(leadsOf.get(campaignId) ?? []), id]);
  return id;
}

async function attempt(a: Attempt, workspace = workspaceId): Promise<void> {
  const lead = await leadFor(a.campaign);
  const queued = new Date(a.at);
  const plus = (seconds: number | undefined) =>
    seconds === undefined ? null : new Date(queued.getTime() + seconds * 1000);
  const ended = plus(a.ended);
  const disposed = a.wrapUp !== undefined && ended ? new Date(ended.getTime() + a.wrapUp * 500) : ended;
  const ready = a.wrapUp !== undefined && ended ? new Date(ended.getTime() + a.wrapUp * 1000) : null;
  await t.database.db.execute(sql`
    insert into dial_attempts (workspace_id, campaign_id, lead_id, attempt_number, dial_key, phone_e164, state,
      agent_user_id, ai_agent_id, answered_by_person, queued_at, dialed_at, answered_at, connected_at, ended_at,
      disposition, disposed_by, disposed_at, wrap_up_ended_at)
    values (${workspace}, ${a.campaign}, ${lead}, 1, ${`${lead}:1`}, '+12125550000', ${a.state},
      ${a.rep ?? null}, ${a.ai ?? null}, ${a.answered !== undefined && !a.machine}, ${queued},
      ${a.refused ? null : plus(1)}, ${plus(a.answered)}, ${plus(a.connected)}, ${ended},
      ${a.disposition ?? null}, ${a.wrapUp !== undefined ? (a.rep ?? null) : null}, ${a.disposition && ended ? disposed : null},
      ${ready})`);
}

type OtherCall = {
  at: string;
  direction: "inbound" | "outbound";
  agent?: string;
  /** The assistant heard the caller. */
  heard: boolean;
  disposition?: string;
  duration: number;
  test?: boolean;
  dialKey?: string;
};

async function call(c: OtherCall, workspace = workspaceId): Promise<void> {
  const at = new Date(c.at);
  await t.database.db.execute(sql`
    insert into calls (workspace_id, phone_number, direction, status, start_time, end_time, duration, disposition,
      agent_id, call_type, dial_key, created_at, is_test, analysis, is_active)
    values (${workspace}, '+13125550100', ${c.direction}, 'completed', ${at},
      ${new Date(at.getTime() + c.duration * 1000)}, ${c.duration}, ${c.disposition ?? null}, ${c.agent ?? null},
      'twilio', ${c.dialKey ?? null}, ${at}, ${c.test ?? false}, ${c.heard ? sql`'{}'::jsonb` : null}, false)`);
}

/** New York: EST (UTC-5) until 8 March 2026 02:00, then EDT (UTC-4). */
async function seed(): Promise<void> {
  const repA = owner.user.id;
  const b = repB.user.id;
  // Spring Solar, worked by two reps.
  await attempt({
    campaign: solar,
    at: "2026-03-10T14:00:00Z",
    state: "no_answer",
    disposition: "no_answer",
    ended: 25,
  });
  await attempt({
    campaign: solar,
    at: "2026-03-10T14:05:00Z",
    state: "busy",
    disposition: "busy",
    ended: 5,
  });
  await attempt({
    campaign: solar,
    at: "2026-03-10T14:10:00Z",
    state: "machine",
    disposition: "answering_machine",
    answered: 10,
    machine: true,
    ended: 10,
  });
  await attempt({
    campaign: solar,
    at: "2026-03-10T14:20:00Z",
    state: "completed",
    disposition: "sale",
    answered: 10,
    connected: 12,
    ended: 312,
    rep: repA,
    wrapUp: 20,
  });
  await attempt({
    campaign: solar,
    at: "2026-03-10T15:05:00Z",
    state: "completed",
    disposition: "not_interested",
    answered: 10,
    connected: 11,
    ended: 131,
    rep: repA,
    wrapUp: 40,
  });
  await attempt({
    campaign: solar,
    at: "2026-03-11T13:30:00Z",
    state: "completed",
    disposition: "appointment",
    answered: 10,
    connected: 13,
    ended: 213,
    rep: b,
    wrapUp: 10,
  });
  await attempt({
    campaign: solar,
    at: "2026-03-11T13:40:00Z",
    state: "abandoned",
    disposition: "abandoned",
    answered: 10,
    ended: 12,
  });
  // 23:30 on the range's last day in New York: in.
  await attempt({
    campaign: solar,
    at: "2026-03-16T03:30:00Z",
    state: "completed",
    disposition: "interested",
    answered: 10,
    connected: 12,
    ended: 72,
    rep: b,
    wrapUp: 30,
  });
  // Midnight after the last day: out (and answered after the 30-day window's end too).
  await attempt({
    campaign: solar,
    at: "2026-03-16T04:00:00Z",
    state: "completed",
    disposition: "sale",
    answered: 10,
    connected: 12,
    ended: 100,
    rep: b,
    wrapUp: 5,
  });
  // The first midnight (EST): in; a minute before it: out.
  await attempt({
    campaign: solar,
    at: "2026-03-07T05:00:00Z",
    state: "no_answer",
    disposition: "no_answer",
    ended: 25,
  });
  await attempt({
    campaign: solar,
    at: "2026-03-07T04:59:00Z",
    state: "no_answer",
    disposition: "no_answer",
    ended: 25,
  });
  // Refused by the dial gate: never dialled, no call.
  await attempt({ campaign: solar, at: "2026-03-12T14:00:00Z", state: "failed", refused: true });
  // Before the range, inside the 30 days up to its end; and one before those 30 days.
  await attempt({
    campaign: solar,
    at: "2026-02-20T17:00:00Z",
    state: "abandoned",
    disposition: "abandoned",
    answered: 8,
    ended: 10,
  });
  await attempt({
    campaign: solar,
    at: "2026-02-20T17:10:00Z",
    state: "completed",
    disposition: "callback",
    answered: 8,
    connected: 9,
    ended: 50,
    rep: repA,
    wrapUp: 5,
  });
  await attempt({
    campaign: solar,
    at: "2026-02-01T17:00:00Z",
    state: "abandoned",
    disposition: "abandoned",
    answered: 8,
    ended: 10,
  });

  // Roof Leads, staffed by the AI agent Robin.
  await attempt({
    campaign: roofs,
    at: "2026-03-12T18:00:00Z",
    state: "completed",
    disposition: "interested",
    answered: 5,
    connected: 5,
    ended: 95,
    ai: robin,
  });
  await attempt({
    campaign: roofs,
    at: "2026-03-12T18:30:00Z",
    state: "completed",
    disposition: "not_interested",
    answered: 5,
    connected: 7,
    ended: 52,
    ai: robin,
  });
  await attempt({
    campaign: roofs,
    at: "2026-03-12T18:45:00Z",
    state: "no_answer",
    disposition: "no_answer",
    ended: 25,
  });

  // Calls outside the autodialer.
  await call({
    at: "2026-03-13T19:00:00Z",
    direction: "inbound",
    agent: robin,
    heard: true,
    disposition: "booked",
    duration: 180,
  });
  await call({
    at: "2026-03-13T19:20:00Z",
    direction: "inbound",
    heard: true,
    disposition: "qualified",
    duration: 100,
  });
  await call({ at: "2026-03-13T20:00:00Z", direction: "outbound", agent: robin, heard: false, duration: 0 });
  // A test call, a keyed call of no bulk run and the autodialer's own call row: in none of the figures.
  await call({
    at: "2026-03-14T14:00:00Z",
    direction: "inbound",
    heard: true,
    disposition: "booked",
    duration: 60,
    test: true,
  });
  await call({
    at: "2026-03-13T19:30:00Z",
    direction: "outbound",
    heard: true,
    disposition: "interested",
    duration: 70,
    dialKey: "bulk-job:1",
  });
  const [dialled] = await rows<{ dial_key: string }>(
    t,
    sql`select dial_key from dial_attempts where campaign_id = ${solar} and disposition = 'sale' order by queued_at limit 1`,
  );
  await call({
    at: "2026-03-10T14:20:01Z",
    direction: "outbound",
    heard: true,
    disposition: "booked",
    duration: 300,
    dialKey: dialled?.dial_key ?? "",
  });
}

async function report(c: TestClient, query = RANGE): Promise<Report> {
  const res = await c.get(`/api/reports?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Report;
}

const campaignRow = (r: Report, id: string | null) => r.campaigns.find((row) => row.campaignId === id);
const agentRow = (r: Report, id: string) => r.agents.find((row) => row.agentId === id);
const outcomes = (row: { outcomes: Record<string, number> }) =>
  Object.fromEntries(Object.entries(row.outcomes).filter(([, n]) => n > 0));

describe("GET /api/reports", () => {
  it("counts each campaign's calls in the workspace's days, to the second of the zone's midnights", async () => {
    const r = await report(owner);
    expect(r.range).toEqual({
      from: "2026-03-07",
      to: "2026-03-15",
      timeZone: "America/New_York",
      start: "2026-03-07T05:00:00.000Z",
      end: "2026-03-16T04:00:00.000Z",
      campaignId: null,
    });
    expect(r.campaigns.map((row) => row.name)).toEqual([
      "Spring Solar",
      "Other calls (outside campaigns)",
      "Roof Leads",
    ]);
    expect(campaignRow(r, solar)).toMatchObject({
      status: "paused",
      calls: 9,
      dials: 9,
      contacts: 5,
      contactRate: 55.6,
      inbound: 0,
      connects: 4,
      talkSeconds: 680,
      avgTalkSeconds: 170,
      avgWaitSeconds: 2,
      avgWrapUpSeconds: 25,
      conversions: 3,
      conversionRate: 75,
      abandoned: 1,
      abandonmentRate: 20,
      // 30 days to 16 March 04:00 UTC: five answered in the range, two on 20 February.
      last30Days: { abandoned: 2, answeredByPerson: 7, ratePercent: 28.6 },
      activeHours: 5,
      callsPerHour: 1.8,
    } satisfies Partial<CampaignReportRow>);
    expect(outcomes(campaignRow(r, solar)!)).toEqual({
      no_answer: 2,
      busy: 1,
      voicemail: 1,
      sale: 1,
      not_interested: 1,
      booked: 1,
      abandoned: 1,
      interested: 1,
    });
    expect(campaignRow(r, roofs)).toMatchObject({
      calls: 3,
      dials: 3,
      contacts: 2,
      contactRate: 66.7,
      connects: 2,
      talkSeconds: 135,
      avgTalkSeconds: 68,
      avgWaitSeconds: 1,
      avgWrapUpSeconds: 0,
      conversions: 1,
      conversionRate: 50,
      abandoned: 0,
      abandonmentRate: 0,
      last30Days: { abandoned: 0, answeredByPerson: 2, ratePercent: 0 },
      activeHours: 1,
      callsPerHour: 3,
    });
    expect(outcomes(campaignRow(r, roofs)!)).toEqual({ interested: 1, not_interested: 1, no_answer: 1 });
  });

  it("counts the calls outside the autodialer once, without test calls or keyed calls", async () => {
    const r = await report(owner);
    const other = campaignRow(r, null);
    expect(other).toMatchObject({
      status: null,
      calls: 3,
      dials: 1,
      contacts: 0,
      contactRate: 0,
      inbound: 2,
      connects: 2,
      talkSeconds: 280,
      avgTalkSeconds: 140,
      avgWaitSeconds: 0,
      conversions: 2,
      conversionRate: 100,
      abandoned: 0,
      last30Days: null,
      activeHours: 2,
      callsPerHour: 1.5,
    });
    expect(outcomes(other!)).toEqual({ booked: 1, qualified: 1 });
  });

  it("adds the whole workspace up, with the 30-day abandonment the law reads", async () => {
    const { totals } = await report(owner);
    expect(totals).toMatchObject({
      calls: 15,
      dials: 13,
      contacts: 7,
      contactRate: 53.8,
      inbound: 2,
      connects: 8,
      talkSeconds: 1095,
      avgTalkSeconds: 137,
      avgWaitSeconds: 2,
      avgWrapUpSeconds: 25,
      conversions: 6,
      conversionRate: 75,
      abandoned: 1,
      abandonmentRate: 14.3,
      last30Days: { abandoned: 2, answeredByPerson: 9, ratePercent: 22.2 },
      activeHours: 8,
      callsPerHour: 1.9,
    });
    expect(outcomes(totals)).toEqual({
      no_answer: 3,
      busy: 1,
      voicemail: 1,
      sale: 1,
      not_interested: 2,
      booked: 2,
      abandoned: 1,
      interested: 2,
      qualified: 1,
    });
  });

  it("counts each rep and each AI agent, the AI agent's calls outside campaigns with its campaign calls", async () => {
    const r = await report(owner);
    expect(r.agents.map((row) => [row.kind, row.agentId])).toEqual([
      ["ai", robin],
      ["rep", repB.user.id],
      ["rep", owner.user.id],
    ]);
    expect(agentRow(r, owner.user.id)).toMatchObject({
      name: "Ana Owner",
      calls: 2,
      contacts: 2,
      connects: 2,
      talkSeconds: 420,
      avgTalkSeconds: 210,
      avgWaitSeconds: 2,
      avgWrapUpSeconds: 30,
      conversions: 1,
      conversionRate: 50,
      last30Days: null,
      activeHours: 2,
      callsPerHour: 1,
    } satisfies Partial<AgentReportRow>);
    expect(agentRow(r, repB.user.id)).toMatchObject({
      name: repB.user.username,
      calls: 2,
      connects: 2,
      talkSeconds: 260,
      avgTalkSeconds: 130,
      avgWaitSeconds: 3,
      avgWrapUpSeconds: 20,
      conversions: 2,
      conversionRate: 100,
      activeHours: 2,
    });
    expect(agentRow(r, robin)).toMatchObject({
      name: "Robin",
      calls: 4,
      dials: 3,
      contacts: 2,
      inbound: 1,
      connects: 3,
      talkSeconds: 315,
      avgTalkSeconds: 105,
      avgWaitSeconds: 1,
      avgWrapUpSeconds: 0,
      conversions: 2,
      conversionRate: 66.7,
      activeHours: 3,
      callsPerHour: 1.3,
    });
    expect(outcomes(agentRow(r, robin)!)).toEqual({ interested: 1, not_interested: 1, booked: 1 });
  });

  it("lists every day of the range and every hour of the day, in the workspace's zone", async () => {
    const r = await report(owner);
    expect(r.days.map((day) => day.day)).toEqual([
      "2026-03-07",
      "2026-03-08",
      "2026-03-09",
      "2026-03-10",
      "2026-03-11",
      "2026-03-12",
      "2026-03-13",
      "2026-03-14",
      "2026-03-15",
    ]);
    const busy = r.days.filter((day) => day.calls > 0);
    expect(busy).toEqual([
      { day: "2026-03-07", calls: 1, dials: 1, connects: 0, conversions: 0, talkSeconds: 0 },
      { day: "2026-03-10", calls: 5, dials: 5, connects: 2, conversions: 1, talkSeconds: 420 },
      { day: "2026-03-11", calls: 2, dials: 2, connects: 1, conversions: 1, talkSeconds: 200 },
      { day: "2026-03-12", calls: 3, dials: 3, connects: 2, conversions: 1, talkSeconds: 135 },
      { day: "2026-03-13", calls: 3, dials: 1, connects: 2, conversions: 2, talkSeconds: 280 },
      { day: "2026-03-15", calls: 1, dials: 1, connects: 1, conversions: 1, talkSeconds: 60 },
    ]);
    expect(r.hours).toHaveLength(24);
    expect(r.hours.filter((hour) => hour.calls > 0)).toEqual([
      { hour: 0, calls: 1, connects: 0 },
      { hour: 9, calls: 2, connects: 1 },
      { hour: 10, calls: 4, connects: 1 },
      { hour: 11, calls: 1, connects: 1 },
      { hour: 14, calls: 3, connects: 2 },
      { hour: 15, calls: 2, connects: 2 },
      { hour: 16, calls: 1, connects: 0 },
      { hour: 23, calls: 1, connects: 1 },
    ]);
  });

  it("reports one campaign alone, its agents counting only its calls", async () => {
    const r = await report(owner, `${RANGE}&campaignId=${solar}`);
    expect(r.range.campaignId).toBe(solar);
    expect(r.campaigns.map((row) => row.campaignId)).toEqual([solar]);
    expect(r.agents.map((row) => row.agentId)).toEqual([repB.user.id, owner.user.id]);
    expect(r.totals).toMatchObject({
      calls: 9,
      connects: 4,
      conversions: 3,
      last30Days: { abandoned: 2, answeredByPerson: 7, ratePercent: 28.6 },
    });
    // A campaign with no calls in the range is still the row asked about.
    const quiet = await report(owner, `from=2026-01-01&to=2026-01-31&campaignId=${roofs}`);
    expect(quiet.campaigns).toHaveLength(1);
    expect(quiet.campaigns[0]).toMatchObject({
      campaignId: roofs,
      name: "Roof Leads",
      calls: 0,
      callsPerHour: 0,
    });
  });

  it("reads the days in the workspace's zone: another zone moves the last evening's call out", async () => {
    const res = await owner.post("/api/ai-settings", { timezone: "Asia/Kolkata" });
    expect(res.statusCode, res.body).toBe(200);
    try {
      const r = await report(owner);
      // 23:30 in New York on 15 March is 09:00 on 16 March in Kolkata.
      expect(r.range.start).toBe("2026-03-06T18:30:00.000Z");
      expect(r.range.end).toBe("2026-03-15T18:30:00.000Z");
      expect(r.days.find((day) => day.day === "2026-03-15")?.calls).toBe(0);
      // A minute before New York's first midnight is 10:29 on 7 March there: in, as its 10:30.
      expect(r.days.find((day) => day.day === "2026-03-07")?.calls).toBe(2);
      expect(r.hours.find((hour) => hour.hour === 10)).toEqual({ hour: 10, calls: 2, connects: 0 });
      expect(r.totals.calls).toBe(15);
      expect(r.days.reduce((sum, day) => sum + day.calls, 0)).toBe(15);
    } finally {
      await owner.post("/api/ai-settings", { timezone: "America/New_York" });
    }
  });

  it("is the workspace's alone: another's calls are in none of its figures, its campaign a 404", async () => {
    const stranger = await buildWorkspace(t, { fullName: "Sam Stranger" });
    const theirs = (await createCampaign(stranger, { name: "Their Campaign" })).id;
    const before = await report(owner);
    const otherOwner = owner;
    owner = stranger;
    try {
      await attempt(
        {
          campaign: theirs,
          at: "2026-03-10T14:30:00Z",
          state: "completed",
          disposition: "sale",
          answered: 5,
          connected: 6,
          ended: 100,
          rep: stranger.user.id,
          wrapUp: 3,
        },
        stranger.user.workspace.id,
      );
      await call(
        {
          at: "2026-03-13T19:00:00Z",
          direction: "inbound",
          heard: true,
          disposition: "booked",
          duration: 50,
        },
        stranger.user.workspace.id,
      );
    } finally {
      owner = otherOwner;
    }
    const after = await report(owner);
    expect(after.totals).toEqual(before.totals);
    expect(after.campaigns).toEqual(before.campaigns);
    expect(after.agents).toEqual(before.agents);

    const theirReport = await report(stranger);
    expect(theirReport.totals).toMatchObject({ calls: 2, connects: 2, conversions: 2 });
    expect(theirReport.agents.map((row) => row.agentId)).toEqual([stranger.user.id]);

    const foreign = await owner.get(`/api/reports?${RANGE}&campaignId=${theirs}`);
    expect(foreign.statusCode).toBe(404);
    const unknown = await owner.get(`/api/reports?${RANGE}&campaignId=00000000-0000-4000-8000-000000000000`);
    expect(unknown.statusCode).toBe(404);
    const exported = await owner.get(`/api/reports/export?${RANGE}&view=campaigns&campaignId=${theirs}`);
    expect(exported.statusCode).toBe(404);
  });

  it("answers a bad range with 400 and a message a person can act on", async () => {
    const cases: [string, string][] = [
      ["", "from must be a date like 2026-03-01"],
      ["from=2026-03-01", "to must be a date like 2026-03-31"],
      ["from=2026-02-30&to=2026-03-01", "from must be a date like 2026-03-01"],
      ["from=03/01/2026&to=2026-03-31", "from must be a date like 2026-03-01"],
      ["from=2026-03-10&to=2026-03-09", "The end date must be on or after the start date"],
      ["from=2025-01-01&to=2026-01-02", "A report covers at most 366 days: choose a shorter range"],
      ["from=2026-03-01&to=2026-03-31&campaignId=nope", "campaignId must be a campaign's id"],
    ];
    for (const [query, message] of cases) {
      const res = await owner.get(`/api/reports?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(message);
    }
    // 366 days (a leap year) is the most a report covers.
    expect((await owner.get("/api/reports?from=2024-01-01&to=2024-12-31")).statusCode).toBe(200);
    const view = await owner.get(`/api/reports/export?${RANGE}&view=everything`);
    expect(view.statusCode).toBe(400);
    expect(view.json().message).toContain("view must be campaigns, agents or days");
    const period = await owner.get("/api/reports/leaderboard?period=year");
    expect(period.statusCode).toBe(400);
    expect(period.json().message).toContain("period must be today, 7d or 30d");
  });

  it("is for every member, and for nobody signed out", async () => {
    expect((await repB.get(`/api/reports?${RANGE}`)).statusCode).toBe(200);
    expect((await t.client().get(`/api/reports?${RANGE}`)).statusCode).toBe(401);
  });
});

describe("GET /api/reports/export", () => {
  const csvRows = (body: string): string[][] => parse(body, { bom: true, record_delimiter: "\r\n" });

  it("sends the campaigns table with the whole workspace's figures last", async () => {
    const res = await owner.get(`/api/reports/export?${RANGE}&view=campaigns`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="report-campaigns-2026-03-07-to-2026-03-15.csv"',
    );
    const [header, ...lines] = csvRows(res.body);
    const cell = (line: string[] | undefined, name: string) => line?.[header!.indexOf(name)];
    expect(header?.slice(0, 4)).toEqual(["Campaign", "Status", "Calls", "Dials"]);
    expect(lines.map((line) => line[0])).toEqual([
      "Spring Solar",
      "Other calls (outside campaigns)",
      "Roof Leads",
      "All calls",
    ]);
    const solarLine = lines[0];
    expect(cell(solarLine, "Calls")).toBe("9");
    expect(cell(solarLine, "Contact rate %")).toBe("55.6");
    expect(cell(solarLine, "Talk time (seconds)")).toBe("680");
    expect(cell(solarLine, "30-day abandonment rate %")).toBe("28.6");
    expect(cell(solarLine, "Sale")).toBe("1");
    expect(cell(lines[1], "Abandoned in 30 days")).toBe("");
    const all = lines[3];
    expect(cell(all, "Calls")).toBe("15");
    expect(cell(all, "Conversions")).toBe("6");
    expect(cell(all, "Calls per hour")).toBe("1.9");
  });

  it("sends the agents and the days", async () => {
    const agents = csvRows((await owner.get(`/api/reports/export?${RANGE}&view=agents`)).body);
    expect(agents[0]?.slice(0, 3)).toEqual(["Agent", "Type", "Calls"]);
    expect(agents.slice(1).map((line) => [line[0], line[1], line[2]])).toEqual([
      ["Robin", "AI agent", "4"],
      [repB.user.username, "Rep", "2"],
      ["Ana Owner", "Rep", "2"],
    ]);
    const days = csvRows((await owner.get(`/api/reports/export?${RANGE}&view=days`)).body);
    expect(days[0]).toEqual(["Day", "Calls", "Dials", "Connects", "Conversions", "Talk time (seconds)"]);
    expect(days).toHaveLength(10);
    expect(days[4]).toEqual(["2026-03-10", "5", "5", "2", "1", "420"]);
  });
});

describe("GET /api/reports/leaderboard", () => {
  it("ranks the agents by conversions, then connects, over the days up to today", async () => {
    // Today is 20 March in New York: the 30 days from 19 February hold every fixture above.
    const res = await owner.get("/api/reports/leaderboard?period=30d");
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json() as Leaderboard;
    expect(board).toMatchObject({ period: "30d", from: "2026-02-19", to: "2026-03-20" });
    expect(board.agents.map((agent) => [agent.rank, agent.name, agent.conversions, agent.connects])).toEqual([
      // Rep B: the appointment, the interest at 23:30 on 15 March and the sale at midnight after it.
      [1, repB.user.username, 3, 3],
      // Robin: interest on a campaign call and a booking on a call in.
      [2, "Robin", 2, 3],
      // Ana: the sale, the not interested and the call back on 20 February.
      [3, "Ana Owner", 1, 3],
    ]);
    const today = (await owner.get("/api/reports/leaderboard?period=today")).json() as Leaderboard;
    expect(today).toMatchObject({ from: "2026-03-20", to: "2026-03-20", agents: [] });
  });
});
