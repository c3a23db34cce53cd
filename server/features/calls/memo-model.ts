import { createHash } from "node:crypto";
import type { ConversationModel, ModelTurn, ModelTurnInput } from "../../engine";

/**
 * A language model asked once per caller turn. A turn may run the engine twice (take-turn.ts: a
 * lock-free attempt, then the same turn under the call's lock when it has effects); the second
 * run gets the first run's answer, even while that is still on its way, instead of a second,
 * possibly different, answer and a second wait.
 *
 * The engine's input names no call, so the turn is known by everything the model is told: the
 * call's transcript so far, its state, the caller's words, the brief and the facts. Both runs of
 * one turn read the same stored call, so they ask the same; the next turn's transcript is longer,
 * so it asks anew. Two calls whose transcripts and states are the same word for word ask the
 * model the same question, and within the hold they share its answer. An answer is held briefly
 * once it is in (a turn's locked run follows its lock-free run at once) and the memo keeps a
 * bounded number of them.
 */
export function memoizedConversationModel(
  model: ConversationModel | null | undefined,
  options: { holdMs?: number; maxEntries?: number; now?: () => number } = {},
): ConversationModel | null {
  if (!model) return null;
  const holdMs = options.holdMs ?? 10_000;
  const maxEntries = options.maxEntries ?? 1_000;
  const now = options.now ?? Date.now;
  // An answer is held from when it is in (one still coming has no end yet).
  const answers = new Map<string, { expires: number; answer: Promise<ModelTurn | null> }>();

  const forget = (at: number) => {
    for (const [key, entry] of answers) if (entry.expires <= at) answers.delete(key);
    // Past the bound, the oldest go first (the map keeps the order they were asked in).
    for (const key of answers.keys()) {
      if (answers.size < maxEntries) break;
      answers.delete(key);
    }
  };

  return (input) => {
    const at = now();
    const key = turnKey(input);
    const held = answers.get(key);
    if (held && held.expires > at) return held.answer;
    forget(at);
    const answer = model(input);
    const entry = { expires: Number.POSITIVE_INFINITY, answer };
    answers.set(key, entry);
    answer.then(
      () => {
        entry.expires = now() + holdMs;
      },
      // A model that threw gave no answer worth keeping: the next run asks again.
      () => {
        if (answers.get(key) === entry) answers.delete(key);
      },
    );
    return answer;
  };
}

/** What the model is told, minus the clock, as one digest (objects' keys sorted). */
function turnKey(input: ModelTurnInput): string {
  const { now: _now, ...told } = input;
  const canonical = JSON.stringify(told, (_key, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
  return createHash("sha256").update(canonical).digest("base64url");
}
