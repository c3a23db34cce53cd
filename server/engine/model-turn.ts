import type { CallDisposition } from "../../common/calls";
import type { CallBrief } from "./brief";
import type { EngineState } from "./state";

/**
 * A language model's part in a conversation (when one is configured): it reads the call's brief,
 * the knowledge that answers the caller, the script's next question and the call's state, and
 * answers with what to say and what to do. It acts only through these tools, which the engine
 * checks and carries out itself (a booking goes through the calendar's conflict check, a stop
 * request through the do-not-call list): the model never writes anything.
 */
export type ModelAction =
  /** Book an appointment at the time the caller agreed to ("Thursday at 10", or an ISO instant). */
  | { tool: "book_appointment"; when: string }
  /** Call the person back then ("tomorrow at 3", or an ISO instant). */
  | { tool: "schedule_callback"; when: string }
  /** The person asked not to be called again: list the number and end the call. */
  | { tool: "mark_do_not_call" }
  /** What the call came to so far. */
  | { tool: "set_disposition"; disposition: CallDisposition }
  /** Put the caller through to a person (the script's transfer number, else the owner's cell). */
  | { tool: "transfer"; reason: string }
  /** End the call after the reply. */
  | { tool: "end_call" };

export type ModelTurn = {
  /** What the assistant says (the engine's own words replace it when an action decides them). */
  reply: string;
  actions: ModelAction[];
};

export type ModelTurnInput = {
  brief: CallBrief;
  /** The brief as sentences for a system message (agents/call-brief.ts promptContext). */
  context: string[];
  state: EngineState;
  /** The call so far, as transcript lines ("Caller: ...", "AI: ..."). */
  history: string[];
  /** The caller's words this turn. */
  text: string;
  now: Date;
  /** What the knowledge base says about the caller's words (the retriever's best facts). */
  knowledge: string[];
  /** The script's next question, when one is left. */
  nextQuestion: string | null;
};

/**
 * Answers a turn with a language model, or null when it cannot (no answer in time, a malformed
 * answer): the local engine then answers as if no model were configured.
 */
export type ConversationModel = (input: ModelTurnInput) => Promise<ModelTurn | null>;
