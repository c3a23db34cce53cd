import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentConsole, CurrentCall, Lead } from "../../../common/dialer";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { clockFrom, NORTH_AMERICAN_EVENING } from "../../test/dialing";
import { buildMember, buildWorkspace, type SignedInClient } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  // Agents dial inside the calling hours of every North American number (the dial gate).
  t = await createTestApp({}, { now: clockFrom(NORTH_AMERICAN_EVENING) });
}, 120_000);
afterAll(() => t.close());

/** A manual campaign with the given lead lines, and its leads. */
async function campaignWithLeads(c: TestClient, text: string, mode = "manual") {
  const res = await c.post("/api/autodialer/campaigns", { name: "Callbacks", dialingMode: mode });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  expect((await c.post(`/api/autodialer/campaigns/${id}/leads`, { text })).statusCode).toBe(201);
  const leads = (await c.get(`/api/autodialer/campaigns/${id}/leads`)).json().leads as Lead[];
  return { id, leads };
}

async function dial(c: TestClient, leadId: string): Promise<CurrentCall> {
  const res = await c.post(`/api/autodialer/leads/${leadId}/dial`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function consoleOf(c: TestClient): Promise<AgentConsole> {
  const res = await c.get("/api/autodialer/console");
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const FUTURE = "2031-03-04T15:00:00.000Z";

describe("agents", () => {
  let owner: SignedInClient;
  let agent: SignedInClient;
  beforeAll(async () => {
    owner = await buildWorkspace(t, { fullName: "Olive Owner" });
    agent = await buildMember(t, owner, "agent");
  });

  it("lists every member with an extension in the order they joined, offline until they log in", async () => {
    const res = await agent.get("/api/autodialer/agents");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: owner.user.id,
        name: "Olive Owner",
        extension: "101",
        status: "offline",
        currentCalls: 0,
        totalCallsToday: 0,
      }),
      expect.objectContaining({ id: agent.user.id, extension: "102", status: "offline" }),
    ]);
  });

  it("an agent sets their own status and campaign; on_call is the dialer's to set", async () => {
    const { id } = await campaignWithLeads(owner, "+15553013001, Pat");
    const res = await agent.put("/api/autodialer/console/status", { status: "available", campaignId: id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().agent).toMatchObject({ id: agent.user.id, status: "available", campaignId: id });
    const listed = (await owner.get("/api/autodialer/agents")).json();
    expect(listed[1]).toMatchObject({ status: "available", campaignId: id });
    const onCall = await agent.put("/api/autodialer/console/status", { status: "on_call" });
    expect(onCall.statusCode).toBe(400);
    expect(onCall.json().message).toBe("Status must be available, busy, break or offline");
    const brk = await agent.put("/api/autodialer/console/status", { status: "break" });
    expect(brk.json().agent).toMatchObject({ status: "break", campaignId: id });
  });

  it("answers 404 for another workspace's campaign", async () => {
    const other = await buildWorkspace(t);
    const { id } = await campaignWithLeads(other, "+15553013002");
    const res = await agent.put("/api/autodialer/console/status", { status: "available", campaignId: id });
    expect(res.statusCode).toBe(404);
  });
});

describe("dialling a lead and ending the call", () => {
  it("a manual dial puts the lead on the agent's console; they end it with a disposition and notes", async () => {
    const owner = await buildWorkspace(t);
    const agent = await buildMember(t, owner, "agent");
    const { id, leads } = await campaignWithLeads(owner, "+15553013010, Dana, Whitfield\n+15553013011, Lee");
    const lead = leads[0] as Lead;
    const call = await dial(agent, lead.id);
    expect(call).toMatchObject({
      campaignId: id,
      campaignName: "Callbacks",
      state: "queued",
      attemptNumber: 1,
      callId: null,
      lead: { id: lead.id, status: "dialing", attempts: 1, firstName: "Dana" },
    });
    const during = await consoleOf(agent);
    expect(during.agent.status).toBe("on_call");
    expect(during.currentCall?.attemptId).toBe(call.attemptId);
    expect(during.dispositions.map((d) => d.code)).toContain("sale");
    expect(during.dispositions.find((d) => d.code === "sale")).toMatchObject({
      sale: true,
      humanAnswered: true,
      final: true,
    });

    // One call at a time, and no stepping away from a live call.
    const second = await agent.post(`/api/autodialer/leads/${leads[1]?.id}/dial`);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe("Finish your call first: end it with a disposition");
    expect((await agent.put("/api/autodialer/console/status", { status: "break" })).statusCode).toBe(409);

    // Someone else's call is not theirs to end (an admin may close it).
    const colleague = await buildMember(t, owner, "agent");
    const refused = await colleague.post(`/api/autodialer/console/calls/${call.attemptId}/end`, {
      disposition: "sale",
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("That call is not yours to end");

    const noTime = await agent.post(`/api/autodialer/console/calls/${call.attemptId}/end`, {
      disposition: "callback",
    });
    expect(noTime.statusCode).toBe(400);
    expect(noTime.json().message).toBe("Choose when to call back");
    const systemCode = await agent.post(`/api/autodialer/console/calls/${call.attemptId}/end`, {
      disposition: "busy",
    });
    expect(systemCode.statusCode).toBe(400);

    const ended = await agent.post(`/api/autodialer/console/calls/${call.attemptId}/end`, {
      disposition: "sale",
      notes: "  Two lines, starts Monday ",
    });
    expect(ended.statusCode, ended.body).toBe(200);
    // The rep wraps up for the campaign's 30 seconds (busy) before the dialer offers the next call.
    expect(ended.json()).toMatchObject({ currentCall: null, agent: { status: "busy", campaignId: id } });
    expect(ended.json().agent.wrapUpUntil).not.toBeNull();
    const after = (await owner.get(`/api/autodialer/campaigns/${id}/leads`)).json().leads as Lead[];
    expect(after[0]).toMatchObject({
      status: "completed",
      disposition: "sale",
      notes: "Two lines, starts Monday",
    });
    const again = await agent.post(`/api/autodialer/console/calls/${call.attemptId}/end`, {
      disposition: "sale",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("That call has already ended");
    const campaign = (await owner.get(`/api/autodialer/campaigns/${id}`)).json();
    expect(campaign).toMatchObject({ completedCalls: 1, dialableLeads: 1 });
  });

  it("not interested ends the lead; no answer puts it back for another attempt", async () => {
    const owner = await buildWorkspace(t);
    const { id, leads } = await campaignWithLeads(owner, "+15553013020, A\n+15553013021, B");
    const first = await dial(owner, leads[0]?.id ?? "");
    await owner.post(`/api/autodialer/console/calls/${first.attemptId}/end`, {
      disposition: "not_interested",
    });
    const second = await dial(owner, leads[1]?.id ?? "");
    await owner.post(`/api/autodialer/console/calls/${second.attemptId}/end`, { disposition: "no_contact" });
    const after = (await owner.get(`/api/autodialer/campaigns/${id}/leads`)).json().leads as Lead[];
    expect(after[0]).toMatchObject({ status: "completed", disposition: "not_interested" });
    expect(after[1]).toMatchObject({ status: "retry", disposition: "no_contact", attempts: 1 });
    expect(after[1]?.nextAttemptAt).not.toBeNull();
    // Not due again until the campaign's minimum time between attempts has passed.
    const early = await owner.post(`/api/autodialer/leads/${leads[1]?.id}/dial`);
    expect(early.statusCode).toBe(409);
  });

  it("do not call: the lead is never dialled again and the number joins both lists", async () => {
    const owner = await buildWorkspace(t);
    const { id, leads } = await campaignWithLeads(owner, "+15553013030, Quiet");
    const call = await dial(owner, leads[0]?.id ?? "");
    await owner.post(`/api/autodialer/console/calls/${call.attemptId}/end`, { disposition: "do_not_call" });
    const lead = (await owner.get(`/api/autodialer/campaigns/${id}/leads`)).json().leads[0];
    expect(lead.status).toBe("do_not_call");
    const campaignList = (await owner.get(`/api/autodialer/campaigns/${id}/do-not-call`)).json();
    expect(campaignList.map((entry: { phoneE164: string }) => entry.phoneE164)).toEqual(["+15553013030"]);
    const workspaceList = (await owner.get("/api/do-not-call")).json();
    expect(JSON.stringify(workspaceList)).toContain("+15553013030");
    const redial = await owner.post(`/api/autodialer/leads/${leads[0]?.id}/dial`);
    expect(redial.statusCode).toBe(409);
    expect(redial.json().message).toBe("This number is on the do-not-call list, so it cannot be dialled.");
  });

  it("refuses to dial a number listed on the workspace's list after the lead was added", async () => {
    const owner = await buildWorkspace(t);
    const { leads } = await campaignWithLeads(owner, "+15553013040, Late");
    await owner.post("/api/do-not-call", { phoneNumber: "+15553013040" });
    const res = await owner.post(`/api/autodialer/leads/${leads[0]?.id}/dial`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This number is on the do-not-call list, so it cannot be dialled.");
  });

  it("answers 404 for another workspace's lead and call", async () => {
    const owner = await buildWorkspace(t);
    const intruder = await buildWorkspace(t);
    const { leads } = await campaignWithLeads(owner, "+15553013050, Mine\n+15553013051, Also");
    const call = await dial(owner, leads[0]?.id ?? "");
    expect((await intruder.post(`/api/autodialer/leads/${leads[1]?.id}/dial`)).statusCode).toBe(404);
    expect(
      (
        await intruder.post(`/api/autodialer/leads/${leads[1]?.id}/callback`, {
          at: FUTURE,
          agentOnly: false,
        })
      ).statusCode,
    ).toBe(404);
    const end = await intruder.post(`/api/autodialer/console/calls/${call.attemptId}/end`, {
      disposition: "sale",
    });
    expect(end.statusCode).toBe(404);
    expect(end.json().message).toBe("That call was not found");
  });
});

describe("preview mode", () => {
  it("offers an available agent the next lead of an active preview campaign; they dial it", async () => {
    const owner = await buildWorkspace(t);
    const agent = await buildMember(t, owner, "agent");
    const { id, leads } = await campaignWithLeads(
      owner,
      "+15553013090, First\n+15553013091, Second",
      "preview",
    );
    await agent.put("/api/autodialer/console/status", { status: "available", campaignId: id });
    // Paused: nothing is offered.
    expect((await consoleOf(agent)).previewLead).toBeNull();
    await owner.post(`/api/autodialer/campaigns/${id}/start`);
    const offered = await consoleOf(agent);
    expect(offered.previewLead).toMatchObject({ id: leads[0]?.id, firstName: "First", status: "new" });
    const call = await dial(agent, offered.previewLead?.id ?? "");
    const during = await consoleOf(agent);
    expect(during.previewLead).toBeNull();
    expect(during.currentCall?.attemptId).toBe(call.attemptId);
    await agent.post(`/api/autodialer/console/calls/${call.attemptId}/end`, { disposition: "wrong_number" });
    // Nothing is offered while the agent wraps up; Ready ends the wrap-up and the next lead comes.
    expect((await consoleOf(agent)).previewLead).toBeNull();
    await agent.put("/api/autodialer/console/status", { status: "available" });
    expect((await consoleOf(agent)).previewLead).toMatchObject({ id: leads[1]?.id });
  });
});

describe("callbacks", () => {
  it("a callback for this agent only is theirs: on their console, kept from the others", async () => {
    const owner = await buildWorkspace(t);
    const agent = await buildMember(t, owner, "agent");
    const colleague = await buildMember(t, owner, "agent");
    const { id, leads } = await campaignWithLeads(owner, "+15553013060, Callme");
    const call = await dial(agent, leads[0]?.id ?? "");
    const res = await agent.post(`/api/autodialer/console/calls/${call.attemptId}/end`, {
      disposition: "callback",
      notes: "After lunch",
      callback: { at: FUTURE, agentOnly: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const lead = (await owner.get(`/api/autodialer/campaigns/${id}/leads`)).json().leads[0] as Lead;
    expect(lead).toMatchObject({
      status: "callback",
      disposition: "callback",
      nextAttemptAt: FUTURE,
      scheduledCallback: {
        at: FUTURE,
        agentOnly: true,
        agentId: agent.user.id,
        agentName: agent.user.fullName || agent.user.username,
      },
    });
    const mine = await consoleOf(agent);
    expect(mine.callbacks).toHaveLength(1);
    expect(mine.callbacks[0]).toMatchObject({
      campaignName: "Callbacks",
      callback: { at: FUTURE, agentOnly: true },
      lead: { id: lead.id },
    });
    expect((await consoleOf(colleague)).callbacks).toEqual([]);
  });

  it("a callback for anyone shows on every agent's console", async () => {
    const owner = await buildWorkspace(t);
    const agent = await buildMember(t, owner, "agent");
    const { leads } = await campaignWithLeads(owner, "+15553013070, Anyone");
    const res = await owner.post(`/api/autodialer/leads/${leads[0]?.id}/callback`, { at: FUTURE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: "callback",
      scheduledCallback: { agentOnly: false, agentId: null },
    });
    expect((await consoleOf(agent)).callbacks).toHaveLength(1);
    expect((await consoleOf(owner)).callbacks).toHaveLength(1);
    // Moving it replaces it.
    const moved = await agent.post(`/api/autodialer/leads/${leads[0]?.id}/callback`, {
      at: "2031-03-05T15:00:00.000Z",
      agentOnly: true,
    });
    expect(moved.json().scheduledCallback).toMatchObject({
      at: "2031-03-05T15:00:00.000Z",
      agentOnly: true,
      agentId: agent.user.id,
    });
    expect((await consoleOf(owner)).callbacks).toEqual([]);
  });

  it("refuses a time already passed, and a lead on the do-not-call list", async () => {
    const owner = await buildWorkspace(t);
    const { id, leads } = await campaignWithLeads(owner, "+15553013080, Past\n+15553013081, Listed");
    const past = await owner.post(`/api/autodialer/leads/${leads[0]?.id}/callback`, {
      at: "2020-01-01T10:00:00Z",
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe("The callback time has already passed. Choose a time in the future.");
    const missing = await owner.post(`/api/autodialer/leads/${leads[0]?.id}/callback`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Choose when to call back");
    await owner.post(`/api/autodialer/campaigns/${id}/do-not-call`, { phoneNumber: "+15553013081" });
    const listed = await owner.post(`/api/autodialer/leads/${leads[1]?.id}/callback`, { at: FUTURE });
    expect(listed.statusCode).toBe(409);
  });
});
