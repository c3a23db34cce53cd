import { type CallContext, nextTurn, type TelephonyContext } from "./context";
import { dialUser, holdMusic, SAYINGS, sayAndHangUp, speakAndListen, speechOfCall } from "./twiml";

/**
 * The conversation on a phone call, one TwiML answer per webhook: the carrier connects a call
 * the app knows (an outbound call answered, a test call connecting), the caller speaks, or the
 * caller says nothing. The engine's work is the calls area's; this turns it into TwiML, in the
 * voice the call keeps (the default script's, the routed agent's speed and language).
 */

/** The carrier connects a call the app already has: a ringing one is answered and greeted. */
export async function answerKnownCall(ctx: TelephonyContext, { call, account }: CallContext, sid: string) {
  const speech = speechOfCall(await ctx.speech.of(account.id), call);
  if (!call.isActive) return sayAndHangUp(speech, null);
  // Twilio calls are recorded unless the administrator switched recording off.
  const record =
    call.callType === "twilio" && ((await ctx.platform?.settings())?.enableCallRecording ?? true);
  if (call.status === "ringing") {
    const { row, greeting } = await ctx.calls.answerCarrierCall(account, call.id, { providerCallSid: sid });
    return speakAndListen(speechOfCall(speech, row), greeting, call.id, nextTurn(row), { record });
  }
  return speakAndListen(speech, null, call.id, nextTurn(call));
}

/**
 * The caller said something (Twilio recognised the speech): the engine answers, or forwards to
 * the number the turn gave (the default script's transfer number, else the user's cellphone).
 */
export async function speakTurn(ctx: TelephonyContext, { call, account }: CallContext, text: string) {
  const base = await ctx.speech.of(account.id);
  if (!call.isActive) return sayAndHangUp(speechOfCall(base, call), null);
  if (call.isOnHold) return holdMusic(ctx.config.telephony.holdMusicUrl);
  // Twilio recognised the speech: no transcription of ours is used.
  const result = await ctx.calls.hear(account, call.id, text, { transcribed: false });
  const row = result.call;
  // This turn may have routed the call to an agent who speaks (or listens) differently.
  const speech = speechOfCall(base, row);
  if (!row.isActive) return sayAndHangUp(speech, result.reply);
  const forwarded = row.transferredAt && !call.transferredAt;
  const transferTo = result.forwardTo ?? account.owner.cellphoneNumber;
  if (forwarded && transferTo) return dialUser(speech, result.reply, transferTo, row.id);
  return speakAndListen(speech, result.reply, row.id, nextTurn(row));
}

/** The caller said nothing: the assistant asks once whether they are there, then ends the call. */
export async function silentTurn(
  ctx: TelephonyContext,
  { call, account }: CallContext,
  turn: number,
  silence: number,
) {
  const speech = speechOfCall(await ctx.speech.of(account.id), call);
  if (!call.isActive) return sayAndHangUp(speech, null);
  if (call.isOnHold) return holdMusic(ctx.config.telephony.holdMusicUrl);
  if (silence < 2) return speakAndListen(speech, SAYINGS.stillThere, call.id, turn, { silence });
  await ctx.calls.endCarrierCall(account, call.id, {
    status: "completed",
    line: "System: The caller stopped answering",
  });
  return sayAndHangUp(speech, SAYINGS.silentGoodbye);
}
