import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConversationTestResponse, DEFAULT_TEST_MESSAGE } from "../../../common/agents";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildWorkspace, type SignedInClient } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const OWNER_CELL = "+15551239876";

async function ownerWithCell(): Promise<SignedInClient> {
  const c = await buildWorkspace(t, { businessInfo: { companyName: "Skyline Internet" } });
  expect((await c.put("/api/user/profile", { cellphoneNumber: OWNER_CELL })).statusCode).toBe(200);
  return c;
}

async function ask(c: TestClient, body: Record<string, unknown>): Promise<ConversationTestResponse> {
  const res = await c.post("/api/conversation/test", body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ConversationTestResponse;
}

/** The elements of a TwiML document in order, with their text: Twilio's grammar is Response > verbs. */
function verbs(twiml: string): { name: string; text: string }[] {
  expect(twiml.startsWith('<?xml version="1.0" encoding="UTF-8"?><Response>')).toBe(true);
  expect(twiml.endsWith("</Response>")).toBe(true);
  const body = twiml.slice(
    twiml.indexOf("<Response>") + "<Response>".length,
    twiml.lastIndexOf("</Response>"),
  );
  return [...body.matchAll(/<(\w+)([^>]*?)(?:\/>|>([^<]*)<\/\1>)/g)].map((m) => ({
    name: m[1] ?? "",
    text: m[3] ?? "",
  }));
}

describe("POST /api/conversation/test", () => {
  it("answers with the agent, a reply from the engine, confidence and next action", async () => {
    const c = await ownerWithCell();
    const body = await ask(c, {
      message: "How much is your business plan per month?",
      phoneNumber: "+15551230000",
    });
    expect(body.agent).toEqual({
      id: null,
      name: "AI Assistant",
      specialization: "general",
      extension: null,
    });
    expect(body.classification).toBe("sales");
    expect(body.response).toContain("Skyline Internet");
    expect(body.confidence).toBeGreaterThan(0);
    expect(body.confidence).toBeLessThanOrEqual(1);
    expect(["continue", "take_message"]).toContain(body.nextAction);
    expect(body).toMatchObject({ transfer: false, transferNumber: null, twiml: null });
    // The plain request does not carry the variant's fields.
    expect(body.routingReason).toBeUndefined();
    expect(body.processingTime).toBeUndefined();
  });

  it("replaces an empty message with the default greeting", async () => {
    const c = await ownerWithCell();
    const empty = await ask(c, { message: "   " });
    const greeting = await ask(c, { message: DEFAULT_TEST_MESSAGE });
    expect(empty.response).toBe(greeting.response);
    expect(empty.response.length).toBeGreaterThan(10);
    expect((await ask(c, {})).response).toBe(greeting.response);
  });

  it("decides the spec's transfer case on the server, with valid TwiML to the owner's cell", async () => {
    const c = await ownerWithCell();
    for (const phrase of [
      "enterprise-level",
      "custom equipment",
      "special pricing",
      "multiple locations",
      "complex",
    ]) {
      const body = await ask(c, { message: `We have a ${phrase} request for our offices` });
      expect(body, phrase).toMatchObject({
        transfer: true,
        transferNumber: OWNER_CELL,
        nextAction: "transfer",
      });
      expect(body.transferReason).toContain(phrase);
      expect(body.holdMessage).toBe(body.response);
      expect(body.fallbackMessage?.length).toBeGreaterThan(10);
      const twiml = verbs(body.twiml ?? "");
      expect(twiml.map((v) => v.name)).toEqual(["Say", "Dial", "Say", "Hangup"]);
      expect(twiml[0]?.text).toBe(body.holdMessage);
      expect(twiml[1]?.text).toBe(OWNER_CELL);
      expect(twiml[2]?.text).toBe(body.fallbackMessage);
    }
    expect((await ask(c, { message: "We'd like to upgrade our plan" })).transfer).toBe(false);
  });

  it("transfers to the script's number for its keywords, and says so when there is nowhere to transfer to", async () => {
    const c = await buildWorkspace(t);
    const noNumber = await ask(c, { message: "This is a complex enterprise-level project" });
    expect(noNumber).toMatchObject({ transfer: true, transferNumber: null, twiml: null });
    expect(noNumber.response).toContain("nobody can take the call right now");

    await c.post("/api/ai-scripts", {
      name: "Front desk",
      isDefault: true,
      transferRules: { keywords: "refund, lawyer", transferNumber: "+15551230077" },
    });
    const body = await ask(c, { message: "I want a refund for last month's bill" });
    expect(body).toMatchObject({ transfer: true, transferNumber: "+15551230077", nextAction: "transfer" });
    expect(body.transferReason).toContain('"refund"');
    expect(verbs(body.twiml ?? "")[1]?.text).toBe("+15551230077");
  });

  it("answers as the default script would: its rules, its questions, its formality", async () => {
    const c = await ownerWithCell();
    const script = await c.post("/api/ai-scripts", {
      name: "Shop",
      isDefault: true,
      businessRules: [
        "Our workshop is open Monday to Saturday from 8 AM to 6 PM.",
        "Diagnostic checks cost $120.",
      ],
      conversationFlow: ["What is the make and model of your car?", "When did the problem start?"],
      personalityTraits: { tone: "formal", empathy: 8, formality: 10 },
    });
    expect(script.statusCode).toBe(201);
    const body = await ask(c, { message: "How much do diagnostic checks cost?" });
    expect(body.scriptId).toBe(script.json().id);
    expect(body.response).toContain("Diagnostic checks cost $120.");
    expect(body.response).toContain("What is the make and model of your car?");
    // Formality 10: no contractions.
    expect(body.response).not.toMatch(/\b(I'll|I'm|you're|we're|can't)\b/);
    // The next turn asks the next question of the flow.
    const second = await ask(c, {
      message: "It is a 2015 Honda Civic and it makes a grinding noise",
      conversationHistory: [
        { role: "user", content: "How much do diagnostic checks cost?" },
        { role: "assistant", content: body.response },
      ],
    });
    expect(second.response).toContain("When did the problem start?");
  });

  it("keeps the conversation: a time given after asking to book is an appointment", async () => {
    const c = await ownerWithCell();
    const body = await ask(c, {
      message: "Next Tuesday at 3pm",
      conversationHistory: [{ role: "caller", text: "Hi, I'd like to book an appointment" }],
    });
    expect(body.classification).toBe("appointment");
    expect(body.nextAction).toBe("schedule_appointment");
    expect(typeof body.processingTime).toBe("number");
    expect(body.routingReason).toBeTruthy();
  });

  it("asks the agent named by agentType, and falls back to routing for one that is not active", async () => {
    const c = await ownerWithCell();
    const agent = (
      await c.post("/api/ai-agents", {
        name: "Nora",
        specialization: "support",
        script: "Hi, Nora from support here.",
      })
    ).json();
    const inactive = await ask(c, { message: "hello", agentType: "Nora" });
    expect(inactive.agent.id).toBeNull();
    await c.post(`/api/ai-agents/${agent.id}/toggle`);
    // The reason names the agent, never its id.
    const reasons: Record<string, string> = {
      Nora: "Asked for Nora",
      support: "Asked for the support agent: Nora",
      [agent.id]: "Asked for Nora",
      [agent.extension]: `Asked for extension ${agent.extension}: Nora`,
    };
    for (const agentType of ["Nora", "support", agent.id, agent.extension]) {
      const body = await ask(c, { message: "My router keeps dropping the connection", agentType });
      expect(body.agent, agentType).toEqual({
        id: agent.id,
        name: "Nora",
        specialization: "support",
        extension: agent.extension,
      });
      expect(body.routingReason).toBe(reasons[agentType]);
      expect(body.routingReason).not.toContain(agent.id);
      // The agent introduces itself in the opening, and the reply does not say it again.
      expect(body.greeting).toBe("Hi, Nora from support here.");
      expect(body.response).not.toContain("Nora from support here");
    }
  });

  it("refuses bad input with a message, and another workspace's script with 404", async () => {
    const c = await ownerWithCell();
    const long = await c.post("/api/conversation/test", { message: "x".repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().issues[0].message).toBe("The message must be at most 2000 characters");
    const role = await c.post("/api/conversation/test", {
      message: "hi",
      conversationHistory: [{ role: "robot", text: "beep" }],
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().issues[0].message).toBe("Each history turn's role must be caller or agent");
    const other = await buildWorkspace(t);
    const theirs = (await other.post("/api/ai-scripts", { name: "Theirs" })).json();
    const foreign = await c.post("/api/conversation/test", { message: "hi", scriptId: theirs.id });
    expect(foreign.statusCode).toBe(404);
  });
});

describe("POST /api/ai-agents/test", () => {
  it("puts a message to one agent, active or not, through the engine; another workspace's agent is 404", async () => {
    const c = await ownerWithCell();
    const agent = (
      await c.post("/api/ai-agents", {
        name: "Iris",
        specialization: "sales",
        script: "Hi, Iris from Skyline sales here.",
        knowledgeBase: "Installation is free this month.",
      })
    ).json();
    // A new agent starts inactive: the test still speaks to it, before it takes real calls.
    const res = await c.post("/api/ai-agents/test", {
      agentId: agent.id,
      message: "How much is installation?",
      conversationHistory: [{ role: "caller", text: "Hi, I'm thinking of switching providers" }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ConversationTestResponse;
    expect(body.agent).toMatchObject({ id: agent.id, name: "Iris", specialization: "sales" });
    expect(body.greeting).toBe("Hi, Iris from Skyline sales here.");
    expect(body.response.toLowerCase()).toContain("free");
    expect(body.confidence).toBeGreaterThan(0);
    expect(body.confidence).toBeLessThanOrEqual(1);
    expect(body.routingReason).toBe("Asked for Iris");
    expect(typeof body.processingTime).toBe("number");

    const missing = await c.post("/api/ai-agents/test", { message: "hi" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0].message).toBe("That agent was not found");
    const long = await c.post("/api/ai-agents/test", { agentId: agent.id, message: "x".repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().issues[0].message).toBe("The message must be at most 2000 characters");

    const other = await buildWorkspace(t);
    const foreign = await other.post("/api/ai-agents/test", { agentId: agent.id, message: "hi" });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe("That agent was not found");
  });
});
