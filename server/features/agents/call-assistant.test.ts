import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentAnalytics } from "../../../common/agents";
import {
  analyzeUtterance,
  CallSession,
  defaultClassifier,
  type EngineSettings,
  type EngineState,
  initialState,
} from "../../engine";
import type { Account } from "../../http/account";
import { createTestApp, type TestApp } from "../../test/app";
import { buildCall, buildWorkspace, type SignedInClient } from "../../test/factories";
import { promptContext } from "./call-assistant";

/**
 * The ports the call's turn flow calls (call-assistant.ts), driven the way take-turn drives the
 * engine: a real call of the workspace, the engine's CallSession under engineSettings(), then
 * answerTurn(), recordTurn() and callEnded(); the analytics count what was recorded.
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

/** One caller turn through the engine and the ports, as the turn flow runs it. */
async function turnOf(
  account: Account,
  callId: string,
  text: string,
  state: EngineState,
  options: { previousAgentId?: string | null; startedAt?: Date; at?: Date } = {},
) {
  const { assistant, settings } = t.app.services;
  const row = await settings.row(account.id);
  const base: EngineSettings = {
    personality: row.personality,
    greetingMessage: row.greetingMessage,
    autoBlockSpam: row.autoBlockSpam,
    allowAppointments: row.allowAppointments,
    forwardUrgent: row.forwardUrgent,
    workingHours: row.workingHours,
    appointmentDuration: row.appointmentDuration,
    bufferMinutes: row.bufferMinutes,
  };
  const engineSettings = await assistant.engineSettings(account.id, base, options.previousAgentId ?? null);
  const session = new CallSession(
    {
      ownerName: "Bright Smiles",
      cellphoneNumber: account.owner.cellphoneNumber,
      timeZone: account.timezone,
      settings: engineSettings,
    },
    { phoneNumber: "+15551230000", callerName: null },
    async (words) => analyzeUtterance(words, defaultClassifier(), null),
    {
      busyIntervals: async () => [],
      bookAppointment: async () => ({ id: "booked" }),
      upcomingAppointment: async () => null,
      cancelAppointment: async () => {},
      moveAppointment: async () => {},
    },
    state,
  );
  const stageBefore = state.stage;
  const at = options.at ?? new Date();
  const turn = await session.hear(text, at);
  return {
    engineSettings,
    answered: await assistant.answerTurn(account, turn, {
      callId,
      text,
      direction: "inbound",
      startedAt: options.startedAt ?? at,
      at,
      previousAgentId: options.previousAgentId ?? null,
      stageBefore,
      callerName: null,
    }),
  };
}

describe("the call assistant's ports", () => {
  it("greets with the default script's opening and voice, until the script is deleted", async () => {
    const { c, account } = await workspace();
    const { assistant } = t.app.services;
    expect(await assistant.opening(account.id)).toEqual({ greeting: null, voice: null, scriptId: null });
    const script = (await c.post("/api/ai-scripts/from-template/dental-office", { isDefault: true })).json();
    const opening = await assistant.opening(account.id);
    expect(opening.greeting).toBe(script.openingMessage);
    expect(opening.voice).toEqual({
      voice: "nova",
      speed: 0.9,
      pitch: "medium",
      twilioVoice: "Polly.Joanna",
      rate: "90%",
    });
    await c.put(`/api/ai-scripts/${script.id}`, {
      voiceSettings: { voice: "onyx", speed: 1.5, pitch: "low" },
    });
    expect((await assistant.opening(account.id)).voice).toMatchObject({
      twilioVoice: "Polly.Joey",
      rate: "150%",
    });
    await c.delete(`/api/ai-scripts/${script.id}`);
    expect((await assistant.opening(account.id)).greeting).toBeNull();
  });

  it("sets the engine's manner and booking from the script, and the routed agent's voice", async () => {
    const { c, account } = await workspace();
    await c.post("/api/ai-scripts", {
      name: "Desk",
      isDefault: true,
      appointmentSettings: { enabled: false, durationMinutes: 45, bufferMinutes: 15 },
      personalityTraits: { tone: "casual" },
    });
    const agent = (await c.post("/api/ai-agents", { name: "Fran", voice: "formal" })).json();
    const base = {
      personality: "professional",
      allowAppointments: true,
      appointmentDuration: 30,
      bufferMinutes: 0,
    } as EngineSettings;
    expect(await t.app.services.assistant.engineSettings(account.id, base)).toMatchObject({
      personality: "casual",
      allowAppointments: false,
      appointmentDuration: 45,
      bufferMinutes: 15,
    });
    expect((await t.app.services.assistant.engineSettings(account.id, base, agent.id)).personality).toBe(
      "formal",
    );
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

  it("tells a configured language model about the script and the agent", () => {
    const lines = promptContext(
      {
        id: "s",
        name: "Dental",
        scriptType: "appointment",
        openingMessage: "Hi",
        conversationFlow: [],
        businessRules: ["We open at 8."],
        transferRules: { keywords: ["severe pain"], minutes: null, conditions: [], transferNumber: null },
        appointmentSettings: { enabled: true, durationMinutes: 30, bufferMinutes: 0 },
        voiceSettings: { voice: "nova", speed: 0.9, pitch: "low" },
        personalityTraits: { tone: "friendly", empathy: 9, formality: 4 },
      },
      null,
    );
    expect(lines).toEqual([
      'The business\'s appointment script "Dental" applies.',
      "Business rules: We open at 8.",
      "Speak in a friendly tone (empathy 9/10, formality 4/10).",
      "These words mean the caller must be put through to a person: severe pain.",
    ]);
  });
});
