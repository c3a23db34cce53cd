import type { ConversationTestResponse, HistoryTurn, NextAction } from "../../../common/agents";
import type { Account } from "../../domain/account";
import {
  ASSISTANT,
  type ConversationDeps,
  cachedBusy,
  type DialogueTurn,
  openDialogue,
} from "./conversation";

export type ConversationTestInput = {
  message: string;
  phoneNumber: string;
  agentType: string | null;
  /** Speak to this agent directly, active or not. */
  agentId?: string | null | undefined;
  conversationHistory?: HistoryTurn[] | null | undefined;
  scriptId?: string | null | undefined;
  direction: "inbound" | "outbound";
  extension: string | null;
};

/** Earlier caller turns replayed before the message (the default agent context window). */
const HISTORY_TURNS = 10;

/** POST /api/conversation/test: one caller message (after any history) through the assistant. */
export function conversationService(given: ConversationDeps) {
  const deps: ConversationDeps = { ...given, busyIntervals: cachedBusy(given.busyIntervals, given.now) };
  return {
    deps,
    async test(account: Account, input: ConversationTestInput): Promise<ConversationTestResponse> {
      const started = performance.now();
      const variant = Boolean(input.agentType || input.agentId || input.conversationHistory);
      const dialogue = await openDialogue(deps, account, {
        phoneNumber: input.phoneNumber,
        direction: input.direction,
        extension: input.extension,
        scriptId: input.scriptId,
        agentType: input.agentType,
        agentId: input.agentId,
        previewPhrases: true,
      });
      const earlier = (input.conversationHistory ?? [])
        .filter((turn) => turn.role === "caller" && turn.text.trim())
        .slice(-HISTORY_TURNS);
      for (const turn of earlier) await dialogue.hear(turn.text.trim());
      const turn = await dialogue.hear(input.message);
      return {
        ...present(turn, dialogue.script?.id ?? null, variant, performance.now() - started),
        greeting: dialogue.greeting(),
      };
    },
  };
}

export type ConversationService = ReturnType<typeof conversationService>;

function present(
  turn: DialogueTurn,
  scriptId: string | null,
  variant: boolean,
  ms: number,
): ConversationTestResponse {
  const agent = turn.agent;
  const transfer = turn.transfer;
  return {
    agent: agent
      ? { id: agent.id, name: agent.name, specialization: agent.specialization, extension: agent.extension }
      : { id: null, name: ASSISTANT.name, specialization: ASSISTANT.specialization, extension: null },
    response: turn.reply ?? "",
    confidence: Math.round(Math.min(1, Math.max(0, turn.analysis.confidence)) * 1000) / 1000,
    nextAction: turn.nextAction as NextAction,
    classification: turn.classification,
    intent: turn.analysis.intent,
    ...(variant ? { routingReason: turn.routing.reason, processingTime: Math.round(ms * 100) / 100 } : {}),
    scriptId,
    transfer: Boolean(transfer),
    transferNumber: transfer?.transferNumber ?? null,
    holdMessage: transfer ? transfer.holdMessage : null,
    fallbackMessage: transfer ? transfer.fallbackMessage : null,
    twiml: transfer?.twiml ?? null,
    transferReason: transfer?.reason ?? null,
  };
}
