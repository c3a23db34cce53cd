import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentAnalytics } from "../../../common/agents";
import type { Call } from "../../../common/calls";
import type { TestClient } from "../../test/app";
import { buildWorkspace } from "../../test/factories";
import {
  callRowBySid,
  callSid,
  connectTwilio,
  eventually,
  inboundParams,
  telephonyTestApp,
  twilioPost,
  twimlAttr,
} from "../../test/telephony";

/**
 * The user story: the default script and the agents drive every call, real or
 * simulated. A script made from the "Dental office appointments" template, its opening and
 * transfer keywords changed and made the default, greets a simulated call; the caller says a
 * keyword and is put through. Three agents split the calls by keywords; the one a call reached
 * keeps it and counts it in the analytics. With no default script, calls are as they were.
 */
let env: Awaited<ReturnType<typeof telephonyTestApp>>;
beforeAll(async () => {
  env = await telephonyTestApp();
});
afterAll(() => env.close());

const OWNER_CELL = "+15551239876";
const TRANSFER_NUMBER = "+15557654321";
const OPENING = "Thank you for calling Bright Smiles Dental, this is the front desk assistant.";

async function workspace(): Promise<TestClient> {
  const c = await buildWorkspace(env.t, { businessInfo: { companyName: "Bright Smiles" } });
  expect((await c.put("/api/user/profile", { cellphoneNumber: OWNER_CELL })).statusCode).toBe(200);
  return c;
}

/** The dental template as a default script, its opening and keywords changed (the story's first steps). */
async function dentalScript(c: TestClient, changes: Record<string, unknown> = {}) {
  const created = await c.post("/api/ai-scripts/from-template/dental-office", {});
  expect(created.statusCode, created.body).toBe(201);
  const script = created.json();
  expect(script.name).toBe("Dental office appointments");
  const updated = await c.put(`/api/ai-scripts/${script.id}`, {
    openingMessage: OPENING,
    transferRules: { ...script.transferRules, keywords: "lost a filling, severe pain" },
    isDefault: true,
    ...changes,
  });
  expect(updated.statusCode, updated.body).toBe(200);
  expect(updated.json()).toMatchObject({ isDefault: true, openingMessage: OPENING });
  return updated.json();
}

async function simulate(c: TestClient, phoneNumber: string): Promise<Call> {
  const res = await c.post("/api/calls/simulate", { phoneNumber, callerName: "Pat Caller" });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function say(c: TestClient, callId: string, text: string) {
  const res = await c.post(`/api/calls/${callId}/process-audio`, { text });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function activeAgent(c: TestClient, body: Record<string, unknown>) {
  const created = await c.post("/api/ai-agents", body);
  expect(created.statusCode, created.body).toBe(201);
  const agent = created.json();
  expect((await c.post(`/api/ai-agents/${agent.id}/toggle`)).json().status).toBe("active");
  return agent;
}

describe("the default script on a simulated call", () => {
  it("greets with its opening message, and a caller saying a transfer keyword is put through", async () => {
    const c = await workspace();
    await dentalScript(c);
    const call = await simulate(c, "+12125550140");
    expect(call.transcript.split("\n")[0]).toBe(`AI: ${OPENING}`);
    expect(call.aiResponse).toBe(OPENING);

    await say(c, call.id, "Hi, this is Pat, I'm a patient of yours.");
    const answered = await say(c, call.id, "I think I lost a filling last night.");
    expect(answered.call.transferredAt).not.toBeNull();
    expect(answered.call.isActive).toBe(true);
    // The template sends transfers to the owner's cell; the script's number would win (below).
    expect(answered.call.actionTaken).toContain(`Transferred to ${OWNER_CELL}`);
    const shown = (await c.get(`/api/calls/${call.id}`)).json() as Call;
    expect(shown.transcript).toContain("Caller: I think I lost a filling last night.");
    expect(shown.transcript).toMatch(new RegExp(`System: Transferred to \\${OWNER_CELL}`));
  });

  it("transfers to the script's own number, and the voice demo shows the transfer", async () => {
    const c = await workspace();
    const script = await dentalScript(c);
    await c.put(`/api/ai-scripts/${script.id}`, {
      transferRules: { keywords: "lost a filling", transferNumber: TRANSFER_NUMBER },
    });
    const demo = (await c.post("/api/conversation/start-demo", { phoneNumber: "+12125550141" })).json();
    expect(demo.greeting).toBe(OPENING);
    const turn = await c.post("/api/conversation/process", {
      callId: demo.callId,
      message: "Hello, I lost a filling and it hurts.",
    });
    expect(turn.statusCode, turn.body).toBe(200);
    expect(turn.json().action).toBe("transfer_call");
    const row = (await c.get(`/api/calls/${demo.callId}`)).json() as Call;
    expect(row.actionTaken).toContain(`Transferred to ${TRANSFER_NUMBER}`);
    // The screens say where the call went; Transfer to Me leaves it unset.
    expect(row.transferredTo).toBe(TRANSFER_NUMBER);
  });

  it("without a default script the settings' greeting stays, and a deleted script no longer greets", async () => {
    const c = await workspace();
    const settings = (await c.get("/api/ai-settings")).json();
    const before = await simulate(c, "+12125550142");
    expect(before.aiResponse).toBe(settings.greetingMessage);
    expect(before.transcript.split("\n")[0]).toBe(`AI: ${settings.greetingMessage}`);
    const plain = await say(c, before.id, "I think I lost a filling last night.");
    expect(plain.call.transferredAt).toBeNull();

    const script = await dentalScript(c);
    expect((await simulate(c, "+12125550143")).aiResponse).toBe(OPENING);
    expect((await c.delete(`/api/ai-scripts/${script.id}`)).statusCode).toBe(200);
    expect((await simulate(c, "+12125550144")).aiResponse).toBe(settings.greetingMessage);
  });
});

describe("agents on calls", () => {
  it("routes pricing to sales, keeps the agent across turns and counts the ended call in analytics", async () => {
    const c = await workspace();
    const sales = await activeAgent(c, {
      name: "Sally Sales",
      specialization: "sales",
      keywords: "cost, price, pricing, quote",
    });
    const support = await activeAgent(c, {
      name: "Sam Support",
      specialization: "support",
      keywords: "internet, outage, broken",
    });
    await activeAgent(c, {
      name: "Abby Appointments",
      specialization: "appointments",
      keywords: "appointment, schedule, book",
    });

    const call = await simulate(c, "+12125550150");
    await say(c, call.id, "Hi, how much does it cost to get a new plan?");
    let row = (await c.get(`/api/calls/${call.id}`)).json() as Call;
    expect(row.isActive).toBe(true);
    // A caller's words that name nobody keep the call with its agent.
    await say(c, call.id, "Okay, and is that for the whole year?");
    const ended = await c.patch(`/api/calls/${call.id}`, { isActive: false });
    expect(ended.statusCode, ended.body).toBe(200);

    const outcome = await env.t.app.services.agents.outcomeOf(c.user?.workspace.id ?? "", call.id);
    expect(outcome).toMatchObject({ agentId: sales.id, turns: 2, successful: true });
    expect(outcome?.routingReason).toBe("Continues with Sally Sales");

    const analytics = (await c.get("/api/ai-agents/analytics")).json() as AgentAnalytics;
    expect(analytics.totalCalls).toBe(1);
    expect(analytics.bestPerformer).toMatchObject({ id: sales.id, callsHandled: 1, successRate: 100 });
    const bySupport = analytics.agents.find((agent) => agent.id === support.id);
    expect(bySupport?.callsHandled).toBe(0);
    row = (await c.get(`/api/ai-agents/${sales.id}`)).json();
    expect(row).toMatchObject({ callsHandled: 1, successRate: 100 });
  });

  it("test calls are answered by the agents but left out of their figures", async () => {
    const c = await workspace();
    const sales = await activeAgent(c, { name: "Sally Sales", specialization: "sales", keywords: "cost" });
    const demo = (await c.post("/api/conversation/start-demo", { phoneNumber: "+12125550151" })).json();
    await c.post("/api/conversation/process", { callId: demo.callId, message: "How much does it cost?" });
    expect((await c.patch(`/api/calls/${demo.callId}`, { isActive: false })).statusCode).toBe(200);
    const analytics = (await c.get("/api/ai-agents/analytics")).json() as AgentAnalytics;
    expect(analytics.totalCalls).toBe(0);
    expect(
      await env.t.app.services.agents.outcomeOf(c.user?.workspace.id ?? "", demo.callId),
    ).toBeUndefined();
    expect((await c.get(`/api/ai-agents/${sales.id}`)).json().callsHandled).toBe(0);
  });
});

describe("a real Twilio call", () => {
  it("opens with the script in its voice and speed, and dials the transfer number on a keyword", async () => {
    const c = await workspace();
    await connectTwilio(c);
    const script = await dentalScript(c, { voiceSettings: { voice: "onyx", speed: 1.2, pitch: "low" } });
    await c.put(`/api/ai-scripts/${script.id}`, {
      transferRules: { keywords: "lost a filling", transferNumber: TRANSFER_NUMBER },
    });
    const sid = callSid();
    const answer = await twilioPost(env.t, "/api/telephony/twilio/voice", inboundParams(sid, "+12125550160"));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(twimlAttr(answer.body, "Say", "voice")).toBe("Polly.Joey");
    expect(answer.body).toContain(`<prosody rate="120%" pitch="low">${OPENING}</prosody>`);

    const row = await callRowBySid(env.t, sid);
    const gather = await twilioPost(env.t, `/api/telephony/twilio/gather/${row?.id}?turn=1`, {
      ...inboundParams(sid, "+12125550160"),
      SpeechResult: "Hi, I lost a filling yesterday.",
    });
    expect(gather.statusCode, gather.body).toBe(200);
    expect(gather.body).toContain(`<Dial`);
    expect(gather.body).toContain(`>${TRANSFER_NUMBER}</Dial>`);
    expect(twimlAttr(gather.body, "Say", "voice")).toBe("Polly.Joey");
  });

  it("listens in the routed agent's language and waits its response speed", async () => {
    const c = await workspace();
    // Each Twilio number belongs to one workspace: the fake account's second number.
    const number = "+14155550111";
    await connectTwilio(c, number);
    await activeAgent(c, {
      name: "Sofia",
      specialization: "support",
      keywords: "internet",
      primaryLanguage: "Spanish",
      languages: ["Spanish", "English"],
      responseSpeed: 2,
      voiceSettings: { speed: 0.8, pitch: 1, volume: 1, tone: "friendly" },
    });
    const sid = callSid();
    const answer = await twilioPost(
      env.t,
      "/api/telephony/twilio/voice",
      inboundParams(sid, "+12125550161", number),
    );
    // No agent yet: the account's voice, US English, as before.
    expect(twimlAttr(answer.body, "Gather", "language")).toBe("en-US");
    expect(answer.body).not.toContain("<prosody");
    const row = await callRowBySid(env.t, sid);
    const gather = await twilioPost(env.t, `/api/telephony/twilio/gather/${row?.id}?turn=1`, {
      ...inboundParams(sid, "+12125550161", number),
      SpeechResult: "My internet has been down since yesterday.",
    });
    expect(twimlAttr(gather.body, "Gather", "language")).toBe("es-US");
    expect(twimlAttr(gather.body, "Gather", "speechTimeout")).toBe("2");
    expect(gather.body).toContain('<prosody rate="80%">');
  });
});

describe("the carrier simulator", () => {
  it("hears the script's opening and is put through to the transfer number", async () => {
    const c = await workspace();
    const script = await dentalScript(c);
    await c.put(`/api/ai-scripts/${script.id}`, {
      transferRules: { keywords: "lost a filling", transferNumber: TRANSFER_NUMBER },
    });
    const res = await c.post("/api/telephony/simulator/calls", {
      from: "(212) 555-0170",
      callerName: "Lee Park",
      script: ["Hi, I lost a filling this morning."],
    });
    expect(res.statusCode, res.body).toBe(202);
    const { callSid: sid } = res.json();
    const simulator = env.t.app.services.telephony.simulator;
    const heard = await eventually(async () => {
      const view = simulator.inspect(sid);
      expect(view?.dialed).toEqual([TRANSFER_NUMBER]);
      return view?.heard ?? [];
    }, 30_000);
    expect(heard[0]).toBe(OPENING);
    const row = await callRowBySid(env.t, sid);
    expect(row?.transferredAt).not.toBeNull();
    expect(row?.transcript).toContain(`System: Transferred to ${TRANSFER_NUMBER}`);
  });
});
