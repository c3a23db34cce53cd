import type { Account } from "../../../domain/account";
import { CARRIER_CALL_TYPES, type TelephonyContext } from "../context";

/**
 * The autodialer lets go of a line still ringing (one that has rung at least 15
 * seconds and whose person would likely find no agent): the carrier cancels the call placed
 * under this dial key while it is queued or ringing, and leaves it alone once answered
 * (Twilio's `Status=canceled`), so a person who has just picked up is never cut off. The end
 * comes back through the status webhook like any unanswered call. False when there was no live
 * call to cancel or the carrier refused.
 */
export async function cancelRinging(
  ctx: TelephonyContext,
  account: Account,
  dialKey: string,
): Promise<boolean> {
  const call = await ctx.calls.findByDialKey(account, dialKey);
  const sid = call?.providerCallSid;
  if (!call?.isActive || !sid || !CARRIER_CALL_TYPES.has(call.callType)) return false;
  const provider = ctx.carriers.providerFor(call, (await ctx.repo.connection(call.workspaceId)) ?? null);
  if (!provider) return false;
  try {
    await provider.updateCall(sid, { status: "canceled" });
    return true;
  } catch (error) {
    // Ended in the meantime (answered and hung up, or its ring timed out): nothing to let go.
    ctx.log.warn({ err: error, callSid: sid }, "the carrier did not cancel the ringing call");
    return false;
  }
}
