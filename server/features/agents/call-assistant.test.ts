import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentAnalytics } from "../../../common/agents";
import type { Account } from "../../domain/account";
import {
  analyzeUtterance,
  Conversation,
  defaultClassifier,
  type EngineState,
  initialState,
} from "../../engine";
import { createTestApp, type TestApp } from "../../test/app";
import { buildCall, buildWorkspace, type SignedInClient } from "../../test/factories";
import { callBrief, promptContext } from "./call-brief";

/**
 * The ports the call's turn flow calls (call-assistant.ts), driven the way take-turn drives the
 * engine: a real call of the workspace, the turn's plan (agent, script, brief), the conversation
 * engine under that brief, then compose(), recordTurn() and callEnded(); the analytics count
 * what was recorded.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const OWNER_CELL = "+15551239876";

async function workspace(): Promise<{ c: SignedInClient; account: Account }> {
  const c = await buildWorkspace(t, { businessInfo: { companyName: "Bright Smiles" } });
  expect((await c.put("/api/user/profile", { cellphoneNumber: OWNER_CELL })).statusCode).toBe(200);
  const account = await t.app.services.directory.load(c.user?.workspace.id ?? "");
  if (!account) throw new Error("no account");
  return { c, account };
}

const NO_PORTS = {
  busyIntervals: async () => [],
  bookAppointment: async () => ({ id: "booked" }),
  upcomingAppointment: async () => null,
  cancelAppointment: async () => {},
  moveAppointment: async () => {},
};

/** The plan and opening of an inbound call with no words yet. */
async function openingOf(account: Account) {
  const view = await t.app.services.assistant.view(account.id);
  const settings = await t.app.services.settings.row(account.id);
  const plan = view.plan(account, settings, { direction: "inbound" });
  const opening = new Conversation(
    plan.brief,
    { phoneNumber: "+15551230000", callerName: null, startedAt: new Date() },
    async () => {
      throw new Error("no turn");
    },
    NO_PORTS,
    initialState(),
  ).opening();
  return { view, plan, opening };
}

/** One caller turn through the plan, the engine and the ports, as the turn flow runs it. */
async function turnOf(
  account: Account,
  callId: string,
  text: string,
  state: EngineState,
  options: { previousAgentId?: string | null; startedAt?: Date; at?: Date } = {},
) {
  const { assistant, settings } = t.app.services;
  const view = await assistant.view(account.id);
  const analysis = analyzeUtterance(text, defaultClassifier(), null);
  const plan = view.plan(account, await settings.row(account.id), {
    direction: "inbound",
    text,
    analysis,
    previousAgentId: options.previousAgentId ?? null,
  });
  const at = options.at ?? new Date();
  const startedAt = options.startedAt ?? at;
  const stageBefore = state.stage;
  const turn = await new Conversation(
    plan.brief,
    { phoneNumber: "+15551230000", callerName: null, startedAt },
    async () => analysis,
    NO_PORTS,
    state,
  ).hear(text, at);
  return {
    plan,
    answered: view.compose(account, turn, plan, {
      callId,
      text,
      direction: "inbound",
      startedAt,
      at,
      stageBefore,
      callerName: null,
    }),
  };
}

describe("the call assistant's ports", () => {
  it("greets with the default script's opening and voice, until the script is deleted", async () => {
    const { c, account } = await workspace();
    const settings = await t.app.services.settings.row(account.id);
    const before = await openingOf(account);
    expect(before.opening).toBe(settings.greetingMessage);
    expect(before.view.voice("inbound", null)).toBeNull();
    const script = (await c.post("/api/ai-scripts/from-template/dental-office", { isDefault: true })).json();
    const opened = await openingOf(account);
    expect(opened.opening).toBe(script.openingMessage);
    expect(opened.view.voice("inbound", null)).toMatchObject({ twilioVoice: "Polly.Joanna", rate: "90%" });
    await c.put(`/api/ai-scripts/${script.id}`, {
      voiceSettings: { voice: "onyx", speed: 1.5, pitch: "low" },
    });
    expect((await openingOf(account)).view.voice("inbound", null)).toMatchObject({
      twilioVoice: "Polly.Joey",
      rate: "150%",
    });
    await c.delete(`/api/ai-scripts/${script.id}`);
    expect((await openingOf(account)).opening).toBe(settings.greetingMessage);
  });

  it("sets the conversation's manner and booking from the script, and the routed agent's", async () => {
    const { c, account } = await workspace();
    await c.post("/api/ai-scripts", {
      name: "Desk",
      isDefault: true,
      appointmentSettings: { enabled: false, durationMinutes: 45, bufferMinutes: 15 },
      personalityTraits: { tone: "casual" },
    });
    const agent = (await c.post("/api/ai-agents", { name: "Fran", voice: "formal" })).json();
    const { plan } = await openingOf(account);
    expect(plan.brief.persona.tone).toBe("casual");
    expect(plan.brief.appointments).toEqual({ enabled: false, durationMinutes: 45, bufferMinutes: 15 });
    const view = await t.app.services.assistant.view(account.id);
    const settings = await t.app.services.settings.row(account.id);
    const placed = view.plan(account, settings, { direction: "outbound", placedAgentId: agent.id });
    expect(placed.brief.persona).toMatchObject({ agentName: "Fran", tone: "formal" });
  });

  it("transfers on a script keyword to the script's number, through call.forwardTo", async () => {
    const { c, account } = await workspace();
    await c.post("/api/ai-scripts/from-template/dental-office", { isDefault: true });
    const call = await buildCall(c, { live: true });
    const { answered } = await turnOf(
      account,
      call.id,
      "I have severe pain and swelling in my jaw",
      initialState(),
    );
    expect(answered.transfer).toMatchObject({ cause: "keyword", transferNumber: OWNER_CELL });
    expect(answered.turn.call.forwardTo).toBe(OWNER_CELL);
    expect(answered.turn.state.stage).toBe("handed_off");
    expect(answered.turn.reply).toBe(answered.transfer?.holdMessage);
    expect(answered.turn.lines).toContain(`AI: ${answered.transfer?.holdMessage}`);

    const numbered = await workspace();
    await numbered.c.post("/api/ai-scripts", {
      name: "Desk",
      isDefault: true,
      transferRules: { keywords: "billing", transferNumber: "+15551230077" },
    });
    const other = await buildCall(numbered.c, { live: true });
    const billing = await turnOf(
      numbered.account,
      other.id,
      "I have a question about billing",
      initialState(),
    );
    expect(billing.answered.turn.call.forwardTo).toBe("+15551230077");
  });

  it("transfers once the call has lasted the script's minutes, and not before", async () => {
    const { c, account } = await workspace();
    await c.post("/api/ai-scripts", { name: "Desk", isDefault: true, transferRules: { minutes: 5 } });
    const call = await buildCall(c, { live: true });
    const startedAt = new Date("2030-01-15T15:00:00Z");
    const early = await turnOf(account, call.id, "I'd like to leave a message", initialState(), {
      startedAt,
      at: new Date("2030-01-15T15:04:00Z"),
    });
    expect(early.answered.transfer).toBeNull();
    const late = await turnOf(
      account,
      call.id,
      "One more thing about my message",
      early.answered.turn.state,
      {
        startedAt,
        at: new Date("2030-01-15T15:05:30Z"),
      },
    );
    expect(late.answered.transfer).toMatchObject({ cause: "minutes" });
    expect(late.answered.turn.call.forwardTo).toBe(OWNER_CELL);
  });

  it("routes, keeps the agent for words that name nobody, records the call and counts it in analytics", async () => {
    const { c, account } = await workspace();
    const sales = (
      await c.post("/api/ai-agents", { name: "Sam", specialization: "sales", keywords: "pricing, price" })
    ).json();
    await c.post(`/api/ai-agents/${sales.id}/toggle`);
    const call = await buildCall(c, { live: true });
    const { assistant } = t.app.services;

    const first = await turnOf(
      account,
      call.id,
      "Hi, what's your pricing for teeth whitening?",
      initialState(),
    );
    expect(first.answered).toMatchObject({ agentId: sales.id, agentName: "Sam" });
    expect(first.answered.routingReason).toContain("pricing");
    await assistant.recordTurn(account.id, first.answered, { callId: call.id, responseMs: 12 });

    const second = await turnOf(
      account,
      call.id,
      "Okay and do you have anything on Saturday",
      first.answered.turn.state,
      {
        previousAgentId: sales.id,
      },
    );
    expect(second.answered.agentId).toBe(sales.id);
    expect(second.answered.routingReason).toBe("Continues with Sam");
    await assistant.recordTurn(account.id, second.answered, { callId: call.id, responseMs: 20 });
    await assistant.callEnded(account.id, call.id, {
      status: "completed",
      classification: "sales",
      lastSentiment: "neutral",
      transferred: false,
    });

    const analytics = (await c.get("/api/ai-agents/analytics")).json() as AgentAnalytics;
    expect(analytics).toMatchObject({
      totalCalls: 1,
      bestPerformer: { id: sales.id, successRate: 100, callsHandled: 1 },
    });
    expect(analytics.agents[0]).toMatchObject({ callsHandled: 1, averageResponseTime: 16 });

    // A paused agent is never routed, even when it had the call.
    await c.post(`/api/ai-agents/${sales.id}/toggle`);
    const paused = await turnOf(account, call.id, "What's the price again?", second.answered.turn.state, {
      previousAgentId: sales.id,
    });
    expect(paused.answered.agentId).toBeNull();
  });

  it("tells a configured language model about the business, the call and its agent", () => {
    const lines = promptContext(
      callBrief({
        account: {
          companyName: "Bright Smiles",
          name: "Bright Smiles",
          timezone: "America/New_York",
          businessDescription: "A family dental practice.",
          owner: { username: "dana", fullName: "Dana Ortiz", cellphoneNumber: null },
        },
        settings: {
          personality: "professional",
          greetingMessage: "Hello!",
          autoBlockSpam: true,
          allowAppointments: true,
          forwardUrgent: false,
          workingHours: { start: "08:00", end: "16:00", days: [1, 2, 3, 4, 5] },
          appointmentDuration: 30,
          bufferMinutes: 0,
          callPurpose: null,
          aiPersonality: "warm",
          businessHours: null,
          customInstructions: "Never promise same-day appointments.",
          aiDisclosure: "outbound",
        },
        script: {
          id: "s",
          name: "Dental",
          scriptType: "appointment",
          openingMessage: "Hi",
          conversationFlow: ["Are you a current patient?"],
          businessRules: ["We open at 8."],
          transferRules: { keywords: ["severe pain"], minutes: null, conditions: [], transferNumber: null },
          appointmentSettings: { enabled: true, durationMinutes: 30, bufferMinutes: 0 },
          voiceSettings: { voice: "nova", speed: 0.9, pitch: "low" },
          personalityTraits: { tone: "friendly", empathy: 9, formality: 4 },
        },
        agent: null,
        direction: "inbound",
      }),
    );
    expect(lines[0]).toBe("You are an automated phone assistant for Bright Smiles on an inbound call.");
    expect(lines).toContain("About the business: A family dental practice.");
    expect(lines.join(" ")).toContain("We open at 8.");
    expect(lines).toContain("Questions to ask, in order: Are you a current patient?");
    expect(lines).toContain("Speak in a friendly tone (empathy 9/10, formality 4/10).");
    expect(lines).toContain(
      "The owner's instructions: Personality: warm\nNever promise same-day appointments.",
    );
  });
});
