import type { Account } from "../../../domain/account";
import { notFound } from "../../../domain/errors";
import type { CallsContext } from "../context";
import type { CallRow } from "../repository";

/** The highest importance a call has (the engine's scale runs 0 to 5). */
const MOST_IMPORTANT = 5;

/**
 * Flags a call for the user after it ended (AI Studio's automation rules):
 * mark it important, or ask for a follow-up. History shows both; the screens hear of it.
 */
export async function flagCall(
  ctx: CallsContext,
  account: Account,
  callId: string,
  flags: { important?: boolean; followUp?: boolean },
): Promise<CallRow> {
  const patch = {
    ...(flags.important ? { importance: MOST_IMPORTANT } : {}),
    ...(flags.followUp ? { followUpRequired: true } : {}),
  };
  const row = Object.keys(patch).length
    ? await ctx.calls.update(account.id, callId, patch)
    : await ctx.calls.get(account.id, callId);
  if (!row) throw notFound("That call");
  ctx.events.publish(account.id, { type: "call.updated", callId });
  return row;
}
