import type { AnsweredTurn, AssistantView } from "../agents/call-assistant";
import type { CallsContext } from "./context";
import type { StoredEngineState } from "./engine-state";
import type { CallRow } from "./repository";

/**
 * The calls area's side of the default script and the agents: when to ask the
 * assistant, what of it a call keeps, and the agents' records written off the caller's path.
 */

/**
 * The assistant's view for one piece of a call's work (both sets cached: no query once warm),
 * read before any transaction. Null only without the port (a calls service built alone).
 */
export async function assistantViewOf(ctx: CallsContext, workspaceId: string): Promise<AssistantView | null> {
  if (!ctx.assistant) return null;
  return ctx.assistant.view(workspaceId);
}

/**
 * What a call keeps of the assistant: its agent for the next turn, how it speaks, and the number
 * a turn put the caller through to (the screens say where the call went).
 */
export function assistantState(
  view: AssistantView | null,
  direction: string,
  agentId: string | null,
  transferredTo: string | null = null,
): Pick<StoredEngineState, "assistant"> {
  const voice = view?.voice(direction === "outbound" ? "outbound" : "inbound", agentId) ?? null;
  return view ? { assistant: { agentId, voice, transferredTo } } : {};
}

/** The next turn of the event loop: after the reply in hand has been sent. */
const afterReply = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `work` after the call's earlier agent records, in this process; a failure is logged, never thrown. */
function queueRecord(
  ctx: CallsContext,
  callId: string,
  work: () => Promise<void>,
  start: Promise<void> = Promise.resolve(),
): Promise<void> {
  const before = Promise.all([ctx.agentRecords.get(callId), start]);
  const next = before.then(work).catch((error: unknown) => {
    ctx.log?.warn({ err: error, callId }, "the call's agent record was not written");
  });
  ctx.agentRecords.set(callId, next);
  void next.then(() => {
    if (ctx.agentRecords.get(callId) === next) ctx.agentRecords.delete(callId);
  });
  return next;
}

/**
 * The agent that answered a caller's turn, recorded after the caller has the reply (not one of
 * the turn's two round trips). Test calls stay out of the agents' figures, as out of every other.
 */
export function recordAgentTurn(
  ctx: CallsContext,
  workspaceId: string,
  row: CallRow,
  answered: AnsweredTurn | null,
  responseMs: number,
): void {
  const assistant = ctx.assistant;
  if (!assistant || !answered?.agentId || row.isTest) return;
  void queueRecord(
    ctx,
    row.id,
    () => assistant.recordTurn(workspaceId, answered, { callId: row.id, responseMs }),
    afterReply(),
  );
}

/**
 * A call the assistant's agents took part in has ended (after its transaction: on the embedded
 * database the agents' write would otherwise wait for it): its agent's success is counted once
 * the turns' records before it have landed.
 */
export async function agentCallEnded(ctx: CallsContext, workspaceId: string, row: CallRow): Promise<void> {
  const assistant = ctx.assistant;
  if (!assistant || row.isActive || row.isTest || !row.engineState?.assistant) return;
  await queueRecord(ctx, row.id, () =>
    assistant.callEnded(workspaceId, row.id, {
      status: row.status,
      classification: row.classification,
      lastSentiment: row.sentiment,
      transferred: row.transferredAt !== null,
    }),
  );
}
