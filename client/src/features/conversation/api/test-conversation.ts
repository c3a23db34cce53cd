import {
  type ConversationTestRequest,
  type ConversationTestResponse,
  ConversationTestResponse as ConversationTestResponseSchema,
} from "@common/agents";
import { useMutation } from "@tanstack/react-query";

export const CONVERSATION_TEST_URL = "/api/conversation/test";

/** A refused or failed test: the status line ("Test failed: {status} {status text}") and the server's body. */
export class ConversationTestError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
  ) {
    const message = (body as { message?: unknown } | undefined)?.message;
    super(typeof message === "string" ? message : `${status} ${statusText}`);
    this.name = "ConversationTestError";
  }
}

/**
 * POST /api/conversation/test: which agent answers the message, what it says, how sure it is and
 * what happens next; the transfer case comes with its number, messages and TwiML. Nothing is
 * stored: it is the engine's answer to a caller's words, as on a call.
 */
export async function testConversation(body: ConversationTestRequest): Promise<ConversationTestResponse> {
  const response = await fetch(CONVERSATION_TEST_URL, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw new ConversationTestError(response.status, response.statusText, parsed);
  return ConversationTestResponseSchema.parse(parsed);
}

export const useTestConversation = () => useMutation({ mutationFn: testConversation });
