import { initialState, type ModelTurnInput } from "../../server/engine";
import { openAiConversationModel } from "../../server/providers/llm/conversation-model";
import {
  type FakeChatServer,
  startFakeChatServer,
  streamOf,
  toolCallDeltas,
  wordDeltas,
} from "../../server/test/fake-chat-server";
import { printTable } from "../load";
import { signUp, startServer } from "../server";

/**
 * A caller's turn answered by a language model that streams, against a local OpenAI-compatible
 * server paced like a hosted model (the first words after FIRST_TOKEN_MS, then a 4-character
 * chunk every CHUNK_MS, about 50 tokens a second). (a) The provider in this process: when the
 * reply's first sentence is known against when the whole reply is in, beside the fake server's
 * own schedule (what no client could beat). (b) The same model behind the real server: the
 * round trip of POST /api/calls/:id/process-audio, which, like the TwiML answer, waits for the
 * whole reply and the engine's turn.
 */

const PORT = 5186;
const FIRST_TOKEN_MS = 300;
const CHUNK_MS = 20;
const TURNS = 20;
const REPLY =
  "We're open until six tonight. I can book you in for a cleaning on Thursday morning, or ask the front desk to call you back. Which would you prefer?";

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
}

/** When the fake server sends the chunk that completes `text` (ms after the request). */
function scheduledMs(deltas: { content?: string }[], text: string): number {
  let soFar = "";
  for (const [index, delta] of deltas.entries()) {
    soFar += delta.content ?? "";
    // The first delta goes at FIRST_TOKEN_MS, each next one CHUNK_MS later.
    if (soFar.includes(text)) return FIRST_TOKEN_MS + index * CHUNK_MS;
  }
  return FIRST_TOKEN_MS + deltas.length * CHUNK_MS;
}

export async function llmTurnsBench(): Promise<void> {
  const fake = await startFakeChatServer();
  try {
    await inProcess(fake);
    await throughServer(fake);
  } finally {
    await fake.close();
  }
}

async function inProcess(fake: FakeChatServer): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  const cases = [
    { name: "words only", deltas: wordDeltas(REPLY) },
    {
      name: "words, then a tool call",
      deltas: [...wordDeltas(REPLY), ...toolCallDeltas(0, "set_disposition", { disposition: "interested" })],
    },
  ];
  for (const { name, deltas } of cases) {
    fake.reset();
    fake.answerTurns(streamOf(deltas, { firstMs: FIRST_TOKEN_MS, gapMs: CHUNK_MS }));
    const first: number[] = [];
    const whole: number[] = [];
    const model = openAiConversationModel({
      baseUrl: fake.baseUrl,
      model: "bench",
      timeoutMs: 10_000,
      log: { warn: (details, message) => console.warn(message, details), debug: () => {} },
      onFirstSentence: (_sentence, ms) => first.push(ms),
    });
    for (let turn = 0; turn < TURNS + 2; turn++) {
      const started = performance.now();
      const answer = await model(benchInput());
      if (!answer) throw new Error("the model gave no answer");
      // The first two warm the connection and the JIT.
      if (turn < 2) {
        first.length = 0;
        continue;
      }
      whole.push(performance.now() - started);
    }
    const firstSentence = REPLY.slice(0, REPLY.indexOf(".") + 1);
    rows.push({
      reply: name,
      "first sentence p50 ms": percentile(first, 50),
      "first sentence p99 ms": percentile(first, 99),
      "whole reply p50 ms": percentile(whole, 50),
      "whole reply p99 ms": percentile(whole, 99),
      "server's schedule: first sentence / last chunk ms": `${scheduledMs(deltas, firstSentence)} / ${scheduledMs(deltas, "\u0000")}`,
      "first sentence / whole": `${Math.round((percentile(first, 50) / percentile(whole, 50)) * 100)}%`,
    });
  }
  printTable(
    `(a) The provider in-process, ${TURNS} turns each; fake model: first chunk at ${FIRST_TOKEN_MS} ms, then 4 characters every ${CHUNK_MS} ms (${REPLY.length} characters)`,
    rows,
  );
}

async function throughServer(fake: FakeChatServer): Promise<void> {
  fake.reset();
  fake.answerTurns(streamOf(wordDeltas(REPLY), { firstMs: FIRST_TOKEN_MS, gapMs: CHUNK_MS }));
  const server = await startServer({
    port: PORT,
    env: { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: "bench", LLM_TIMEOUT_MS: "10000" },
  });
  try {
    const { cookie } = await signUp(server.url);
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<{ id: string; response?: { text: string } }>;
    };
    const turns: number[] = [];
    let modelReplies = 0;
    for (let turn = 0; turn < TURNS + 2; turn++) {
      // A fresh call each time: every turn is a first turn, so the transcripts stay alike.
      const call = await post("/api/calls/simulate", { phoneNumber: `+1212555${String(1000 + turn)}` });
      const started = performance.now();
      const answered = await post(`/api/calls/${call.id}/process-audio`, {
        text: `How late are you open on day ${turn}?`,
      });
      if (turn < 2) continue;
      turns.push(performance.now() - started);
      if (answered.response?.text === REPLY) modelReplies++;
    }
    printTable(`(b) Through the real server: POST process-audio, ${TURNS} first turns, the same fake model`, [
      {
        "turn p50 ms": percentile(turns, 50),
        "turn p99 ms": percentile(turns, 99),
        "fake's last chunk ms": scheduledMs(wordDeltas(REPLY), "\u0000"),
        "turns the model answered": `${modelReplies}/${TURNS}`,
      },
    ]);
  } finally {
    await server.stop();
  }
}

function benchInput(): ModelTurnInput {
  return {
    brief: {
      direction: "inbound",
      persona: {
        agentName: "Ava",
        businessName: "Bright Smiles Dental",
        ownerName: "Dr. Lee",
        tone: "friendly",
        empathy: 5,
        formality: 5,
        assertiveness: 5,
      },
      opening: "Hi, this is Ava at Bright Smiles Dental.",
      discloseAutomation: true,
      purpose: null,
      facts: [],
      rebuttals: [],
      flowSteps: [],
      closing: null,
      appointments: { enabled: true, durationMinutes: 30, bufferMinutes: 0 },
      workingHours: { start: "09:00", end: "17:00", days: [1, 2, 3, 4, 5] },
      timeZone: "America/New_York",
      maxCallMinutes: null,
      transferNumber: null,
      screening: { autoBlockSpam: true, forwardUrgent: true, cellphoneNumber: null },
      description: null,
      customInstructions: null,
      guidance: [],
    },
    context: ["You are Ava, an automated phone assistant for Bright Smiles Dental on an inbound call."],
    state: initialState(),
    history: ["AI: Hi, this is Ava at Bright Smiles Dental."],
    text: "How late are you open tonight?",
    now: new Date(),
    knowledge: ["We are open until six on weekdays."],
    nextQuestion: null,
  };
}
