import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentTestRunResponse, ConversationTestResponse } from "../../../common/agents";
import type { Contact } from "../../../common/contacts";
import type { TestClient } from "../../test/app";
import { clockFrom, NORTH_AMERICAN_EVENING, recordAiVoiceConsent } from "../../test/dialing";
import { buildWorkspace } from "../../test/factories";
import { waitFor } from "../../test/jobs";
import { connectTwilio, setWorkspace, TWILIO, telephonyTestApp, twilioPost } from "../../test/telephony";
import {
  addLeads,
  attemptsOf,
  createCampaign,
  onlyOutcomes,
  runtimeFor,
  start,
} from "../dialer/runtime/test-support";

/**
 * Every screen that places or previews a call says what the workspace set up for it, never the
 * inbound receptionist's greeting by mistake. Summit Roofing answers its incoming calls with a
 * receptionist script; its sales agent Riley has words of her own to open a call placed with
 * her, and its sales script opens the outbound calls placed without an agent. Each entry point is
 * reached through the API its screen calls (found in client/src), and what the call says is read
 * where the person hears it: Twilio's answer webhook (the TwiML), or the preview's greeting.
 *
 * The conversation's outcomes on a contact's Dial are in outbound-outcomes.test.ts.
 */
const now = clockFrom(NORTH_AMERICAN_EVENING);
let env: Awaited<ReturnType<typeof telephonyTestApp>>;
beforeAll(async () => {
  env = await telephonyTestApp({}, { now });
}, 120_000);
afterAll(() => env.close());

/** The settings' greeting a new workspace answers with. */
const SETTINGS_GREETING = "Hello! You've reached my assistant. How can I help you today?";
const RECEPTIONIST_OPENING = "Thanks for calling Summit Roofing, how can I help?";
const RILEY_OPENING =
  "Hi {callerName}, Riley here from Summit Roofing, about the free roof inspections on your street.";
const SALES_OPENING =
  "Hello {callerName}, this is the booking line of Summit Roofing with a free roof inspection offer.";

let owner: TestClient;
let rileyId: string;
let salesScriptId: string;
let receptionistScriptId: string;

beforeAll(async () => {
  owner = await buildWorkspace(env.t, { businessInfo: { companyName: "Summit Roofing" } });
  // Enterprise bulk calls need an enterprise plan; the business plan's bulk calls come with it.
  await setWorkspace(env.t, owner.user?.workspace.id ?? "", { planType: "enterprise_starter" });
  await connectTwilio(owner);
  const receptionist = await owner.post("/api/ai-scripts/from-template/home-services-dispatch", {
    isDefault: true,
  });
  expect(receptionist.statusCode, receptionist.body).toBe(201);
  receptionistScriptId = receptionist.json().id;
  await owner.put(`/api/ai-scripts/${receptionistScriptId}`, { openingMessage: RECEPTIONIST_OPENING });
  const riley = await owner.post("/api/ai-agents", {
    name: "Riley",
    specialization: "sales",
    script: RILEY_OPENING,
    knowledgeBase: "Roof inspections are free of charge.",
  });
  expect(riley.statusCode, riley.body).toBe(201);
  rileyId = riley.json().id;
  expect((await owner.post(`/api/ai-agents/${rileyId}/toggle`)).json().status).toBe("active");
  const sales = await owner.post("/api/ai-scripts", {
    name: "Roof inspections",
    scriptType: "sales",
    openingMessage: SALES_OPENING,
    conversationFlow: ["Is your roof more than ten years old?"],
  });
  expect(sales.statusCode, sales.body).toBe(201);
  salesScriptId = sales.json().id;
}, 60_000);

/** What the callee hears in a TwiML answer: the text of its <Say>s, SSML marks left out. */
function heard(twiml: string): string {
  return [...twiml.matchAll(/<Say\b[^>]*>([\s\S]*?)<\/Say>/g)]
    .map((match) =>
      (match[1] ?? "")
        .replace(/<[^>]+>/g, "")
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, "&"),
    )
    .join(" ")
    .trim();
}

/** An opening starts with these words of a template ({callerName} filled, or left out). */
function startOf(template: string, name: string | null): string {
  const sentence = template.split(/(?<=[.!?])\s/)[0] ?? template;
  return sentence.replace(/\s*\{callerName\}/, name ? ` ${name}` : "");
}

/** The opening starts with the template's first sentence (shown whole when it does not). */
function expectOpensWith(opening: string | undefined, template: string, name: string | null): void {
  const start = startOf(template, name);
  expect((opening ?? "").slice(0, start.length), opening).toBe(start);
}

/** Neither of the receptionist's greetings. */
function expectNotReceptionist(opening: string): void {
  expect(opening).not.toContain(RECEPTIONIST_OPENING);
  expect(opening).not.toContain(SETTINGS_GREETING);
}

let nextNumber = 1;
/** A number whose person agreed to AI-voice calls (the dial gate asks). */
async function consentingNumber(): Promise<string> {
  const phoneNumber = `+1555303${String(nextNumber++).padStart(4, "0")}`;
  await recordAiVoiceConsent(owner, [phoneNumber]);
  return phoneNumber;
}

/** Twilio's answer of an outbound call the app placed: the TwiML said to the callee. */
async function answered(callId: string, to: string): Promise<string> {
  const live = (await owner.get("/api/voice/active-calls")).json().activeCalls as {
    callId: string;
    callSid: string;
  }[];
  const callSid = live.find((call) => call.callId === callId)?.callSid;
  expect(callSid, "the call is ringing on Twilio").toMatch(/^CA[0-9a-f]{32}$/);
  const res = await twilioPost(env.t, `/api/telephony/twilio/voice?callId=${callId}`, {
    AccountSid: TWILIO.accountSid,
    CallSid: callSid ?? "",
    From: TWILIO.phoneNumber,
    To: to,
    Direction: "outbound-api",
    CallStatus: "in-progress",
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).toContain("<Gather");
  return heard(res.body);
}

/** A bulk-call job (either screen's), waited for: the call it placed. */
async function bulkCall(path: string, phoneNumber: string): Promise<string> {
  const started = await owner.post(path, { phoneNumbers: [phoneNumber], callPurpose: "your roof" });
  expect(started.statusCode, started.body).toBe(202);
  const jobId = started.json().jobId as string;
  const job = await waitFor(async () => {
    const seen = (await owner.get(`/api/jobs/${jobId}`)).json();
    return seen.status === "completed" || seen.status === "failed" ? seen : undefined;
  });
  expect(job.status, JSON.stringify(job)).toBe("completed");
  expect(job.result.results).toEqual({ successful: 1, failed: 0 });
  return job.result.calls[0].callId as string;
}

async function preview(body: Record<string, unknown>): Promise<ConversationTestResponse> {
  const res = await owner.post("/api/conversation/test", {
    message: "How much does the inspection cost?",
    phoneNumber: "+15555550100",
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ConversationTestResponse;
}

describe("outbound calls placed with the agent", () => {
  it("a contact's Dial (Contacts, Lead Manager) opens with the chosen agent's own words and the contact's name", async () => {
    const phoneNumber = await consentingNumber();
    const contact = (
      await owner.post("/api/contacts", { name: "Dana Whitfield", phoneNumber })
    ).json() as Contact;
    const res = await owner.post(`/api/contacts/${contact.id}/dial`, { agentId: rileyId, purpose: "sales" });
    expect(res.statusCode, res.body).toBe(200);
    const opening = await answered(res.json().callId, phoneNumber);
    expectOpensWith(opening, RILEY_OPENING, "Dana");
    expectNotReceptionist(opening);
  });

  it("an autodialer campaign naming the agent hands it the answered call, which opens with its words and the lead's name", async () => {
    const campaign = await createCampaign(owner, {
      name: "Spring roofs",
      dialingMode: "progressive",
      aiAgents: [{ agentId: rileyId, concurrentCalls: 1 }],
    });
    const lead = "+12125558001";
    await addLeads(owner, campaign.id, [
      {
        phoneNumber: lead,
        firstName: "Morgan",
        lastName: "Lee",
        aiVoiceConsent: true,
        consentSource: "web form",
      },
    ]);
    await start(owner, campaign.id);
    const placed = env.fake.waitFor((r) => r.path.endsWith("/Calls.json") && r.form.To === lead, 15_000);
    expect((await runtimeFor(env.t, onlyOutcomes({ human: 1 }), { now }).tick()).results.dialled).toBe(1);
    const voiceUrl = new URL((await placed).form.Url as string);
    const callSid = (await waitFor(
      async () => (await attemptsOf(env.t, campaign.id))[0]?.provider_call_sid,
    )) as string;
    const res = await twilioPost(env.t, `${voiceUrl.pathname}${voiceUrl.search}`, {
      AccountSid: TWILIO.accountSid,
      CallSid: callSid,
      From: TWILIO.phoneNumber,
      To: lead,
      Direction: "outbound-api",
      CallStatus: "in-progress",
      AnsweredBy: "human",
    });
    expect(res.statusCode, res.body).toBe(200);
    const opening = heard(res.body);
    expectOpensWith(opening, RILEY_OPENING, "Morgan");
    expectNotReceptionist(opening);
    await owner.post(`/api/autodialer/campaigns/${campaign.id}/pause`);
  });
});

describe("outbound calls placed without an agent follow the sales script", () => {
  it("bulk calls (Business Features)", async () => {
    const phoneNumber = await consentingNumber();
    const opening = await answered(await bulkCall("/api/calls/bulk", phoneNumber), phoneNumber);
    expectOpensWith(opening, SALES_OPENING, null);
    expectNotReceptionist(opening);
  });

  it("enterprise bulk calls (Enterprise Dashboard's Call Controls)", async () => {
    const phoneNumber = await consentingNumber();
    const opening = await answered(await bulkCall("/api/enterprise/bulk-call", phoneNumber), phoneNumber);
    expectOpensWith(opening, SALES_OPENING, null);
    expectNotReceptionist(opening);
  });

  it("Real Voice Calls (POST /api/voice/outbound)", async () => {
    const phoneNumber = await consentingNumber();
    const res = await owner.post("/api/voice/outbound", { phoneNumber, purpose: "your roof" });
    expect(res.statusCode, res.body).toBe(200);
    const opening = await answered(res.json().callId, phoneNumber);
    expectOpensWith(opening, SALES_OPENING, null);
    expectNotReceptionist(opening);
  });
});

describe("the Viasat autodial", () => {
  it("calls with the satellite-sales agent and script, and leaves the workspace's own outbound calls on their script", async () => {
    const phoneNumber = await consentingNumber();
    const contact = (
      await owner.post("/api/contacts", { name: "Casey Rivera", phoneNumber })
    ).json() as Contact;
    const res = await owner.post("/api/viasat/autodial", { contactId: contact.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().script).toBe("Satellite internet sales");
    const opening = await answered(res.json().callId, phoneNumber);
    expect(opening).toMatch(
      /^Hi Casey, this is Satellite Sales with Summit Roofing, calling about satellite internet/,
    );
    expectNotReceptionist(opening);

    // The satellite script made for it is no script of the workspace's own calls: the next call
    // placed without an agent still opens with the sales script, not "calling about satellite".
    const next = await consentingNumber();
    const placed = await owner.post("/api/voice/outbound", { phoneNumber: next });
    const nextOpening = await answered(placed.json().callId, next);
    expectOpensWith(nextOpening, SALES_OPENING, null);
    expect(nextOpening).not.toMatch(/satellite/i);
    expect((await preview({ direction: "outbound" })).greeting).not.toMatch(/satellite/i);
  });
});

describe("the previews", () => {
  it("the Voice Call Demo (a caller's demo call) opens with the default script's opening, not the settings' greeting", async () => {
    const res = await owner.post("/api/conversation/start-demo", { phoneNumber: "+12125550190" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().greeting).toBe(RECEPTIONIST_OPENING);
    expect(res.json().greeting).not.toBe(SETTINGS_GREETING);
    await owner.patch(`/api/calls/${res.json().callId}`, { isActive: false });
  });

  it("Conversation Flow (POST /api/conversation/test with a message) opens as an incoming call does", async () => {
    const answer = await preview({});
    expect(answer.greeting).toBe(RECEPTIONIST_OPENING);
    expect(answer.scriptId).toBe(receptionistScriptId);
  });

  it("Test Preview with the agent chosen opens with the agent's words, in either direction", async () => {
    const outbound = await preview({ agentType: rileyId, direction: "outbound", conversationHistory: [] });
    expectOpensWith(outbound.greeting, RILEY_OPENING, null);
    expect(outbound.agent).toMatchObject({ id: rileyId, name: "Riley" });
    expect(outbound.response).toContain("Roof inspections are free of charge.");
    const inbound = await preview({ agentType: "Riley", scriptId: salesScriptId, direction: "inbound" });
    expectOpensWith(inbound.greeting, RILEY_OPENING, null);
    expect(inbound.scriptId).toBe(salesScriptId);
  });

  it("Test Preview without an agent opens an outbound call with the sales script", async () => {
    const answer = await preview({ direction: "outbound" });
    expectOpensWith(answer.greeting, SALES_OPENING, null);
    expect(answer.scriptId).toBe(salesScriptId);
    expectNotReceptionist(answer.greeting ?? "");
  });

  it("agent test suites (Agent Tests, and AI Studio's Training tab) run each case with its script's opening", async () => {
    const outbound = await owner.post("/api/agent-tests", {
      name: "An outbound call reaches Riley",
      turns: ["Yes, now is fine.", "How much does the inspection cost?"],
      expectedAgentId: rileyId,
      scriptId: salesScriptId,
      direction: "outbound",
    });
    expect(outbound.statusCode, outbound.body).toBe(201);
    const inbound = await owner.post("/api/agent-tests", {
      name: "An incoming call hears the receptionist",
      turns: ["How much does the inspection cost?"],
      expectedClassification: "sales",
      direction: "inbound",
    });
    expect(inbound.statusCode, inbound.body).toBe(201);
    const run = await owner.post("/api/agent-tests/run", { ids: [outbound.json().id, inbound.json().id] });
    expect(run.statusCode, run.body).toBe(200);
    const results = (run.json() as AgentTestRunResponse).results;
    const byName = new Map(results.map((result) => [result.name, result]));
    const sales = byName.get("An outbound call reaches Riley");
    expectOpensWith(sales?.actual.greeting, SALES_OPENING, null);
    expect(sales?.actual.response).toContain("Roof inspections are free of charge.");
    expect(sales?.passed, sales?.failures.join(" ")).toBe(true);
    expect(byName.get("An incoming call hears the receptionist")?.actual.greeting).toBe(RECEPTIONIST_OPENING);
    // AI Studio's Training tab reads the same cases with their last run.
    const listed = (await owner.get("/api/agent-tests")).json() as {
      id: string;
      lastRun: { passed: boolean };
    }[];
    expect(listed.find((test) => test.id === outbound.json().id)?.lastRun?.passed).toBe(true);
  });
});
