import type { TelephonyProvider } from "../../providers/telephony/types";
import type { CallControlEvent } from "../calls/service";
import { CARRIER_CALL_TYPES, nextTurn, type TelephonyContext } from "./context";
import { dialUser, holdMusic, SAYINGS, sayAndHangUp, speakAndListen } from "./twiml";

/**
 * The user acts on a live phone call from the screen (hold, resume, "Transfer to Me", end):
 * the calls area has recorded it; this gives the carrier's call new TwiML, or ends it. Returns
 * the unsubscribe.
 */
export function followCallControls(ctx: TelephonyContext): () => void {
  return ctx.calls.onCallControl((event) => {
    control(ctx, event).catch((error: unknown) => ctx.log.error({ err: error }, "live-call update failed"));
  });
}

async function control(ctx: TelephonyContext, event: CallControlEvent): Promise<void> {
  const { call, account } = event;
  const sid = call.providerCallSid;
  if (!sid || !CARRIER_CALL_TYPES.has(call.callType)) return;
  const connection = (await ctx.repo.connection(call.workspaceId)) ?? null;
  const provider = ctx.carriers.providerFor(call, connection);
  if (!provider) return;
  const speech = await ctx.speech.of(account.id);
  let update: Parameters<TelephonyProvider["updateCall"]>[1];
  switch (event.type) {
    case "hold":
      update = { twiml: holdMusic(ctx.config.telephony.holdMusicUrl) };
      break;
    case "resume":
      update = { twiml: speakAndListen(speech, SAYINGS.holdResumed, call.id, nextTurn(call)) };
      break;
    case "transfer": {
      // Transfer cannot be undone, and a second click must not dial twice.
      if (!(await ctx.repo.claim(`${sid}:control:transfer`))) return;
      // "Transfer to Me": the phone of the person who pressed it, else the owner's.
      const to = account.actor?.cellphoneNumber ?? account.owner.cellphoneNumber;
      update = {
        twiml: to
          ? dialUser(speech, SAYINGS.transferring, to, call.id)
          : sayAndHangUp(speech, SAYINGS.nobody),
      };
      break;
    }
    case "end":
      update = { status: "completed" };
      break;
  }
  try {
    await provider.updateCall(sid, update);
  } catch (error) {
    ctx.log.warn(
      { err: error, callSid: sid, action: event.type },
      "the carrier did not take the live-call update",
    );
  }
}
