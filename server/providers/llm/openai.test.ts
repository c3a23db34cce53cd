import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultClassifier } from "../../engine";
import { createUnderstand } from "../../features/calls/understand";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildCall, buildWorkspace } from "../../test/factories";
import { openAiLanguageModel } from "./openai";

/**
 * A stand-in for an OpenAI-compatible server on loopback: each test decides how it answers
 * POST /v1/chat/completions, and every request it received is kept for inspection.
 */
type Received = { method: string; url: string; headers: IncomingMessage["headers"]; body: ChatRequest };
type ChatRequest = {
  model: string;
  stream?: boolean;
  messages: { role: string; content: string }[];
  response_format?: unknown;
};
type Handler = (request: Received, res: ServerResponse) => void;

const TIMEOUT_MS = 300;

let fake: Server;
let baseUrl: string;
let handler: Handler;
let received: Received[] = [];
const pendingTimers = new Set<NodeJS.Timeout>();

let t: TestApp;

beforeAll(async () => {
  fake = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res
          .writeHead(404, { "content-type": "application/json" })
          .end(JSON.stringify({ error: "not found" }));
        return;
      }
      const request: Received = {
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequest,
      };
      // A streamed request is the model answering the turn (conversation-model.test.ts tests it):
      // here it fails at once, so the local engine answers and these tests see only the analysis.
      if (request.body.stream) {
        res.writeHead(503, { "content-type": "application/json" }).end('{"error":"not in this test"}');
        return;
      }
      received.push(request);
      handler(request, res);
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  t = await createTestApp({ llm: { baseUrl, apiKey: "k", model: "m", timeoutMs: TIMEOUT_MS } });
});

afterAll(async () => {
  for (const timer of pendingTimers) clearTimeout(timer);
  await t?.close();
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});

beforeEach(() => {
  received = [];
  handler = (_request, res) => res.writeHead(500).end("no handler set");
});

/** An OpenAI chat completion whose message content is `content`. */
function completion(content: string): string {
  return JSON.stringify({
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 0,
    model: "m",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
  });
}

function answerWith(content: string, delayMs = 0): Handler {
  return (_request, res) => {
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(200, { "content-type": "application/json" }).end(completion(content));
    };
    if (delayMs === 0) return send();
    const timer = setTimeout(() => {
      pendingTimers.delete(timer);
      send();
    }, delayMs);
    pendingTimers.add(timer);
  };
}

const IMPORTANT_ANSWER = {
  classification: "important",
  confidence: 0.91,
  intent: "family member in hospital",
  urgency: 0.9,
  sentiment: "negative",
  importance: 5,
  signals: ["mentions the hospital"],
};

const simulate = (c: TestClient, phoneNumber = "+12125550147") => buildCall(c, { phoneNumber, live: true });

/** One caller turn through HTTP; returns the answer and how long the server took. */
async function say(c: TestClient, callId: string, text: string) {
  const started = performance.now();
  const res = await c.post(`/api/calls/${callId}/process-audio`, { text });
  return { res, ms: performance.now() - started };
}

// A line the local AI files as sales (a quote request); the model below says otherwise.
const QUOTE_LINE = "Hi, could you give me a quote for cleaning the gutters on a two-storey house?";
// A line the local AI files as spam with high confidence.
const SCAM_LINE = "Final notice about your car's extended warranty. Press 1 to speak to an agent.";

describe("the OpenAI-compatible language model, through process-audio", () => {
  it("uses a valid JSON answer and sends the key, the model and the caller's words", async () => {
    handler = answerWith(JSON.stringify(IMPORTANT_ANSWER));
    const c = await buildWorkspace(t);
    const call = await simulate(c);
    const { res } = await say(c, call.id, QUOTE_LINE);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.analysis).toMatchObject({
      source: "llm",
      classification: "important",
      confidence: 0.91,
      intent: "family member in hospital",
      urgency: 0.9,
      sentiment: "negative",
      importance: 5,
    });
    expect(body.analysis.signals).toContain("mentions the hospital");
    expect(body.call.analysis).toMatchObject({ source: "llm", classification: "important" });

    expect(received).toHaveLength(1);
    const request = received[0]!;
    expect(request.headers.authorization).toBe("Bearer k");
    expect(request.headers["content-type"]).toMatch(/^application\/json/);
    expect(request.body.model).toBe("m");
    expect(request.body.response_format).toEqual({ type: "json_object" });
    const user = request.body.messages.find((message) => message.role === "user");
    expect(user?.content).toContain(QUOTE_LINE);
    expect(request.body.messages.find((message) => message.role === "system")?.content).toMatch(/JSON/);
  });

  // The call's classification is built from the turns' class scores: they must follow the model.
  it("files the call under the model's class", async () => {
    handler = answerWith(JSON.stringify(IMPORTANT_ANSWER));
    const c = await buildWorkspace(t);
    const call = await simulate(c);
    const { res } = await say(c, call.id, QUOTE_LINE);
    expect(res.json().analysis.classification).toBe("important");
    expect(res.json().call.classification).toBe("important");
  });

  it("accepts an answer wrapped in a ```json fence", async () => {
    handler = answerWith(`\`\`\`json\n${JSON.stringify(IMPORTANT_ANSWER)}\n\`\`\``);
    const c = await buildWorkspace(t);
    const call = await simulate(c);
    const { res } = await say(c, call.id, QUOTE_LINE);
    expect(res.json().analysis).toMatchObject({ source: "llm", classification: "important" });
  });

  it("falls back to the local AI when the model is slower than the timeout, and the turn stays quick", async () => {
    handler = answerWith(JSON.stringify({ ...IMPORTANT_ANSWER, classification: "legitimate" }), 5_000);
    const c = await buildWorkspace(t);
    const call = await simulate(c);
    const { res, ms } = await say(c, call.id, SCAM_LINE);
    expect(res.statusCode).toBe(200);
    expect(res.json().analysis).toMatchObject({ source: "local", classification: "spam" });
    expect(res.json().call).toMatchObject({ isActive: false, status: "blocked" });
    expect(received).toHaveLength(1);
    // The timeout (300 ms) plus the local work, well short of the model's 5 s.
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(ms).toBeLessThan(3_000);
  });

  it.each([
    ["prose instead of JSON", "Sure! This caller is definitely important."],
    ["JSON with an unknown class", JSON.stringify({ ...IMPORTANT_ANSWER, classification: "urgent" })],
    ["JSON missing fields", JSON.stringify({ classification: "important" })],
    ["JSON with a confidence above 1", JSON.stringify({ ...IMPORTANT_ANSWER, confidence: 7 })],
    ["an empty message", ""],
  ])("falls back to the local AI on malformed content: %s", async (_label, content) => {
    handler = answerWith(content);
    const c = await buildWorkspace(t);
    const call = await simulate(c);
    const { res } = await say(c, call.id, QUOTE_LINE);
    expect(res.statusCode).toBe(200);
    expect(res.json().analysis).toMatchObject({ source: "local", classification: "sales" });
    expect(received).toHaveLength(1);
  });

  it("falls back to the local AI when the model answers HTTP 500", async () => {
    handler = (_request, res) =>
      res
        .writeHead(500, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: "boom" } }));
    const c = await buildWorkspace(t);
    const call = await simulate(c);
    const { res } = await say(c, call.id, QUOTE_LINE);
    expect(res.statusCode).toBe(200);
    expect(res.json().analysis).toMatchObject({ source: "local", classification: "sales" });
    expect(received).toHaveLength(1);
  });

  it("falls back when the connection drops before an answer", async () => {
    handler = (_request, res) => res.socket?.destroy();
    const c = await buildWorkspace(t);
    const call = await simulate(c);
    const { res } = await say(c, call.id, QUOTE_LINE);
    expect(res.statusCode).toBe(200);
    expect(res.json().analysis).toMatchObject({ source: "local", classification: "sales" });
  });
});

describe("caller facts bind whatever the model says", () => {
  it("keeps a blocked number spam when the model says legitimate", async () => {
    handler = answerWith(
      JSON.stringify({
        classification: "legitimate",
        confidence: 0.97,
        intent: "returning a missed call",
        urgency: 0.2,
        sentiment: "positive",
        importance: 2,
        signals: ["friendly tone"],
      }),
    );
    const c = await buildWorkspace(t);
    const phone = "+12125550199";
    await t.database.db.execute(
      sql`insert into blocked_numbers (workspace_id, phone_number, reason) values (${c.user!.workspace.id}, ${phone}, 'test')`,
    );
    const call = await simulate(c, "(212) 555-0199");
    const { res } = await say(c, call.id, "Hi, it's Sam, just returning your call from earlier.");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.analysis).toMatchObject({ source: "llm", classification: "spam" });
    expect(body.analysis.signals).toContain("number is on your block list");
    expect(body.call).toMatchObject({ classification: "spam", isActive: false, status: "blocked" });
    // The model was told.
    expect(received[0]?.body.messages.find((m) => m.role === "user")?.content).toContain(
      "the user has blocked this number",
    );
  });

  it("never files a contact's call as spam when the model says spam", async () => {
    handler = answerWith(JSON.stringify({ ...IMPORTANT_ANSWER, classification: "spam", intent: "robocall" }));
    const c = await buildWorkspace(t);
    await t.database.db.execute(
      sql`insert into contacts (workspace_id, name, phone_number, phone_e164) values (${c.user!.workspace.id}, 'Sam Lee', '212-555-0177', '+12125550177')`,
    );
    const call = await simulate(c, "+1 212 555 0177");
    const { res } = await say(c, call.id, "Hey, it's Sam, call me back when you get a chance.");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.analysis.source).toBe("llm");
    expect(body.analysis.classification).not.toBe("spam");
    expect(body.call.isActive).toBe(true);
    expect(received[0]?.body.messages.find((m) => m.role === "user")?.content).toContain(
      "the number is in the user's contacts",
    );
  });
});

describe("the business's script and agent in the model's prompt", () => {
  it("tells the model the default script's rules and manner; without a script only the business's own facts", async () => {
    handler = answerWith(JSON.stringify(IMPORTANT_ANSWER));
    const plain = await buildWorkspace(t);
    const first = await simulate(plain);
    expect((await say(plain, first.id, QUOTE_LINE)).res.statusCode).toBe(200);
    const plainPrompt = received[0]?.body.messages.find(
      (m) => m.role === "system" && m.content.startsWith("About this business"),
    )?.content;
    // The business's name and hours, which every call may need; no script, so no rules or manner.
    expect(plainPrompt).toContain("We're open Monday to Friday, 9 AM to 5 PM.");
    expect(plainPrompt).not.toMatch(/rules|tone \(/i);

    const c = await buildWorkspace(t);
    const created = await c.post("/api/ai-scripts/from-template/dental-office", {});
    expect(created.statusCode, created.body).toBe(201);
    const script = created.json();
    const rule = "Never quote a price for a crown over the phone.";
    const updated = await c.put(`/api/ai-scripts/${script.id}`, {
      businessRules: [...script.businessRules, rule],
      isDefault: true,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const call = await simulate(c);
    const { res } = await say(c, call.id, QUOTE_LINE);
    expect(res.statusCode).toBe(200);
    const prompt = received
      .at(-1)
      ?.body.messages.find(
        (m) => m.role === "system" && m.content.startsWith("About this business"),
      )?.content;
    expect(prompt).toContain("Questions to ask, in order: May I have the patient's full name?");
    expect(prompt).toContain(rule);
    expect(prompt).toMatch(/tone \(empathy \d+\/10, formality \d+\/10\)/);
  });
});

describe("createUnderstand with the OpenAI adapter", () => {
  it("logs a warning naming the provider when it falls back", async () => {
    handler = answerWith("not json");
    const warnings: unknown[][] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
    const understand = createUnderstand({
      classifier: defaultClassifier,
      llm: openAiLanguageModel({ baseUrl, apiKey: "k", model: "m", timeoutMs: TIMEOUT_MS }),
      log,
    });
    const facts = {
      number: "+12125550147",
      withheld: false,
      malformed: false,
      spoofedLooking: false,
      inContacts: false,
      contactName: null,
      blocked: false,
    };
    const analysis = await understand(QUOTE_LINE, facts);
    expect(analysis).toMatchObject({ source: "local", classification: "sales" });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.[0]).toMatchObject({ provider: "openai-compatible:m", err: expect.any(Error) });
    expect(warnings[0]?.[1]).toMatch(/local AI answered/);
  });
});
