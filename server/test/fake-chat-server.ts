import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for an OpenAI-compatible server on loopback, speaking POST /v1/chat/completions
 * with server-sent events when asked to stream, tool calls included. Each test sets how a turn
 * (a streamed request) is answered; a classification request (not streamed) answers 503 unless
 * the test says otherwise, so the local AI understands the caller. Every request is kept.
 */

export type ChatRequest = {
  model: string;
  stream?: boolean;
  messages: { role: string; content: string }[];
  tools?: {
    type: string;
    function: { name: string; description: string; parameters: Record<string, unknown> };
  }[];
  tool_choice?: unknown;
  response_format?: unknown;
};

export type Received = { headers: IncomingMessage["headers"]; body: ChatRequest };
export type ChatHandler = (request: Received, res: ServerResponse) => void;

/** One chunk's delta: words, or pieces of tool calls. */
export type Delta = {
  role?: "assistant";
  content?: string;
  tool_calls?: {
    index: number;
    id?: string;
    type?: "function";
    function: { name?: string; arguments?: string };
  }[];
};

export type FakeChatServer = {
  baseUrl: string;
  /** The streamed (turn) requests, in order. */
  turns: Received[];
  /** The requests that were not streamed (the classification of the caller's words). */
  analyses: Received[];
  answerTurns(handler: ChatHandler): void;
  answerAnalyses(handler: ChatHandler): void;
  /** Forgets the requests and goes back to the default answers. */
  reset(): void;
  close(): Promise<void>;
};

const refuse: ChatHandler = (_request, res) =>
  res.writeHead(503, { "content-type": "application/json" }).end('{"error":{"message":"no answer set"}}');

export async function startFakeChatServer(): Promise<FakeChatServer> {
  let turnHandler: ChatHandler = refuse;
  let analysisHandler: ChatHandler = refuse;
  const turns: Received[] = [];
  const analyses: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
        return;
      }
      const request: Received = {
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequest,
      };
      if (request.body.stream) {
        turns.push(request);
        turnHandler(request, res);
      } else {
        analyses.push(request);
        analysisHandler(request, res);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    turns,
    analyses,
    answerTurns(handler) {
      turnHandler = handler;
    },
    answerAnalyses(handler) {
      analysisHandler = handler;
    },
    reset() {
      turns.length = 0;
      analyses.length = 0;
      turnHandler = refuse;
      analysisHandler = refuse;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A chat.completion.chunk carrying one delta. */
export function chunkOf(delta: Delta, finish: string | null = null): string {
  return JSON.stringify({
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: 0,
    model: "m",
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
}

/** Words as a model streams them: a few characters a chunk. */
export function wordDeltas(text: string, size = 4): Delta[] {
  const deltas: Delta[] = [{ role: "assistant", content: "" }];
  for (let at = 0; at < text.length; at += size) deltas.push({ content: text.slice(at, at + size) });
  return deltas;
}

/** A tool call as a model streams it: its name first, then its arguments `size` characters at a time. */
export function toolCallDeltas(index: number, name: string, args: unknown, size = 3): Delta[] {
  const json = typeof args === "string" ? args : JSON.stringify(args);
  const deltas: Delta[] = [
    { tool_calls: [{ index, id: `call_${index}`, type: "function", function: { name, arguments: "" } }] },
  ];
  for (let at = 0; at < json.length; at += size)
    deltas.push({ tool_calls: [{ index, function: { arguments: json.slice(at, at + size) } }] });
  return deltas;
}

/**
 * Answers with these chunks as server-sent events, `gapMs` apart after `firstMs`, then
 * `data: [DONE]`. A string is sent as the event's data as it is (a malformed chunk).
 */
export function streamOf(
  events: (Delta | string)[],
  timing: { firstMs?: number; gapMs?: number; done?: boolean; onLastChunk?: () => void } = {},
): ChatHandler {
  return (_request, res) => {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const payloads = events.map((event) => (typeof event === "string" ? event : chunkOf(event)));
    if (timing.done !== false) payloads.push("[DONE]");
    let next = 0;
    const send = () => {
      if (res.destroyed) return;
      if (next === payloads.length) {
        res.end();
        return;
      }
      if (next === payloads.length - 1) timing.onLastChunk?.();
      res.write(`data: ${payloads[next++]}\n\n`);
      if (timing.gapMs) setTimeout(send, timing.gapMs);
      else send();
    };
    if (timing.firstMs) setTimeout(send, timing.firstMs);
    else send();
  };
}

/** A streamed reply: the words, then any tool calls. */
export function streamedReply(
  words: string,
  toolCalls: { name: string; args: unknown }[] = [],
  timing?: { firstMs?: number; gapMs?: number },
): ChatHandler {
  const deltas = [
    ...wordDeltas(words),
    ...toolCalls.flatMap((call, index) => toolCallDeltas(index, call.name, call.args)),
  ];
  return streamOf(deltas, timing);
}
