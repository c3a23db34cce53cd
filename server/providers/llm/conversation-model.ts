import type { Config } from "../../config";
import type { ConversationModel, ModelAction, ModelTurn, ModelTurnInput } from "../../engine";
import { MalformedAnswer, readChatAnswer } from "./chat-stream";
import { firstSentence } from "./first-sentence";
import { readToolCall, TOOL_DEFINITIONS } from "./model-tools";
import { turnMessages } from "./turn-prompt";

/**
 * A caller's turn answered by an OpenAI-compatible chat model (OpenAI, Ollama, vLLM, llama.cpp's
 * server) through the engine's tools. The answer streams: the first sentence is known (and told
 * to `onFirstSentence`) before the rest is written. Every failure answers null, so the local
 * engine answers the turn: no answer within the timeout, an HTTP error, a broken stream, or an
 * answer with neither words nor a tool call that passes its schema. Nothing here throws.
 */

export type ModelLog = {
  warn(details: object, message: string): void;
  debug(details: object, message: string): void;
};

export type ConversationModelOptions = {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs: number;
  log: ModelLog;
  /**
   * The reply's first whole sentence, as soon as it has streamed in (`elapsedMs` after the
   * request was sent): a voice that speaks as text arrives could start with it. The turn may
   * still end otherwise (a tool whose words the engine says instead, a timeout, a malformed end).
   */
  onFirstSentence?: ((sentence: string, elapsedMs: number, input: ModelTurnInput) => void) | undefined;
};

/** LLM_BASE_URL selects a model that answers turns; without it, null (the local engine alone). */
export function createConversationModel(
  config: Config,
  log: ModelLog,
  options: Pick<ConversationModelOptions, "onFirstSentence"> = {},
): ConversationModel | null {
  if (!config.llm.baseUrl) return null;
  return openAiConversationModel({
    baseUrl: config.llm.baseUrl,
    apiKey: config.llm.apiKey,
    model: config.llm.model,
    timeoutMs: config.llm.timeoutMs,
    log,
    ...options,
  });
}

/**
 * Words for a reply that came with tools and no words: what the caller hears when the engine
 * keeps the model's reply. A booking or a call back the engine confirms in its own words; when it
 * cannot (no readable time), asking for one is the right reply.
 */
const WORDS_FOR: Record<ModelAction["tool"], string | null> = {
  book_appointment: "What day and time would suit you?",
  schedule_callback: "What time would suit you for a call back?",
  mark_do_not_call: "Understood. We won't call you again. Goodbye.",
  transfer: "One moment, I'll put you through.",
  end_call: "Thank you for calling. Goodbye.",
  set_disposition: null,
};

export function openAiConversationModel(options: ConversationModelOptions): ConversationModel {
  const url = `${options.baseUrl.replace(/\/$/, "")}/chat/completions`;
  const provider = `openai-compatible:${options.model}`;
  const { log } = options;

  return async (input) => {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), options.timeoutMs);
    let firstSentenceMs: number | null = null;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "text/event-stream",
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          stream: true,
          temperature: 0.3,
          messages: turnMessages(input),
          tools: TOOL_DEFINITIONS,
          tool_choice: "auto",
        }),
        signal: abort.signal,
      });
      if (!response.ok) {
        // The body says why (a wrong model name, a bad key); it is not worth waiting for.
        const reason = await response.text().catch(() => "");
        log.warn(
          { provider, status: response.status, body: reason.slice(0, 300) },
          "language model answered an error; the local engine answered the turn",
        );
        return null;
      }
      const answer = await readChatAnswer(response, (soFar) => {
        if (firstSentenceMs !== null) return;
        const sentence = firstSentence(soFar);
        if (!sentence) return;
        firstSentenceMs = elapsed();
        options.onFirstSentence?.(sentence, firstSentenceMs, input);
      });
      const turn = checkedTurn(answer, (refused) =>
        log.warn({ provider, refused }, "language model's tool call refused"),
      );
      if (!turn) {
        log.warn(
          { provider, content: answer.content.slice(0, 300), toolCalls: answer.toolCalls.length },
          "language model gave no usable answer; the local engine answered the turn",
        );
        return null;
      }
      log.debug(
        {
          provider,
          firstSentenceMs: firstSentenceMs ?? (turn.reply ? elapsed() : null),
          replyMs: elapsed(),
          tools: turn.actions.map((action) => action.tool),
        },
        "language model answered the turn",
      );
      return turn;
    } catch (error) {
      if (abort.signal.aborted) {
        log.warn(
          { provider, timeoutMs: options.timeoutMs },
          "language model did not answer in time; the local engine answered the turn",
        );
      } else {
        const err = error instanceof MalformedAnswer ? error.message : error;
        log.warn({ provider, err }, "language model failed; the local engine answered the turn");
      }
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * The model's answer as the engine takes it: its words and the tool calls that pass their
 * schemas (each refused one is reported and dropped). Null when nothing usable is left.
 */
export function checkedTurn(
  answer: { content: string; toolCalls: { name: string; arguments: string }[] },
  refused: (reason: string) => void,
): ModelTurn | null {
  const actions: ModelAction[] = [];
  for (const call of answer.toolCalls) {
    const read = readToolCall(call.name, call.arguments);
    if ("action" in read) actions.push(read.action);
    else refused(read.refused);
  }
  const words = answer.content.replace(/\s+/g, " ").trim();
  if (words) return { reply: words, actions };
  const fallback = actions.map((action) => WORDS_FOR[action.tool]).find((line) => line !== null);
  return fallback ? { reply: fallback, actions } : null;
}
