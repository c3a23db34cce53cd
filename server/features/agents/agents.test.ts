import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AGENT_NAME_REQUIRED,
  AGENT_NOT_FOUND,
  type Agent,
  type AgentAnalytics,
  EXTENSION_MESSAGE,
  FLOW_RESPONSE_REQUIRED,
  FLOW_TRIGGER_REQUIRED,
  PRIORITY_MESSAGE,
  RULE_KEYWORDS_REQUIRED,
  RULE_NAME_REQUIRED,
} from "../../../common/agents";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildCall, buildMember, buildWorkspace } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function createAgent(c: TestClient, fields: Record<string, unknown> = {}): Promise<Agent> {
  const res = await c.post("/api/ai-agents", { name: "Riley", ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Agent;
}

async function activeAgent(c: TestClient, fields: Record<string, unknown> = {}): Promise<Agent> {
  const agent = await createAgent(c, fields);
  const toggled = await c.post(`/api/ai-agents/${agent.id}/toggle`);
  expect(toggled.json().status).toBe("active");
  return toggled.json() as Agent;
}

const messagesOf = (res: { json(): unknown }) =>
  ((res.json() as { issues?: { message: string }[] }).issues ?? []).map((issue) => issue.message);

describe("AI agents", () => {
  it("creates an inactive agent with no calls and the defaults of the spec", async () => {
    const c = await buildWorkspace(t);
    const agent = await createAgent(c);
    expect(agent).toMatchObject({
      name: "Riley",
      extension: "101",
      status: "inactive",
      isActive: false,
      specialization: "general",
      voice: "professional",
      callsHandled: 0,
      successRate: 0,
      responseSpeed: 0.3,
      empathyLevel: 5,
      assertivenessLevel: 5,
      maxCallDuration: 20,
      transferThreshold: 0.7,
      aiSettings: { creativityLevel: 0.5, contextWindow: 10 },
      primaryLanguage: "English",
      languages: ["English"],
      keywords: [],
      rebuttalPlaybook: [],
      performanceMetrics: {
        averageResponseTime: null,
        satisfactionScore: null,
        conversionRate: null,
        escalationRate: null,
      },
    });
    expect((await c.get(`/api/ai-agents/${agent.id}`)).json()).toEqual(agent);
  });

  it("splits keywords on commas and the rebuttal playbook by line, dropping blanks", async () => {
    const c = await buildWorkspace(t);
    const agent = await createAgent(c, {
      keywords: "pricing, quote,  plans , ",
      rebuttalPlaybook: "I hear you.\n\n  Most customers save money in the first month.  \n",
      callsHandled: 500,
      successRate: 99,
      status: "active",
    });
    expect(agent.keywords).toEqual(["pricing", "quote", "plans"]);
    expect(agent.rebuttalPlaybook).toEqual(["I hear you.", "Most customers save money in the first month."]);
    // Figures and status are the server's: the client cannot claim them.
    expect(agent).toMatchObject({ callsHandled: 0, successRate: 0, status: "inactive" });
    const listed = await createAgent(c, {
      name: "Lists",
      keywords: ["a b", "c"],
      rebuttalPlaybook: ["One", " ", "Two"],
    });
    expect(listed).toMatchObject({ keywords: ["a b", "c"], rebuttalPlaybook: ["One", "Two"] });
  });

  it("assigns the highest numeric extension plus one, and refuses a taken one", async () => {
    const c = await buildWorkspace(t);
    expect((await createAgent(c)).extension).toBe("101");
    expect((await createAgent(c)).extension).toBe("102");
    expect((await createAgent(c, { extension: "250" })).extension).toBe("250");
    expect((await createAgent(c)).extension).toBe("251");
    const taken = await c.post("/api/ai-agents", { name: "Dup", extension: "250" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain("Extension 250 is already used");
    const bad = await c.post("/api/ai-agents", { name: "Bad", extension: "12a" });
    expect(messagesOf(bad)).toContain(EXTENSION_MESSAGE);
    // Another workspace starts at 101 too.
    const other = await buildWorkspace(t);
    expect((await createAgent(other)).extension).toBe("101");
  });

  it("gives concurrent creations distinct extensions", async () => {
    const c = await buildWorkspace(t);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => c.post("/api/ai-agents", { name: `A${i}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(results.map((r) => r.json().extension).sort()).toEqual(["101", "102", "103", "104", "105"]);
  });

  it("toggles: inactive -> active -> paused -> active", async () => {
    const c = await buildWorkspace(t);
    const agent = await createAgent(c);
    const states: string[] = [];
    for (let i = 0; i < 3; i++)
      states.push((await c.post(`/api/ai-agents/${agent.id}/toggle`)).json().status);
    expect(states).toEqual(["active", "paused", "active"]);
    const inactive = await c.patch(`/api/ai-agents/${agent.id}`, { status: "inactive" });
    expect(inactive.json()).toMatchObject({ status: "inactive", isActive: false });
    expect((await c.post(`/api/ai-agents/${agent.id}/toggle`)).json().status).toBe("active");
  });

  it("updates the fields sent with PUT or PATCH, and validates them", async () => {
    const c = await buildWorkspace(t);
    const agent = await createAgent(c, { keywords: "billing" });
    const res = await c.put(`/api/ai-agents/${agent.id}`, {
      name: "Riley Billing",
      specialization: "support",
      aiSettings: {
        creativityLevel: 0.2,
        contextWindow: 4,
        interruptionHandling: false,
        backgroundNoiseFilter: true,
        sentimentAdaptation: false,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Riley Billing",
      specialization: "support",
      keywords: ["billing"],
      aiSettings: { contextWindow: 4 },
    });
    const invalid: [Record<string, unknown>, string][] = [
      [{ name: "" }, AGENT_NAME_REQUIRED],
      [{ empathyLevel: 11 }, "Empathy level must be a whole number from 1 to 10"],
      [{ transferThreshold: 1.5 }, "Transfer threshold must be a number from 0 to 1"],
      [
        { specialization: "billing" },
        "Specialization must be sales, support, appointments, screening or general",
      ],
      [
        { languages: ["Klingon"] },
        "Languages must be among English, Spanish, French, Haitian Creole, Portuguese, Chinese, Arabic",
      ],
    ];
    for (const [body, message] of invalid) {
      const bad = await c.patch(`/api/ai-agents/${agent.id}`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(messagesOf(bad)).toContain(message);
    }
    const second = await createAgent(c, { name: "Other" });
    const clash = await c.put(`/api/ai-agents/${second.id}`, { extension: agent.extension });
    expect(clash.statusCode).toBe(409);
  });

  it("deletes an agent with its routing rules", async () => {
    const c = await buildWorkspace(t);
    const agent = await createAgent(c);
    const rule = await c.post("/api/routing-rules", {
      name: "Billing",
      keywords: "billing",
      agentId: agent.id,
    });
    expect(rule.statusCode).toBe(201);
    expect((await c.delete(`/api/ai-agents/${agent.id}`)).json()).toEqual({ deleted: true, id: agent.id });
    expect((await c.get(`/api/routing-rules/${rule.json().id}`)).statusCode).toBe(404);
    expect((await c.delete(`/api/ai-agents/${agent.id}`)).json().message).toBe(AGENT_NOT_FOUND);
  });
});

describe("routing rules and conversation flows", () => {
  it("creates, updates, lists and deletes rules, with their messages", async () => {
    const c = await buildWorkspace(t);
    const agent = await createAgent(c);
    const created = await c.post("/api/routing-rules", {
      name: "Billing",
      keywords: "invoice, refund",
      agentId: agent.id,
      priority: 10,
      conditions: { direction: "inbound", classifications: ["support"] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      keywords: ["invoice", "refund"],
      priority: 10,
      isActive: true,
      conditions: { direction: "inbound", extension: null, classifications: ["support"] },
    });
    const id = created.json().id;
    expect((await c.put(`/api/routing-rules/${id}`, { priority: 3, isActive: false })).json()).toMatchObject({
      priority: 3,
      isActive: false,
    });
    expect((await c.get("/api/routing-rules")).json()).toHaveLength(1);
    for (const [body, message] of [
      [{ keywords: "x", agentId: agent.id }, RULE_NAME_REQUIRED],
      [{ name: "No words", agentId: agent.id }, RULE_KEYWORDS_REQUIRED],
      [{ name: "P", keywords: "x", agentId: agent.id, priority: 101 }, PRIORITY_MESSAGE],
    ] as const) {
      expect(messagesOf(await c.post("/api/routing-rules", body))).toContain(message);
    }
    // A rule may route by extension alone.
    const byExtension = await c.post("/api/routing-rules", {
      name: "VIP line",
      agentId: agent.id,
      conditions: { extension: "500" },
    });
    expect(byExtension.statusCode).toBe(201);
    // An agent of another workspace cannot be the target.
    const other = await buildWorkspace(t);
    const theirs = await createAgent(other);
    const foreign = await c.post("/api/routing-rules", { name: "Steal", keywords: "x", agentId: theirs.id });
    expect(foreign.statusCode).toBe(404);
    expect((await c.put(`/api/routing-rules/${id}`, { agentId: theirs.id })).statusCode).toBe(404);
    expect((await c.delete(`/api/routing-rules/${id}`)).statusCode).toBe(200);
    expect((await c.get(`/api/routing-rules/${id}`)).statusCode).toBe(404);
  });

  it("creates flows whose response answers the trigger, through the conversation test", async () => {
    const c = await buildWorkspace(t, { businessInfo: { companyName: "Harbor Dental" } });
    const agent = await activeAgent(c, { name: "Hannah" });
    const flow = await c.post("/api/conversation-flows", {
      name: "Hours",
      trigger: "opening hours, open on saturday",
      agentId: agent.id,
      response: "This is {agentName} at {businessName}: we're open 8 to 5, Monday to Friday.",
      nextAction: "end_call",
    });
    expect(flow.statusCode).toBe(201);
    expect(flow.json()).toMatchObject({
      trigger: ["opening hours", "open on saturday"],
      nextAction: "end_call",
      priority: 0,
    });
    const answer = await c.post("/api/conversation/test", {
      message: "What are your opening hours?",
      conversationHistory: [],
    });
    expect(answer.json()).toMatchObject({
      agent: { id: agent.id, name: "Hannah" },
      response: "This is Hannah at Harbor Dental: we're open 8 to 5, Monday to Friday.",
      nextAction: "end_call",
    });
    expect(answer.json().routingReason).toContain('Conversation flow "Hours"');
    for (const [body, message] of [
      [{ name: "F", trigger: "", agentId: agent.id, response: "x" }, FLOW_TRIGGER_REQUIRED],
      [{ name: "F", trigger: "x", agentId: agent.id, response: " " }, FLOW_RESPONSE_REQUIRED],
      [
        { name: "F", trigger: "x", agentId: agent.id, response: "x", nextAction: "dance" },
        "Next action must be one of continue, transfer, schedule_appointment, take_message, end_call",
      ],
    ] as const) {
      expect(messagesOf(await c.post("/api/conversation-flows", body))).toContain(message);
    }
    const id = flow.json().id;
    expect((await c.put(`/api/conversation-flows/${id}`, { isActive: false })).json().isActive).toBe(false);
    const after = await c.post("/api/conversation/test", {
      message: "What are your opening hours?",
      conversationHistory: [],
    });
    expect(after.json().response).not.toContain("we're open 8 to 5");
    expect((await c.delete(`/api/conversation-flows/${id}`)).statusCode).toBe(200);
    expect((await c.get("/api/conversation-flows")).json()).toEqual([]);
  });

  it("routes a pricing caller to the sales agent, a broken line to support; never to a paused agent", async () => {
    const c = await buildWorkspace(t);
    const sales = await activeAgent(c, {
      name: "Sam",
      specialization: "sales",
      keywords: "pricing, price, quote",
    });
    const support = await activeAgent(c, {
      name: "Sue",
      specialization: "support",
      keywords: "internet, outage, not working",
    });
    const bookings = await activeAgent(c, {
      name: "Abe",
      specialization: "appointments",
      keywords: "appointment, book",
    });
    const ask = async (message: string) =>
      (await c.post("/api/conversation/test", { message, conversationHistory: [] })).json();
    expect((await ask("Hi, what's your pricing for the business plan?")).agent.id).toBe(sales.id);
    expect((await ask("My internet is not working since yesterday")).agent.id).toBe(support.id);
    expect((await ask("I'd like to book an appointment for Tuesday")).agent.id).toBe(bookings.id);
    const reply = await ask("Can I get a quote?");
    expect(reply.routingReason).toContain("quote");
    expect(typeof reply.processingTime).toBe("number");

    await c.post(`/api/ai-agents/${sales.id}/toggle`);
    const paused = await ask("Hi, what's your pricing for the business plan?");
    expect(paused.agent.id).not.toBe(sales.id);
  });
});

describe("analytics", () => {
  it("counts the calls each agent handled, their success and transfers", async () => {
    const c = await buildWorkspace(t);
    const workspaceId = c.user?.workspace.id ?? "";
    const sam = await activeAgent(c, { name: "Sam", specialization: "sales" });
    const sue = await activeAgent(c, { name: "Sue", specialization: "support" });
    await createAgent(c, { name: "Idle" });
    const empty = (await c.get("/api/ai-agents/analytics")).json() as AgentAnalytics;
    expect(empty).toMatchObject({
      totalAgents: 3,
      activeAgents: 2,
      totalCalls: 0,
      avgSuccessRate: 0,
      bestPerformer: null,
    });

    const agents = t.app.services.agents;
    const record = async (agentId: string, successful: boolean, transferred = false) => {
      const call = await buildCall(c);
      await agents.recordTurn(workspaceId, {
        callId: call.id,
        agentId,
        routingReason: "test",
        classification: "sales",
        sentiment: successful ? "positive" : "negative",
        transferred,
        appointmentBooked: false,
        responseMs: 40,
      });
      await agents.recordEnd(workspaceId, call.id, { successful, classification: "sales", transferred });
      return call;
    };
    await record(sam.id, true);
    await record(sam.id, true, true);
    await record(sam.id, false);
    const deleted = await record(sue.id, false);
    await record(sue.id, true);

    const analytics = (await c.get("/api/ai-agents/analytics")).json() as AgentAnalytics;
    expect(analytics).toMatchObject({
      totalAgents: 3,
      totalCalls: 5,
      bestPerformer: { id: sam.id, successRate: 66.7, callsHandled: 3 },
    });
    expect(analytics.avgSuccessRate).toBeCloseTo((66.7 + 50) / 2, 1);
    expect(analytics.agents.find((a) => a.id === sam.id)).toMatchObject({
      callsHandled: 3,
      transfers: 1,
      averageResponseTime: 40,
    });
    const listed = ((await c.get("/api/ai-agents")).json() as Agent[]).find((a) => a.id === sue.id);
    expect(listed).toMatchObject({
      callsHandled: 2,
      successRate: 50,
      performanceMetrics: { escalationRate: 0, satisfactionScore: 50 },
    });

    // Figures follow the calls kept: deleting a call takes it out.
    expect((await c.delete(`/api/calls/${deleted.id}`)).statusCode).toBe(200);
    const after = (await c.get("/api/ai-agents/analytics")).json() as AgentAnalytics;
    expect(after.totalCalls).toBe(4);
    expect(after.agents.find((a) => a.id === sue.id)).toMatchObject({ callsHandled: 1, successRate: 100 });
    expect(after.bestPerformer?.id).toBe(sue.id);
  });
});

describe("access", () => {
  it("lets members read agents and rules, and only admins change them", async () => {
    const owner = await buildWorkspace(t);
    const agent = await createAgent(owner);
    const member = await buildMember(t, owner, "agent");
    expect((await member.get("/api/ai-agents")).json()).toHaveLength(1);
    expect((await member.get("/api/ai-agents/analytics")).statusCode).toBe(200);
    for (const res of [
      await member.post("/api/ai-agents", { name: "Mine" }),
      await member.put(`/api/ai-agents/${agent.id}`, { name: "Changed" }),
      await member.post(`/api/ai-agents/${agent.id}/toggle`),
      await member.delete(`/api/ai-agents/${agent.id}`),
      await member.post("/api/routing-rules", { name: "R", keywords: "x", agentId: agent.id }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain("admin");
    }
  });

  it("answers 404 for another workspace's agents, rules and flows", async () => {
    const owner = await buildWorkspace(t);
    const intruder = await buildWorkspace(t);
    const agent = await activeAgent(owner, { keywords: "secret" });
    const rule = (
      await owner.post("/api/routing-rules", { name: "R", keywords: "x", agentId: agent.id })
    ).json();
    const flow = (
      await owner.post("/api/conversation-flows", {
        name: "F",
        trigger: "x",
        agentId: agent.id,
        response: "y",
      })
    ).json();
    expect((await intruder.get(`/api/ai-agents/${agent.id}`)).statusCode).toBe(404);
    expect((await intruder.post(`/api/ai-agents/${agent.id}/toggle`)).statusCode).toBe(404);
    expect((await intruder.patch(`/api/ai-agents/${agent.id}`, { name: "Mine" })).statusCode).toBe(404);
    expect((await intruder.delete(`/api/routing-rules/${rule.id}`)).statusCode).toBe(404);
    expect((await intruder.put(`/api/conversation-flows/${flow.id}`, { response: "z" })).statusCode).toBe(
      404,
    );
    expect((await intruder.get("/api/ai-agents")).json()).toEqual([]);
    // Another workspace's words never reach this workspace's agents.
    const preview = await intruder.post("/api/conversation/test", {
      message: "secret",
      conversationHistory: [],
    });
    expect(preview.json().agent.id).toBeNull();
    expect((await owner.get(`/api/ai-agents/${agent.id}`)).json().status).toBe("active");
  });
});
