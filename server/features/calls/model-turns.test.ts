import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { calls } from "../../db/schema";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildCall, buildWorkspace } from "../../test/factories";
import {
  type FakeChatServer,
  startFakeChatServer,
  streamedReply,
  streamOf,
  wordDeltas,
} from "../../test/fake-chat-server";
import { startFakeTwilioApi } from "../../test/fake-twilio-api";
import {
  callRowBySid,
  callSid,
  connectTwilio,
  inboundParams,
  PUBLIC_URL,
  twilioPost,
  twimlAttr,
} from "../../test/telephony";

/**
 * Calls answered by a language model (LLM_BASE_URL) through the real HTTP path: the caller's
 * words go to the model, which answers with words and the engine's tools, and the engine carries
 * the tools out (the do-not-call list, a contact's call back, a booking). When the model fails
 * (an error, a malformed stream, no answer in time) the caller hears what the local engine says,
 * which a second app without a model shows, and the call goes on.
 */

const TIMEOUT_MS = 1_000;
const OWNER = { fullName: "Jordan Rivera" };

let fake: FakeChatServer;
let fakeTwilio: Awaited<ReturnType<typeof startFakeTwilioApi>>;
let t: TestApp;
let local: TestApp;

beforeAll(async () => {
  fake = await startFakeChatServer();
  fakeTwilio = await startFakeTwilioApi({
    accountSid: `AC${"0123456789abcdef".repeat(2)}`,
    authToken: `${"f".repeat(8)}0123456789abcdefa1b2c3d4`,
    numbers: ["+14155550100"],
  });
  t = await createTestApp({
    publicUrl: PUBLIC_URL,
    telephony: { twilioApiBaseUrl: fakeTwilio.url },
    llm: { baseUrl: fake.baseUrl, apiKey: "k", model: "m", timeoutMs: TIMEOUT_MS },
  });
  local = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await local?.close();
  await fakeTwilio?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

/** The stored call (what it came to is not in the API's answer). */
async function storedCall(id: string) {
  const [row] = await t.database.db.select().from(calls).where(eq(calls.id, id));
  return row;
}

const simulate = (c: TestClient, phoneNumber = "+12125550147") => buildCall(c, { phoneNumber, live: true });
const say = (c: TestClient, callId: string, text: string) =>
  c.post(`/api/calls/${callId}/process-audio`, { text });

/** What the local engine says to these words as a fresh call's first turn (an app without a model). */
async function localReply(text: string): Promise<string> {
  const c = await buildWorkspace(local, OWNER);
  const call = await simulate(c);
  const res = await say(c, call.id, text);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response.text;
}

describe("a caller's turn answered by the language model", () => {
  it("says the model's streamed words, told the business, the facts and the call so far", async () => {
    const words = "We're open until six today. Would you like to book a visit?";
    fake.answerTurns(streamedReply(words));
    const c = await buildWorkspace(t, OWNER);
    const call = await simulate(c);
    const res = await say(c, call.id, "How late are you open today?");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response.text).toBe(words);
    expect(res.json().call).toMatchObject({ isActive: true });
    expect(res.json().call.transcript).toContain(`Caller: How late are you open today?\nAI: ${words}`);

    expect(fake.turns).toHaveLength(1);
    const { messages } = fake.turns[0]!.body;
    expect(messages[0]?.content).toMatch(/an automated phone assistant for .+ on an inbound call/);
    expect(messages[0]?.content).toContain("The call so far:");
    expect(messages.slice(1)).toEqual([
      { role: "assistant", content: call.transcript?.replace(/^AI: /, "") },
      { role: "user", content: "How late are you open today?" },
    ]);

    // The next turn's request carries this one.
    fake.answerTurns(streamedReply("Great, what day suits you?"));
    const next = await say(c, call.id, "Maybe, yes.");
    expect(next.json().response.text).toBe("Great, what day suits you?");
    expect(fake.turns[1]?.body.messages.slice(-3)).toEqual([
      { role: "user", content: "How late are you open today?" },
      { role: "assistant", content: words },
      { role: "user", content: "Maybe, yes." },
    ]);
  });

  it("mark_do_not_call: the number lands on the do-not-call list and the call ends, asking the model once", async () => {
    fake.answerTurns(
      streamedReply("Of course. I've taken your number off our list. Goodbye.", [
        { name: "mark_do_not_call", args: {} },
      ]),
    );
    const c = await buildWorkspace(t, OWNER);
    const call = await simulate(c, "+12125550181");
    const res = await say(c, call.id, "Honestly I'd rather not hear from you people.");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response.text).toBe("Of course. I've taken your number off our list. Goodbye.");
    expect(res.json().call.isActive).toBe(false);
    expect(await storedCall(call.id)).toMatchObject({ isActive: false, disposition: "do_not_call" });
    const list = (await c.get("/api/do-not-call")).json() as { phoneNumber: string }[];
    expect(list.map((entry) => entry.phoneNumber)).toContain("+12125550181");
    // The turn ran twice (lock-free, then under the lock for its effects) and asked the model once.
    expect(fake.turns).toHaveLength(1);
    expect((await say(c, call.id, "Hello?")).statusCode).toBe(409);
  });

  it("schedule_callback: the contact's call back is set", async () => {
    fake.answerTurns(
      streamedReply("No problem, we'll call you tomorrow at 3pm.", [
        { name: "schedule_callback", args: { when: "tomorrow at 3pm" } },
      ]),
    );
    const c = await buildWorkspace(t, OWNER);
    const contact = await c.post("/api/contacts", { name: "Casey Park", phoneNumber: "(212) 555-0182" });
    expect(contact.statusCode, contact.body).toBe(201);
    const call = await simulate(c, "+12125550182");
    const res = await say(c, call.id, "This isn't a good moment, could you try me later?");
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedCall(call.id))?.disposition).toBe("call_back");
    const after = (await c.get(`/api/contacts/${contact.json().id}`)).json();
    expect(after.scheduledCallback).not.toBeNull();
    const at = new Date(after.scheduledCallback).getTime();
    expect(at).toBeGreaterThan(Date.now());
    expect(at).toBeLessThan(Date.now() + 3 * 24 * 60 * 60_000);
    expect(fake.turns).toHaveLength(1);
  });

  it("book_appointment: the calendar books it and the engine says so", async () => {
    fake.answerTurns(
      streamedReply("Let me book that.", [
        { name: "book_appointment", args: { when: "next Tuesday at 2pm" } },
      ]),
    );
    const c = await buildWorkspace(t, OWNER);
    const call = await simulate(c, "+12125550183");
    const res = await say(c, call.id, "Tuesday afternoon could work, say two o'clock.");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response.text).toMatch(/booked for Tuesday/);
    const appointments = (await c.get("/api/appointments")).json() as { callId: string; status: string }[];
    expect(appointments).toEqual([expect.objectContaining({ callId: call.id, status: "scheduled" })]);
    expect(fake.turns).toHaveLength(1);
  });

  it("drops a tool call with a disposition that does not exist and keeps the model's words", async () => {
    fake.answerTurns(
      streamedReply("Thanks, I'll let the team know.", [
        { name: "set_disposition", args: { disposition: "hot_lead" } },
      ]),
    );
    const c = await buildWorkspace(t, OWNER);
    const call = await simulate(c);
    const res = await say(c, call.id, "I'm interested in a cleaning next month.");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response.text).toBe("Thanks, I'll let the team know.");
    expect(res.json().call.isActive).toBe(true);
    expect((await storedCall(call.id))?.disposition).toBeNull();
  });
});

describe("screening before the model", () => {
  // The receptionist's screening decides before the model is asked: a caller it would block (a
  // number on the block list, a confident spam reading) never hears the model.
  it("blocks a number on the user's block list whatever the model would say", async () => {
    fake.answerTurns(streamedReply("Hi Sam, good to hear from you! How can I help?"));
    const c = await buildWorkspace(t, OWNER);
    await t.database.db.execute(
      sql`insert into blocked_numbers (workspace_id, phone_number, reason) values (${c.user!.workspace.id}, '+12125550185', 'test')`,
    );
    const call = await simulate(c, "+12125550185");
    const res = await say(c, call.id, "Hi, it's Sam, just returning your call from earlier.");
    expect(res.json().call).toMatchObject({ isActive: false, status: "blocked" });
  });
});

describe("when the model fails, the local engine answers and the call goes on", () => {
  // Each case says its own words: the same words on a call just like it would be the same question
  // to the model, whose answer the memo holds for a few seconds.
  const failures: [string, string, () => void][] = [
    [
      "a malformed chunk",
      "Do you take walk-ins on Saturdays?",
      () => fake.answerTurns(streamOf([...wordDeltas("We do"), "{not json"])),
    ],
    [
      "HTTP 500",
      "Is there parking near the office?",
      () => fake.answerTurns((_r, res) => res.writeHead(500).end('{"error":{"message":"boom"}}')),
    ],
    [
      "no answer within LLM_TIMEOUT_MS",
      "Do you see children as well?",
      () => fake.answerTurns(streamedReply("Too late.", [], { firstMs: TIMEOUT_MS * 4 })),
    ],
  ];
  it.each(failures)("%s", async (_label, LINE, fail) => {
    const expected = await localReply(LINE);
    fail();
    const c = await buildWorkspace(t, OWNER);
    const call = await simulate(c);
    const res = await say(c, call.id, LINE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response.text).toBe(expected);
    expect(res.json().call.isActive).toBe(true);
    expect(fake.turns).toHaveLength(1);

    fake.answerTurns(streamedReply("Anything else I can help with?"));
    const next = await say(c, call.id, "Okay, thanks.");
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().response.text).toBe("Anything else I can help with?");
  });
});

describe("the conversation preview", () => {
  it("answers through the model too, with the preview's transcript", async () => {
    fake.answerTurns(streamedReply("We're open until six."));
    const c = await buildWorkspace(t, OWNER);
    const res = await c.post("/api/conversation/test", {
      message: "How late are you open?",
      conversationHistory: [{ role: "caller", text: "Hi there." }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response).toBe("We're open until six.");
    expect(fake.turns).toHaveLength(2);
    expect(fake.turns[1]?.body.messages.slice(-3)).toEqual([
      { role: "user", content: "Hi there." },
      { role: "assistant", content: "We're open until six." },
      { role: "user", content: "How late are you open?" },
    ]);
  });
});

describe("a Twilio call", () => {
  it("says the model's words in the gather webhook's TwiML and hangs up after a do-not-call", async () => {
    const c = await buildWorkspace(t, OWNER);
    await connectTwilio(c);
    const sid = callSid();
    const greeting = await twilioPost(t, "/api/telephony/twilio/voice", inboundParams(sid, "+12125550184"));
    const action = twimlAttr(greeting.body, "Gather", "action") as string;

    fake.answerTurns(streamedReply("Sure, our hours are nine to five."));
    const first = await twilioPost(t, action, {
      ...inboundParams(sid, "+12125550184"),
      SpeechResult: "What are your hours?",
    });
    expect(first.body).toContain("Sure, our hours are nine to five.");
    expect(first.body).toContain("<Gather");

    fake.answerTurns(
      streamedReply("Understood, we won't call again. Goodbye.", [{ name: "mark_do_not_call", args: {} }]),
    );
    const next = twimlAttr(first.body, "Gather", "action") as string;
    const second = await twilioPost(t, next, {
      ...inboundParams(sid, "+12125550184"),
      SpeechResult: "Please leave me be.",
    });
    expect(second.body).toContain("Understood, we won't call again. Goodbye.");
    expect(second.body).toContain("<Hangup/>");
    expect(await callRowBySid(t, sid)).toMatchObject({ isActive: false, disposition: "do_not_call" });
  });
});
