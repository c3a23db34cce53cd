import type { Account } from "../../../domain/account";
import { Conflict, LimitReached, OutsideServiceFailed } from "../../../domain/errors";
import type { PlaceCallInput, TelephonyProvider } from "../../../providers/telephony/types";
import { admitPhoneCall } from "../admission";
import { ensureSimulatorNumber } from "../connection";
import type { TelephonyContext } from "../context";
import { enforceDialGate, type OutboundCallee } from "../outbound-gate";
import { toE164 } from "../phone-numbers";
import { WEBHOOK_PATHS } from "../twiml";

/**
 * An outbound call: through the account's Twilio number when connected, else the simulator.
 * The call row exists first (so the carrier's callbacks find it), then the carrier is asked;
 * a carrier that refuses ends the call with why (502). `dialKey` (a background job's key for
 * this call) makes it once only: a call already placed under the key is answered again
 * instead of dialling twice. Before anything is written, the dial gate (outbound-gate.ts) decides
 * whether the callee may be rung now; a refusal is a 4xx with the reason (DialRefused).
 */
export async function placeOutbound(
  ctx: TelephonyContext,
  account: Account,
  input: {
    phoneNumber: string;
    purpose?: string | undefined;
    /** The AI agent that makes the call (its script, knowledge and manner); absent: the assistant. */
    agentId?: string | null | undefined;
    /** A script of the workspace the call follows instead of the outbound one. */
    scriptId?: string | null | undefined;
    /** The contact called (its name is said; the call's outcome lands on it). */
    contact?: { id: string; name: string | null } | undefined;
    /** The person called when no contact is given (a campaign lead's name): said in the opening. */
    calleeName?: string | null | undefined;
    dialKey?: string | undefined;
    /** A bulk call's run (common/business bulkRunName), which the reports count as a campaign. */
    bulkRun?: string | undefined;
    /** The autodialer's line settings: machine detection, ring time, the simulator's plan. */
    carrier?: Pick<PlaceCallInput, "machineDetection" | "ringTimeoutSeconds" | "simulated"> | undefined;
    /** What the caller knows of the callee, for the dial gate (zones, campaign, AI voice, consent). */
    callee?: OutboundCallee | undefined;
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
  // /real-voice-calls, the autodialer), after the once-only lookup: a call a crashed job
  // already placed is reported as placed, not refused.
  await enforceDialGate(ctx, account, to, input.callee);
  const connection = await repo.connection(account.id);
  let provider: TelephonyProvider;
  let from: string;
  if (connection) {
    if (!config.publicUrl)
      throw new Conflict(
        "Twilio cannot reach this app yet: its public web address is not set. Ask the platform administrator to set it, then try again",
      );
    const number = (await repo.numbers(account.id)).find((n) => n.provider === "twilio")?.number;
    if (!number) throw new Conflict("Choose your Twilio number in Settings → Phone service first");
    provider = ctx.carriers.twilioFor(connection);
    from = number;
  } else {
    provider = ctx.carriers.simulator.asProvider();
    from = await ensureSimulatorNumber(ctx, account.id);
  }
  const stop = await ctx.usage?.callStop(account);
  if (stop) throw new LimitReached(stop.message);
  // The conversation engine writes the opening (the agent's script for outbound calls, the
  // callee's name, the purpose) when the call starts ringing.
  const { row } = await calls.startCarrierCall(
    account,
    {
      phoneNumber: to,
      callerName: input.contact?.name ?? input.calleeName ?? null,
      direction: "outbound",
      callType: provider.name,
      providerCallSid: null,
      answered: false,
      plan: {
        agentId: input.agentId ?? null,
        purpose: input.purpose ?? null,
        contactId: input.contact?.id ?? null,
        scriptId: input.scriptId ?? null,
      },
      dialKey: input.dialKey ?? null,
      bulkRun: input.bulkRun ?? null,
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
    if (!input.dialKey && row.aiResponse) prepareOpening(ctx, account.id, row.aiResponse);
    return { callId: row.id, callSid, to, provider: provider.name };
  } catch (error) {
    const message = error instanceof Error ? error.message : "Unknown error";
    await calls.endCarrierCall(account, row.id, {
      status: "failed",
      line: `System: The call could not be placed: ${message}`,
    });
    throw new OutsideServiceFailed(`The call could not be placed: ${message}`);
  }
}

/**
 * The opening is known while the call rings: in a cloned voice its audio is made now, so whoever
 * answers hears it at once rather than after a synthesis. Not for the autodialer's calls (a dial
 * key): most ring out unanswered, and each opening (it names the callee) would be paid for in vain.
 */
function prepareOpening(ctx: TelephonyContext, workspaceId: string, opening: string): void {
  ctx.speech
    .of(workspaceId)
    .then((speech) => speech.play?.(opening))
    .catch((error: unknown) => ctx.log.warn({ err: error }, "the call's opening could not be prepared"));
}
