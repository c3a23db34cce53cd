import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CALL_DISPOSITIONS } from "../../../common/calls";
import { loadConfig } from "../../config";
import { type CallBrief, initialState, type ModelTurnInput } from "../../engine";
import {
  type FakeChatServer,
  startFakeChatServer,
  streamedReply,
  streamOf,
  toolCallDeltas,
  wordDeltas,
} from "../../test/fake-chat-server";
import { serverSentData } from "./chat-stream";
import { createConversationModel, openAiConversationModel } from "./conversation-model";
import { firstSentence } from "./first-sentence";
import { TOOL_DEFINITIONS } from "./model-tools";

// Generous for a loaded machine's first request; the slow cases wait several times longer.
const TIMEOUT_MS = 1_000;

let fake: FakeChatServer;
beforeAll(async () => {
  fake = await startFakeChatServer();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

type Logged = { details: Record<string, unknown>; message: string };
function recordingLog() {
  const warnings: Logged[] = [];
  const debugs: Logged[] = [];
  return {
    warnings,
    debugs,
    log: {
      warn: (details: object, message: string) =>
        warnings.push({ details: details as Record<string, unknown>, message }),
      debug: (details: object, message: string) =>
        debugs.push({ details: details as Record<string, unknown>, message }),
    },
  };
}

function modelFor(
  log: ReturnType<typeof recordingLog>["log"],
  extra: { onFirstSentence?: (s: string, ms: number) => void } = {},
) {
  return openAiConversationModel({
    baseUrl: fake.baseUrl,
    apiKey: "k",
    model: "m",
    timeoutMs: TIMEOUT_MS,
    log,
    ...extra,
  });
}

const BRIEF: CallBrief = {
  direction: "inbound",
  persona: {
    agentName: "Ava",
    businessName: "Bright Smiles Dental",
    ownerName: "Dr. Lee",
    tone: "friendly",
    empathy: 6,
    formality: 5,
    assertiveness: 5,
  },
  opening: "Hi, this is Ava at Bright Smiles Dental. How can I help?",
  discloseAutomation: true,
  purpose: null,
  facts: [{ text: "We are open until six on weekdays.", source: "agent" }],
  rebuttals: [],
  flowSteps: ["May I have your name?"],
  closing: null,
  appointments: { enabled: true, durationMinutes: 30, bufferMinutes: 0 },
  workingHours: { start: "09:00", end: "17:00", days: [1, 2, 3, 4, 5] },
  timeZone: "America/New_York",
  maxCallMinutes: null,
  transferNumber: "+12125550100",
  screening: { autoBlockSpam: true, forwardUrgent: true, cellphoneNumber: null },
  description: null,
  customInstructions: null,
  guidance: [],
};

function turnInput(overrides: Partial<ModelTurnInput> = {}): ModelTurnInput {
  return {
    brief: BRIEF,
    context: ["You are Ava, an automated phone assistant for Bright Smiles Dental on an inbound call."],
    state: {
      ...initialState(),
      turns: 1,
      disposition: "interested",
      awaiting: "flow_answer",
      answers: [{ question: "Is it urgent?", answer: "Not really" }],
    },
    history: [
      "AI: Hi, this is Ava at Bright Smiles Dental. How can I help?",
      "Caller: Hi there.",
      "System: a note",
      "AI: Hello! What can I do for you?",
    ],
    text: "How late are you open today?",
    now: new Date("2031-03-04T15:00:00Z"),
    knowledge: ["We are open until six on weekdays."],
    nextQuestion: "May I have your name?",
    ...overrides,
  };
}

describe("a turn answered by a streaming chat model", () => {
  it("puts a streamed reply together and sends the tools, the brief, the call's state, the facts and the history", async () => {
    fake.answerTurns(streamedReply("We're open until six today. Anything else I can help with?"));
    const { log, warnings } = recordingLog();
    const turn = await modelFor(log)(turnInput());
    expect(turn).toEqual({
      reply: "We're open until six today. Anything else I can help with?",
      actions: [],
    });
    expect(warnings).toEqual([]);

    expect(fake.turns).toHaveLength(1);
    const { body, headers } = fake.turns[0]!;
    expect(headers.authorization).toBe("Bearer k");
    expect(body).toMatchObject({ model: "m", stream: true, tool_choice: "auto" });
    expect(body.tools?.map((tool) => tool.function.name)).toEqual([
      "book_appointment",
      "schedule_callback",
      "mark_do_not_call",
      "set_disposition",
      "transfer",
      "end_call",
    ]);
    const [system, ...rest] = body.messages;
    expect(system?.role).toBe("system");
    expect(system?.content).toContain("You are Ava, an automated phone assistant for Bright Smiles Dental");
    expect(system?.content).toContain(
      "answer only from these facts; if they don't answer the caller, say you don't know and offer a call back",
    );
    expect(system?.content).toContain("- We are open until six on weekdays.");
    expect(system?.content).toContain('ask "May I have your name?"');
    expect(system?.content).toContain("What the call came to: interested");
    expect(system?.content).toContain("The last reply asked for the answer to the last question asked");
    expect(system?.content).toContain('Asked "Is it urgent?"; answered "Not really"');
    expect(system?.content).toContain("Tuesday, March 4, 2031 at 10:00 AM (America/New_York)");
    // The transcript as the caller's and the assistant's turns (system notes left out), then the words just said.
    expect(rest).toEqual([
      { role: "assistant", content: "Hi, this is Ava at Bright Smiles Dental. How can I help?" },
      { role: "user", content: "Hi there." },
      { role: "assistant", content: "Hello! What can I do for you?" },
      { role: "user", content: "How late are you open today?" },
    ]);
  });

  it("tells the first sentence while the rest of the reply is still streaming", async () => {
    const order: string[] = [];
    const words =
      "Sure, we're open until six. We also open Saturday mornings, and parking is free out front.";
    fake.answerTurns(
      streamOf(wordDeltas(words, 3), { gapMs: 5, onLastChunk: () => order.push("the last chunk is sent") }),
    );
    const { log, debugs } = recordingLog();
    const sentences: { sentence: string; ms: number }[] = [];
    const turn = await modelFor(log, {
      onFirstSentence: (sentence, ms) => {
        order.push("first sentence");
        sentences.push({ sentence, ms });
      },
    })(turnInput());
    order.push("answered");
    expect(turn?.reply).toBe(words);
    expect(sentences).toEqual([{ sentence: "Sure, we're open until six.", ms: expect.any(Number) }]);
    expect(order).toEqual(["first sentence", "the last chunk is sent", "answered"]);
    const timing = debugs.find((entry) => entry.message === "language model answered the turn")?.details;
    expect(timing).toMatchObject({ firstSentenceMs: sentences[0]?.ms, replyMs: expect.any(Number) });
    expect(timing?.replyMs as number).toBeGreaterThanOrEqual(sentences[0]?.ms as number);
  });

  it("puts tool calls together from arguments split across many deltas, two calls interleaved", async () => {
    const booking = toolCallDeltas(0, "book_appointment", { when: "Thursday at 10am" }, 1);
    const disposition = toolCallDeltas(1, "set_disposition", { disposition: "booked" }, 1);
    const interleaved = booking.flatMap((delta, i) => [delta, ...(disposition[i] ? [disposition[i]] : [])]);
    interleaved.push(...disposition.slice(booking.length));
    expect(interleaved.length).toBeGreaterThan(40);
    fake.answerTurns(streamOf([...wordDeltas("Let me book that for you."), ...interleaved]));
    const { log, warnings } = recordingLog();
    const turn = await modelFor(log)(turnInput());
    expect(turn).toEqual({
      reply: "Let me book that for you.",
      actions: [
        { tool: "book_appointment", when: "Thursday at 10am" },
        { tool: "set_disposition", disposition: "booked" },
      ],
    });
    expect(warnings).toEqual([]);
  });

  it("drops a tool call that fails its schema and keeps the words and the valid calls", async () => {
    fake.answerTurns(
      streamedReply("Thanks, I've noted that.", [
        { name: "set_disposition", args: { disposition: "hot_lead" } },
        { name: "launch_rocket", args: {} },
        { name: "schedule_callback", args: "{when: tomorrow" },
        { name: "schedule_callback", args: { when: "tomorrow at 3pm" } },
      ]),
    );
    const { log, warnings } = recordingLog();
    const turn = await modelFor(log)(turnInput());
    expect(turn).toEqual({
      reply: "Thanks, I've noted that.",
      actions: [{ tool: "schedule_callback", when: "tomorrow at 3pm" }],
    });
    const refused = warnings
      .filter((w) => w.message === "language model's tool call refused")
      .map((w) => w.details.refused);
    expect(refused).toHaveLength(3);
    expect(refused[0]).toMatch(/^set_disposition: .*disposition/s);
    expect(refused[1]).toBe('unknown tool "launch_rocket"');
    expect(refused[2]).toBe("schedule_callback: the arguments are not JSON");
  });

  it("takes a tool without parameters whose arguments are empty, and says something for it when the model said nothing", async () => {
    fake.answerTurns(streamOf([{ role: "assistant" }, ...toolCallDeltas(0, "mark_do_not_call", "")]));
    const { log } = recordingLog();
    const turn = await modelFor(log)(turnInput({ text: "Stop calling me." }));
    expect(turn).toEqual({
      reply: "Understood. We won't call you again. Goodbye.",
      actions: [{ tool: "mark_do_not_call" }],
    });
  });

  it("reads a server that ignored stream: true and answered one JSON completion", async () => {
    fake.answerTurns((_request, res) =>
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          choices: [
            {
              index: 0,
              message: {
                role: "assistant",
                content: "One moment, I'll put you through.",
                tool_calls: [
                  {
                    id: "c1",
                    type: "function",
                    function: { name: "transfer", arguments: '{"reason":"wants a person"}' },
                  },
                ],
              },
              finish_reason: "tool_calls",
            },
          ],
        }),
      ),
    );
    const { log } = recordingLog();
    expect(await modelFor(log)(turnInput())).toEqual({
      reply: "One moment, I'll put you through.",
      actions: [{ tool: "transfer", reason: "wants a person" }],
    });
  });

  it("takes a stream that ends without [DONE]", async () => {
    fake.answerTurns(streamOf(wordDeltas("We're open until six."), { done: false }));
    const { log } = recordingLog();
    expect((await modelFor(log)(turnInput()))?.reply).toBe("We're open until six.");
  });
});

describe("when the model cannot answer the turn, null (the local engine answers) and a warning", () => {
  const cases: [string, () => void, RegExp][] = [
    [
      "no words and no valid tool call",
      () =>
        fake.answerTurns(streamedReply("", [{ name: "set_disposition", args: { disposition: "hot_lead" } }])),
      /no usable answer/,
    ],
    [
      "no words and only a disposition",
      () =>
        fake.answerTurns(
          streamedReply("", [{ name: "set_disposition", args: { disposition: "interested" } }]),
        ),
      /no usable answer/,
    ],
    [
      "a chunk that is not JSON",
      () => fake.answerTurns(streamOf([...wordDeltas("We're open"), "{not json"])),
      /failed/,
    ],
    [
      "a chunk that is not a completion chunk",
      () => fake.answerTurns(streamOf([{ content: "Hi" }, '{"choices":"nope"}'])),
      /failed/,
    ],
    [
      "an error sent in the stream",
      () => fake.answerTurns(streamOf([{ content: "Hi" }, '{"error":{"message":"overloaded"}}'])),
      /failed/,
    ],
    [
      "HTTP 500",
      () => fake.answerTurns((_r, res) => res.writeHead(500).end('{"error":{"message":"boom"}}')),
      /answered an error/,
    ],
    [
      "a JSON body that is no completion",
      () =>
        fake.answerTurns((_r, res) =>
          res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'),
        ),
      /failed/,
    ],
    [
      "the connection dropped mid-stream",
      () =>
        fake.answerTurns((_r, res) => {
          res.writeHead(200, { "content-type": "text/event-stream" });
          res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: "We're" } }] })}\n\n`);
          setTimeout(() => res.socket?.destroy(), 20);
        }),
      /failed/,
    ],
    [
      "no answer within the timeout",
      () => fake.answerTurns(streamedReply("Too late.", [], { firstMs: TIMEOUT_MS * 4 })),
      /did not answer in time/,
    ],
    [
      "a stream that stalls past the timeout after its first sentence",
      () =>
        fake.answerTurns(
          streamOf([...wordDeltas("We're open until six. "), ...wordDeltas("And then some more words")], {
            gapMs: TIMEOUT_MS / 4,
          }),
        ),
      /did not answer in time/,
    ],
  ];
  it.each(cases)("%s", async (_label, answer, warning) => {
    answer();
    const { log, warnings } = recordingLog();
    expect(await modelFor(log)(turnInput())).toBeNull();
    expect(warnings.at(-1)?.message).toMatch(warning);
    expect(warnings.at(-1)?.details.provider).toBe("openai-compatible:m");
  });

  it("reports the HTTP status and the server's reason", async () => {
    fake.answerTurns((_r, res) =>
      res
        .writeHead(404, { "content-type": "application/json" })
        .end('{"error":{"message":"model m not found"}}'),
    );
    const { log, warnings } = recordingLog();
    expect(await modelFor(log)(turnInput())).toBeNull();
    expect(warnings[0]?.details).toMatchObject({
      status: 404,
      body: expect.stringContaining("model m not found"),
    });
  });
});

describe("the tools the model is offered", () => {
  it("are the engine's actions with their arguments, the disposition limited to the known ones", () => {
    const byName = Object.fromEntries(
      TOOL_DEFINITIONS.map((tool) => [tool.function.name, tool.function.parameters]),
    );
    expect(byName.book_appointment).toMatchObject({
      type: "object",
      required: ["when"],
      additionalProperties: false,
    });
    expect(byName.schedule_callback).toMatchObject({ type: "object", required: ["when"] });
    expect(byName.transfer).toMatchObject({ type: "object", required: ["reason"] });
    expect(byName.set_disposition).toMatchObject({
      required: ["disposition"],
      properties: { disposition: { type: "string", enum: [...CALL_DISPOSITIONS] } },
    });
    expect(byName.mark_do_not_call).toMatchObject({ type: "object", properties: {} });
    expect(byName.end_call).toMatchObject({ type: "object", properties: {} });
    for (const tool of TOOL_DEFINITIONS) {
      expect(tool.type).toBe("function");
      expect(tool.function.description.length).toBeGreaterThan(10);
      expect(tool.function.parameters).not.toHaveProperty("$schema");
    }
  });

  it("are offered only when LLM_BASE_URL is set", () => {
    const { log } = recordingLog();
    expect(createConversationModel(loadConfig({ NODE_ENV: "test" }), log)).toBeNull();
    expect(
      createConversationModel(loadConfig({ NODE_ENV: "test", LLM_BASE_URL: fake.baseUrl }), log),
    ).toBeTypeOf("function");
  });
});

describe("reading server-sent events", () => {
  async function eventsOf(pieces: string[]): Promise<string[]> {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(encoder.encode(piece));
        controller.close();
      },
    });
    const out: string[] = [];
    for await (const data of serverSentData(body)) out.push(data);
    return out;
  }

  it("joins lines split across pieces, CR LF and CR line ends, several data lines, and skips comments and other fields", async () => {
    expect(
      await eventsOf([
        ": keep-alive\n\nda",
        'ta: {"a"',
        ":1}\r",
        "\n\r\nevent: x\nid: 7\ndata: first\ndata:second\r\rdata: last",
      ]),
    ).toEqual(['{"a":1}', "first\nsecond", "last"]);
  });

  it("reads a character split across pieces", async () => {
    const bytes = new TextEncoder().encode("data: café ☕\n\n");
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    const out: string[] = [];
    for await (const data of serverSentData(body)) out.push(data);
    expect(out).toEqual(["café ☕"]);
  });
});

describe("the first sentence of a reply being written", () => {
  it.each([
    ["Sure! We", "Sure!"],
    ["Sure!", null],
    ["We open at 9.30 and", null],
    [
      "Dr. Lee sees patients from 9 a.m. on Mondays. Shall I",
      "Dr. Lee sees patients from 9 a.m. on Mondays.",
    ],
    ["Is that okay? I", "Is that okay?"],
    ["... Well. Then", "... Well."],
  ])("%j -> %j", (text, sentence) => {
    expect(firstSentence(text)).toBe(sentence);
  });
});
