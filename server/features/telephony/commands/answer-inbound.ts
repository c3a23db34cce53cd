import type { Account } from "../../../domain/account";
import { normalizePhone } from "../../../engine";
import { admitPhoneCall, LinesBusy } from "../admission";
import type { TelephonyContext } from "../context";
import type { TelephonyRepository } from "../repository";
import { reject, SAYINGS, sayAndHangUp, speakAndListen, speechOfCall } from "../twiml";

type RoutedNumber = NonNullable<Awaited<ReturnType<TelephonyRepository["routeNumber"]>>>;
type InboundCall = {
  phoneNumber: string;
  callerName: string | null;
  direction: "inbound";
  callType: "twilio" | "simulator";
  providerCallSid: string;
};

/**
 * A new call to one of the workspace's numbers. Past the plan's monthly limits it is answered
 * with an apology; a blocked number is rejected when auto-block is on; over the plan's
 * concurrent calls or the platform's ceiling it is refused as busy. Each of those is kept in History with why (a call
 * started and ended at once); any other call is answered and the assistant greets.
 */
export async function answerInbound(
  ctx: TelephonyContext,
  route: RoutedNumber,
  sid: string,
  params: Record<string, string>,
  /** The AI agent a business number's extension put the call through to. */
  agentId?: string | undefined,
): Promise<string> {
  const account = await ctx.accounts.load(route.number.workspaceId);
  if (!account) return sayAndHangUp(await ctx.speech.of(route.number.workspaceId), SAYINGS.nobody);
  const callType = route.number.provider === "twilio" ? "twilio" : "simulator";
  const call: InboundCall = {
    phoneNumber: params.From || "anonymous",
    callerName: params.CallerName || null,
    direction: "inbound",
    callType,
    providerCallSid: sid,
  };
  const stop = ctx.usage ? await ctx.usage.callStop(account) : null;
  if (stop && ctx.usage) {
    await recordRefused(ctx, account, call, {
      status: "missed",
      line: `System: Not screened. ${stop.message}`,
    });
    return sayAndHangUp(await ctx.speech.of(account.id), await ctx.usage.limitReply(account));
  }
  const screening = await screeningOf(ctx, account, call.phoneNumber);
  if (screening.blocked && screening.autoBlockSpam) {
    await recordRefused(ctx, account, call, {
      status: "blocked",
      classification: "spam",
      line: "System: Rejected: this number is on your block list",
    });
    return reject("rejected");
  }
  const platform = await ctx.platform?.settings();
  try {
    const { row, greeting } = await ctx.calls.startCarrierCall(
      account,
      { ...call, answered: true, plan: { agentId } },
      admitPhoneCall(ctx.calls, account, platform?.maxConcurrentCalls),
    );
    // In the voice the call keeps: the default script's, when there is one. Recorded on Twilio
    // unless the administrator switched recording off.
    return speakAndListen(speechOfCall(await ctx.speech.of(account.id), row), greeting, row.id, 1, {
      record: callType === "twilio" && (platform?.enableCallRecording ?? true),
    });
  } catch (error) {
    if (!(error instanceof LinesBusy)) throw error;
    // Over the plan's concurrent calls or the platform's ceiling: refused before answering, and
    // History says why.
    await recordRefused(ctx, account, call, { status: "missed", line: `System: Refused: ${error.message}` });
    return reject("busy");
  }
}

/** A call refused before it was answered: started ringing and ended at once, with why. */
async function recordRefused(
  ctx: TelephonyContext,
  account: Account,
  call: InboundCall,
  ending: { status: string; line: string; classification?: string },
): Promise<void> {
  const { row } = await ctx.calls.startCarrierCall(account, { ...call, answered: false });
  await ctx.calls.endCarrierCall(account, row.id, ending);
}

/** What decides a call before it is answered: a blocked number and auto-block. */
async function screeningOf(ctx: TelephonyContext, account: Account, rawNumber: string) {
  const number = rawNumber ? normalizePhone(rawNumber) : null;
  const [settings, blocked] = await Promise.all([
    ctx.settings.row(account.id),
    number ? ctx.calls.isBlocked(account, number) : false,
  ]);
  return { blocked, autoBlockSpam: settings.autoBlockSpam };
}
