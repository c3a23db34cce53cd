import { ON_DO_NOT_CALL } from "../../../../common/contacts";
import { callPurposeSentence } from "../../../engine/call-purpose";
import type { Account } from "../../../http/account";
import { conflict, HttpError, paymentRequired } from "../../../http/errors";
import type { PlaceCallInput, TelephonyProvider } from "../../../providers/telephony/types";
import { admitPhoneCall } from "../admission";
import { ensureSimulatorNumber } from "../connection";
import type { TelephonyContext } from "../context";
import { toE164 } from "../phone-numbers";
import { WEBHOOK_PATHS } from "../twiml";

/**
 * An outbound call: through the account's Twilio number when connected, else the simulator.
 * The call row exists first (so the carrier's callbacks find it), then the carrier is asked;
 * a carrier that refuses ends the call with why (502). `dialKey` (a background job's key for
 * this call) makes it once only: a call already placed under the key is answered again
 * instead of dialling twice.
 */
export async function placeOutbound(
  ctx: TelephonyContext,
  account: Account,
  input: {
    phoneNumber: string;
    purpose?: string | undefined;
    dialKey?: string | undefined;
    /** The autodialer's line settings (issue 13): machine detection, ring time, the simulator's plan. */
    carrier?: Pick<PlaceCallInput, "machineDetection" | "ringTimeoutSeconds" | "simulated"> | undefined;
  },
) {
  const { calls, repo, config } = ctx;
  const to = toE164(input.phoneNumber);
  if (input.dialKey) {
    const placed = await calls.findByDialKey(account, input.dialKey);
    if (placed)
      return {
        callId: placed.id,
        callSid: placed.providerCallSid ?? placed.id,
        to,
        provider: placed.callType,
      };
  }
  // Checked at the moment of dialling, on every outbound path (a contact's Call, bulk calls,
  // /real-voice-calls, later the autodialer), after the once-only lookup: a call a crashed job
  // already placed is reported as placed, not refused.
  if (await ctx.doNotCall.isDoNotCall(account.id, to)) throw conflict(ON_DO_NOT_CALL);
  const connection = await repo.connection(account.id);
  let provider: TelephonyProvider;
  let from: string;
  if (connection) {
    if (!config.publicUrl)
      throw conflict("Set PUBLIC_URL to this app's public address so Twilio can reach it, then try again");
    const number = (await repo.numbers(account.id)).find((n) => n.provider === "twilio")?.number;
    if (!number) throw conflict("Choose your Twilio number in Settings → Phone service first");
    provider = ctx.carriers.twilioFor(connection);
    from = number;
  } else {
    provider = ctx.carriers.simulator.asProvider();
    from = await ensureSimulatorNumber(ctx, account.id);
  }
  const stop = await ctx.usage?.callStop(account);
  if (stop) throw paymentRequired(stop.message);
  const opening = await outboundOpening(ctx, account, input.purpose);
  const { row } = await calls.startCarrierCall(
    account,
    {
      phoneNumber: to,
      direction: "outbound",
      callType: provider.name,
      providerCallSid: null,
      answered: false,
      opening,
      dialKey: input.dialKey ?? null,
    },
    admitPhoneCall(calls, account, (await ctx.platform?.settings())?.maxConcurrentCalls),
  );
  const query = `?callId=${row.id}`;
  try {
    const { callSid } = await provider.placeCall({
      to,
      from,
      url: `${ctx.baseUrl}${WEBHOOK_PATHS.voice}${query}`,
      statusCallback: `${ctx.baseUrl}${WEBHOOK_PATHS.status}${query}`,
      ...input.carrier,
    });
    await calls.setProviderSid(account, row.id, callSid);
    return { callId: row.id, callSid, to, provider: provider.name };
  } catch (error) {
    const message = error instanceof Error ? error.message : "Unknown error";
    await calls.endCarrierCall(account, row.id, {
      status: "failed",
      line: `System: The call could not be placed: ${message}`,
    });
    throw new HttpError(502, `The call could not be placed: ${message}`);
  }
}

/** What the assistant says first when the callee answers: who it calls for, and why. */
async function outboundOpening(
  ctx: TelephonyContext,
  account: Account,
  purpose: string | undefined,
): Promise<string> {
  const about = purpose || (await ctx.settings.row(account.id)).callPurpose?.trim() || null;
  const owner =
    account.companyName || account.owner.fullName?.trim().split(/\s+/)[0] || "the person I work for";
  // Said as a person would, whatever style the purpose was typed in (engine/call-purpose.ts).
  const reason = callPurposeSentence(about) ?? "I'm calling to follow up with you.";
  return `Hello, this is the AI assistant calling on behalf of ${owner}. ${reason} Is now a good time to talk?`;
}
