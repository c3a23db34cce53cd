import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignStats, Lead } from "../../../common/dialer";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildMember, buildWorkspace, rows } from "../../test/factories";
import type { DialPort } from "./dial-port";

/** The server's clock, moved by the tests (retry waits, "today", the last hour). */
let clock = new Date("2031-03-04T15:00:00.000Z");
const MINUTE = 60_000;
const advance = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * MINUTE);
};

let t: TestApp;
let port: DialPort;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  port = t.app.services.dialer.dialPort;
}, 120_000);
afterAll(() => t.close());

async function activeCampaign(c: TestClient, leads: string, fields: Record<string, unknown> = {}) {
  const res = await c.post("/api/autodialer/campaigns", { name: "Predictive", ...fields });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  expect((await c.post(`/api/autodialer/campaigns/${id}/leads`, { text: leads })).statusCode).toBe(201);
  expect((await c.post(`/api/autodialer/campaigns/${id}/start`)).statusCode).toBe(200);
  const [row] = await rows<{ workspace_id: string }>(
    t,
    sql`select workspace_id from campaigns where id = ${id}`,
  );
  return {
    id,
    workspaceId: row?.workspace_id ?? "",
    aiAgents: [] as { agentId: string; concurrentCalls: number }[],
  };
}

const leadsOf = async (c: TestClient, id: string) =>
  (await c.get(`/api/autodialer/campaigns/${id}/leads`)).json().leads as Lead[];
const statsOf = async (c: TestClient, id: string) =>
  (await c.get(`/api/autodialer/campaigns/${id}/stats`)).json() as CampaignStats;
/** New York numbers: the clock's 10:00 there is inside their calling hours (the dial gate). */
const numbers = (count: number, from: number) =>
  Array.from({ length: count }, (_, i) => `+1212555${String(from + i).padStart(4, "0")}`).join("\n");

describe("claiming leads", () => {
  it("claims due leads once each, with a unique dial key per lead and attempt", async () => {
    const c = await buildWorkspace(t);
    const campaign = await activeCampaign(c, numbers(5, 1));
    const first = await port.claimLeads(campaign, 3);
    expect(first).toHaveLength(3);
    for (const { lead, attempt } of first) {
      expect(attempt).toMatchObject({ state: "queued", attemptNumber: 1, dialKey: `${lead.id}:1` });
      expect(lead).toMatchObject({ status: "dialing", callAttempts: 1 });
    }
    // Two claims at once (two servers, or a retried tick) share the two leads left: none twice.
    const [a, b] = await Promise.all([port.claimLeads(campaign, 2), port.claimLeads(campaign, 2)]);
    const ids = [...first, ...a, ...b].map(({ lead }) => lead.id);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    expect(await port.claimLeads(campaign, 5)).toEqual([]);
    const keys = await rows<{ n: number }>(
      t,
      sql`select count(distinct dial_key)::int as n from dial_attempts where campaign_id = ${campaign.id}`,
    );
    expect(keys[0]?.n).toBe(5);
  });

  it("claims AI-staffed campaigns' leads only with consent for AI-voice calls", async () => {
    const c = await buildWorkspace(t);
    const agent = (await c.post("/api/ai-agents", { name: "Bot" })).json();
    const res = await c.post("/api/autodialer/campaigns", {
      name: "AI",
      aiAgents: [{ agentId: agent.id, concurrentCalls: 2 }],
    });
    const id = res.json().id;
    await c.post(`/api/autodialer/campaigns/${id}/leads`, {
      leads: [
        { phoneNumber: "+15553020101", firstName: "No" },
        { phoneNumber: "+15553020102", firstName: "Yes", aiVoiceConsent: true, consentSource: "form" },
      ],
    });
    const [row] = await rows<{ workspace_id: string }>(
      t,
      sql`select workspace_id from campaigns where id = ${id}`,
    );
    const claimed = await port.claimLeads(
      { id, workspaceId: row?.workspace_id ?? "", aiAgents: [{ agentId: agent.id, concurrentCalls: 2 }] },
      5,
    );
    expect(claimed.map(({ lead }) => lead.firstName)).toEqual(["Yes"]);
  });

  it("keeps a lead for its agent-only callback away from the automatic claim", async () => {
    const c = await buildWorkspace(t);
    const campaign = await activeCampaign(c, numbers(1, 201));
    const [lead] = await leadsOf(c, campaign.id);
    await c.post(`/api/autodialer/leads/${lead?.id}/callback`, {
      at: new Date(clock.getTime() + 5 * MINUTE).toISOString(),
      agentOnly: true,
    });
    expect(await port.claimLeads(campaign, 1)).toEqual([]);
    advance(10);
    expect(await port.claimLeads(campaign, 1)).toEqual([]);
    // Its agent takes it when it is due.
    expect((await c.post(`/api/autodialer/leads/${lead?.id}/dial`)).statusCode).toBe(201);
  });

  it("leaves the plan's concurrent lines as the budget, and the campaign's max lines", async () => {
    const c = await buildWorkspace(t);
    const campaign = await activeCampaign(c, numbers(4, 301), { maxLines: 15 });
    // The business plan dials 10 lines at once.
    expect(await port.lineBudget({ ...campaign, maxLines: 15 }, "business")).toEqual({ inUse: 0, free: 10 });
    await port.claimLeads(campaign, 3);
    expect(await port.lineBudget({ ...campaign, maxLines: 15 }, "business")).toEqual({ inUse: 3, free: 7 });
    expect(await port.lineBudget({ ...campaign, maxLines: 4 }, "business")).toEqual({ inUse: 3, free: 1 });
    expect(await port.lineBudget({ ...campaign, maxLines: 15 }, "enterprise_starter")).toEqual({
      inUse: 3,
      free: 12,
    });
    expect(await port.lineBudget({ ...campaign, maxLines: 500 }, "enterprise_ultimate")).toEqual({
      inUse: 3,
      free: 497,
    });
  });
});

describe("the plan's concurrent lines", () => {
  it("refuses a manual dial with 402 when the plan's lines are all in use", async () => {
    // The personal plan dials 2 lines at the same time (common/plans.ts).
    const c = await buildWorkspace(t, { planType: "personal" });
    const campaign = await activeCampaign(c, numbers(3, 901));
    expect(await port.lineBudget({ ...campaign, maxLines: 15 }, "personal")).toEqual({ inUse: 0, free: 2 });
    await port.claimLeads(campaign, 2);
    const [waiting] = (await leadsOf(c, campaign.id)).filter((lead) => lead.status === "new");
    const res = await c.post(`/api/autodialer/leads/${waiting?.id}/dial`);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(
      "The Personal plan dials at most 2 lines at the same time. Wait for a line or upgrade your plan.",
    );
    expect((await c.get(`/api/autodialer/campaigns/${campaign.id}`)).json().planLineLimit).toBe(2);
  });
});

describe("attempts, agents and the figures", () => {
  it("connects an answered call to the longest-waiting agent, who ends it; the stats read the attempts", async () => {
    const owner = await buildWorkspace(t);
    const agent = await buildMember(t, owner, "agent");
    const campaign = await activeCampaign(owner, numbers(4, 401));
    await agent.put("/api/autodialer/console/status", { status: "available", campaignId: campaign.id });
    const claimed = await port.claimLeads(campaign, 4);
    const [human, machine, busy, ringing] = claimed.map(({ attempt }) => attempt.id) as [
      string,
      string,
      string,
      string,
    ];
    for (const id of [human, machine, busy, ringing]) await port.markAttempt(id, { state: "dialing" });
    await port.markAttempt(human, { state: "answered", byPerson: true });
    const taken = await port.takeFreeAgent(campaign.id, human);
    expect(taken).toBe(agent.user.id);
    expect(await port.takeFreeAgent(campaign.id, machine)).toBeNull();
    await port.markAttempt(human, { state: "connected", agentUserId: taken });
    await port.markAttempt(machine, { state: "answered", byPerson: false });
    await port.markAttempt(busy, { state: "busy" });
    await port.markAttempt(ringing, { state: "ringing" });

    const console = (await agent.get("/api/autodialer/console")).json();
    expect(console.agent.status).toBe("on_call");
    expect(console.currentCall).toMatchObject({ attemptId: human, state: "connected" });
    const agents = (await owner.get("/api/autodialer/agents")).json();
    expect(agents[1]).toMatchObject({ status: "on_call", currentCalls: 1, totalCallsToday: 1 });

    const stats = await statsOf(owner, campaign.id);
    expect(stats).toMatchObject({
      dialedToday: 4,
      connectedToday: 1,
      contactRate: 25,
      callsPerHour: 4,
      activeLines: 2,
      abandonment: {
        today: { abandoned: 0, answeredByPerson: 1, ratePercent: 0 },
        campaign: { abandoned: 0, answeredByPerson: 1, ratePercent: 0 },
        targetPercent: 2,
        ceilingPercent: 3,
        nearCeiling: false,
      },
    });
    // The machine and the busy line go back for another attempt after the minimum time.
    const leads = await leadsOf(owner, campaign.id);
    expect(leads.map((lead) => [lead.status, lead.disposition])).toEqual([
      ["dialing", null],
      ["retry", "answering_machine"],
      ["retry", "busy"],
      ["dialing", null],
    ]);
    await agent.post(`/api/autodialer/console/calls/${human}/end`, { disposition: "interested" });
    // The rep wraps up (busy) for the campaign's 30 seconds before the dialer counts them again.
    expect((await agent.get("/api/autodialer/console")).json().agent).toMatchObject({ status: "busy" });
    advance(61);
    expect((await statsOf(owner, campaign.id)).callsPerHour).toBe(0);
  });

  it("counts abandoned calls over calls answered by a person (machines in neither) and warns near the ceiling", async () => {
    const c = await buildWorkspace(t);
    const campaign = await activeCampaign(c, numbers(6, 501), { abandonedRetryMinutes: 120 });
    const claimed = await port.claimLeads(campaign, 6);
    const ids = claimed.map(({ attempt }) => attempt.id);
    for (const id of ids.slice(0, 4)) await port.markAttempt(id, { state: "answered", byPerson: true });
    await port.markAttempt(ids[0] ?? "", { state: "abandoned", reason: "No agent within 2 seconds" });
    for (const id of ids.slice(1, 4)) await port.markAttempt(id, { state: "connected" });
    for (const id of ids.slice(4)) await port.markAttempt(id, { state: "answered", byPerson: false });
    const { abandonment } = await statsOf(c, campaign.id);
    expect(abandonment.today).toEqual({ abandoned: 1, answeredByPerson: 4, ratePercent: 25 });
    expect(abandonment.last30Days).toEqual({ abandoned: 1, answeredByPerson: 4, ratePercent: 25 });
    expect(abandonment.nearCeiling).toBe(true);
    const inputs = await port.pacingInputs(campaign, "America/New_York");
    expect(inputs).toMatchObject({
      rolling30Days: { abandoned: 1, humanAnswered: 4 },
      campaignSoFar: { abandoned: 1, humanAnswered: 4 },
      linesRinging: 0,
    });
    // The abandoned lead waits its own, longer time before it is dialled again.
    const abandonedLead = (await leadsOf(c, campaign.id))[0];
    expect(abandonedLead).toMatchObject({ status: "retry", disposition: "abandoned" });
    expect(new Date(abandonedLead?.nextAttemptAt ?? 0).getTime()).toBe(clock.getTime() + 120 * MINUTE);
    // An ended attempt is settled once: a late event changes nothing.
    await port.markAttempt(ids[0] ?? "", { state: "failed" });
    expect((await statsOf(c, campaign.id)).abandonment.today.abandoned).toBe(1);
    // Thirty-one days later, today and the 30 days are clean; the campaign keeps its history.
    advance(31 * 24 * 60);
    const later = (await statsOf(c, campaign.id)).abandonment;
    expect(later.today.answeredByPerson).toBe(0);
    expect(later.last30Days.answeredByPerson).toBe(0);
    expect(later.campaign).toEqual({ abandoned: 1, answeredByPerson: 4, ratePercent: 25 });
  });

  it("retries after the minimum time between attempts, and stops at max attempts", async () => {
    const c = await buildWorkspace(t);
    const campaign = await activeCampaign(c, numbers(1, 601), { maxAttempts: 2, retryMinutes: 30 });
    const [first] = await port.claimLeads(campaign, 1);
    await port.markAttempt(first?.attempt.id ?? "", { state: "no_answer" });
    expect(await port.claimLeads(campaign, 1)).toEqual([]);
    advance(29);
    expect(await port.claimLeads(campaign, 1)).toEqual([]);
    advance(2);
    const [second] = await port.claimLeads(campaign, 1);
    expect(second?.attempt).toMatchObject({ attemptNumber: 2, dialKey: `${first?.lead.id}:2` });
    await port.markAttempt(second?.attempt.id ?? "", { state: "no_answer" });
    expect((await leadsOf(c, campaign.id))[0]).toMatchObject({ status: "exhausted", attempts: 2 });
    advance(60);
    expect(await port.claimLeads(campaign, 1)).toEqual([]);
    // Nothing left to dial and no line in use: the campaign is completed.
    expect(await port.completeIfDone(campaign.id)).toBe(true);
    expect((await c.get(`/api/autodialer/campaigns/${campaign.id}`)).json().status).toBe("completed");
  });

  it("activates a scheduled campaign when its time comes, and lists it as due", async () => {
    const c = await buildWorkspace(t);
    const at = new Date(clock.getTime() + 30 * MINUTE).toISOString();
    const res = await c.post("/api/autodialer/campaigns", { name: "Later", scheduledStartAt: at });
    const id = res.json().id;
    await c.post(`/api/autodialer/campaigns/${id}/leads`, { text: "+15553020701" });
    expect((await c.post(`/api/autodialer/campaigns/${id}/start`)).json().campaign.status).toBe("scheduled");
    expect((await port.dueCampaigns(1000)).map((row) => row.id)).not.toContain(id);
    advance(31);
    expect((await port.dueCampaigns(1000)).map((row) => row.id)).toContain(id);
    expect((await c.get(`/api/autodialer/campaigns/${id}`)).json().status).toBe("active");
  });

  it("keeps the pacing state for the next tick and shows a drop to progressive", async () => {
    const c = await buildWorkspace(t);
    const campaign = await activeCampaign(c, numbers(1, 801));
    await port.savePacing(campaign.id, {
      level: 1,
      droppedToProgressive: true,
      updatedAt: clock.toISOString(),
    });
    expect((await c.get(`/api/autodialer/campaigns/${campaign.id}`)).json().droppedToProgressive).toBe(true);
    expect(await port.isCampaignDoNotCall(campaign.id, "+15553020801")).toBe(false);
    await c.post(`/api/autodialer/campaigns/${campaign.id}/do-not-call`, { phoneNumber: "+15553020801" });
    expect(await port.isCampaignDoNotCall(campaign.id, "+15553020801")).toBe(true);
  });
});
