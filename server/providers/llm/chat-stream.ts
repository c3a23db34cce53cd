import { z } from "zod";

/**
 * Reading an OpenAI-compatible chat completion as it streams (server-sent events of
 * `chat.completion.chunk`s): the words as they arrive, and the tool calls put together from
 * their fragments (each names its call by `index`; the name comes once, the arguments in pieces).
 * A server that ignored `stream: true` and answered one JSON completion is read the same way.
 */

export type ChatAnswer = {
  content: string;
  toolCalls: { name: string; arguments: string }[];
};

/** What a server may send; anything that does not fit is a malformed answer. */
const ToolCallPiece = z.object({
  index: z.number().int().min(0).optional(),
  function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
});
const Message = z.object({
  content: z.string().nullish(),
  tool_calls: z.array(ToolCallPiece).nullish(),
});
const Chunk = z.object({
  choices: z.array(z.object({ delta: Message.nullish(), message: Message.nullish() })),
});
const ServerError = z.object({ error: z.unknown() });

export class MalformedAnswer extends Error {}

/** Puts a chat answer together from its pieces, telling `onContent` of each piece of words. */
class ChatAnswerBuilder {
  private content = "";
  private readonly calls = new Map<number, { name: string; arguments: string }>();

  constructor(private readonly onContent: (soFar: string) => void) {}

  add(piece: z.infer<typeof Message>): void {
    if (piece.content) {
      this.content += piece.content;
      this.onContent(this.content);
    }
    for (const [position, call] of (piece.tool_calls ?? []).entries()) {
      // Servers that send each call whole sometimes leave out its index.
      const index = call.index ?? position;
      const current = this.calls.get(index) ?? { name: "", arguments: "" };
      if (call.function?.name) current.name += call.function.name;
      if (call.function?.arguments) current.arguments += call.function.arguments;
      this.calls.set(index, current);
    }
  }

  answer(): ChatAnswer {
    const toolCalls = [...this.calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
    return { content: this.content, toolCalls };
  }
}

/** Reads the whole answer; throws MalformedAnswer on anything that is not a chat completion. */
export async function readChatAnswer(
  response: Response,
  onContent: (soFar: string) => void,
): Promise<ChatAnswer> {
  const builder = new ChatAnswerBuilder(onContent);
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("text/event-stream")) {
    const whole = Chunk.safeParse(parseJson(await response.text()));
    const message = whole.success ? whole.data.choices[0]?.message : undefined;
    if (!message) throw new MalformedAnswer("the answer is neither a stream nor a chat completion");
    builder.add(message);
    return builder.answer();
  }
  if (!response.body) throw new MalformedAnswer("the stream has no body");
  for await (const data of serverSentData(response.body)) {
    if (data.trim() === "[DONE]") break;
    const json = parseJson(data);
    const chunk = Chunk.safeParse(json);
    if (!chunk.success) {
      if (ServerError.safeParse(json).success) throw new MalformedAnswer(`the server sent an error: ${data}`);
      throw new MalformedAnswer(`a chunk is not a chat completion chunk: ${data.slice(0, 200)}`);
    }
    const delta = chunk.data.choices[0]?.delta;
    if (delta) builder.add(delta);
  }
  return builder.answer();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new MalformedAnswer(`not JSON: ${text.slice(0, 200)}`);
  }
}

/**
 * The `data` of each server-sent event, as the event stream format defines it: lines of
 * `field: value`, an event ending at a blank line, several data lines joined by newlines,
 * comments (lines starting with a colon) and other fields ignored.
 */
export async function* serverSentData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  let buffer = "";
  let data: string[] = [];
  const decoder = new TextDecoder();
  const lines = function* (final: boolean) {
    for (;;) {
      const end = buffer.search(/\r\n|\r|\n/);
      // A lone CR at the end of a piece may be the first half of a CR LF.
      if (end === -1 || (!final && end === buffer.length - 1 && buffer[end] === "\r")) break;
      const line = buffer.slice(0, end);
      buffer = buffer.slice(buffer.startsWith("\r\n", end) ? end + 2 : end + 1);
      yield line;
    }
  };
  const take = function* (line: string) {
    if (line === "") {
      if (data.length) yield data.join("\n");
      data = [];
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== "data") return;
    const value = colon === -1 ? "" : line.slice(colon + 1);
    data.push(value.startsWith(" ") ? value.slice(1) : value);
  };
  for await (const piece of body) {
    buffer += decoder.decode(piece, { stream: true });
    for (const line of lines(false)) yield* take(line);
  }
  buffer += decoder.decode();
  for (const line of lines(true)) yield* take(line);
  // A stream that ends without a blank line still delivers its last event.
  if (buffer !== "") yield* take(buffer);
  if (data.length) yield data.join("\n");
}
