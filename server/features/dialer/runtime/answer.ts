import { SAFE_HARBOR_SECONDS } from "../../../../common/dialer";
import type { Account } from "../../../domain/account";
import { toE164OrNull } from "../../telephony/phone-numbers";
import { WEBHOOK_PATHS } from "../../telephony/twiml";
import type { AttemptOnLine } from "./attempts-repository";
import type { RuntimeContext } from "./context";
import { bridgeToRep, holdForAgent, safeHarborMessage, sayAndHangUp } from "./line-twiml";

/** A dialer call as telephony's webhooks pass it: the calls row's id, the attempt's dial key, its carrier. */
export type LineCall = {
  id: string;
  dialKey: string | null;
  callType?: string;
  providerCallSid?: string | null;
};

export const ABANDONED_REASON = "No agent was free within 2 seconds: the safe-harbor message was played";
const POLL_MS = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Twilio's AnsweredBy: machine_start, machine_end_beep, machine_end_silence, machine_end_other, fax. */
function answeredByMachine(answeredBy: string | null): boolean {
  return answeredBy !== null && (answeredBy.startsWith("machine") || answeredBy === "fax");
}

/**
 * A call the dialer placed is answered (telephony's voice webhook). Answers the TwiML for the
 * line, or null to let the assistant take the call (an AI agent's, or not the dialer's call):
 * - a machine (or fax): the campaign's voicemail message after the beep, or hang up; the attempt
 *   ends as machine and is never counted as answered by a person, nor abandoned;
 * - a person (or "unknown", counted as a person, which is the careful side for the abandonment
 *   rate): an AI agent with room takes the call at once; else a rep available on the campaign
 *   (only the one a callback is kept for) within 2 seconds of the answer, or the safe-harbor
 *   message (the business name and a number to call back), the attempt recorded abandoned, its
 *   lead not redialled for the campaign's abandoned wait.
 */
export async function callAnswered(
  ctx: RuntimeContext,
  account: Account,
  call: LineCall,
  answeredBy: string | null,
): Promise<string | null> {
  if (!call.dialKey) return null;
  const answeredAt = Date.now();
  const attempt = await ctx.repo.byDialKey(account.id, call.dialKey);
  if (!attempt) return null;
  const campaign = await ctx.repo.campaignForCall(attempt.campaignId);
  if (!campaign) return sayAndHangUp(null);

  if (answeredByMachine(answeredBy)) {
    await ctx.attempts.markAttempt(attempt.id, { state: "answered", byPerson: false });
    return sayAndHangUp(campaign.voicemailMessage);
  }
  await ctx.attempts.markAttempt(attempt.id, { state: "answered", byPerson: true });

  if (campaign.aiAgents.length > 0) {
    const agent = await ctx.repo.takeAiAgent(campaign, attempt.id, ctx.now());
    if (agent) {
      // The agent takes the call: its opening (what it says first, that it is automated, for
      // whom it calls) is what the person hears when the assistant greets.
      await ctx.calls.assignAgent(account, call.id, agent);
      return null;
    }
  } else {
    const rep =
      (await ctx.repo.connectDialler(attempt.id, ctx.now())) ||
      (await repWithin(ctx, attempt, answeredAt + (ctx.safeHarborMs ?? SAFE_HARBOR_SECONDS * 1000)));
    if (rep) {
      // The rep's console hears of it on /api/events and reads the call (GET /api/autodialer/console).
      ctx.events.publish(account.id, { type: "call.updated", callId: call.id });
      // On a Twilio line the rep talks from their own phone; on the simulator, from the console.
      // (true: the agent who dialled it by hand, in preview or manual mode.)
      const repUserId = rep === true ? attempt.agentUserId : rep;
      // A rep on the browser softphone talks through a conference of the call's own.
      if (call.callType === "twilio" && repUserId && ctx.softphone) {
        const twiml = await ctx.softphone
          .joinRep(account, {
            attemptId: attempt.id,
            repUserId,
            customerCallSid: call.providerCallSid ?? null,
          })
          .catch((error: unknown) => {
            ctx.log?.warn({ err: error, attemptId: attempt.id }, "the rep's softphone could not be joined");
            return null;
          });
        if (twiml) return twiml;
      }
      // On the simulator the rep hears the callee on the console, as a conversation in words.
      if (call.callType !== "twilio") ctx.repConnected?.(account, call.id);
      const repPhone =
        call.callType === "twilio" && repUserId ? await ctx.repPhone?.(account, repUserId) : null;
      const dialable = repPhone ? toE164OrNull(repPhone) : null;
      if (dialable) return bridgeToRep(dialable, WEBHOOK_PATHS.dial(call.id));
      return holdForAgent(ctx.holdMusicUrl);
    }
  }
  await ctx.attempts.markAttempt(attempt.id, { state: "abandoned", reason: ABANDONED_REASON });
  const business = campaign.businessName || account.companyName || account.owner.fullName || "our office";
  return sayAndHangUp(safeHarborMessage(business, campaign.callbackNumber));
}

/** A free rep before the deadline (looked for again every 200 ms), or null. */
async function repWithin(
  ctx: RuntimeContext,
  attempt: AttemptOnLine,
  deadline: number,
): Promise<string | null> {
  for (;;) {
    const rep = await ctx.repo.takeRep(attempt.campaignId, attempt.id, attempt.agentUserId, ctx.now());
    if (rep) return rep;
    const left = deadline - Date.now();
    if (left <= 0) return null;
    await sleep(Math.min(POLL_MS, left));
  }
}

/**
 * A dialer call ended (telephony's status webhook, or the recovery sweep reading the calls
 * row): the attempt ends as the line did. A call connected to a rep ends completed and the rep
 * still records the disposition on the console; an AI agent's call settles its lead; abandoned
 * and machine attempts ended when they were answered, so their end changes nothing.
 */
export async function callEnded(
  ctx: RuntimeContext,
  account: Account,
  call: LineCall,
  status: string,
): Promise<void> {
  if (!call.dialKey) return;
  const attempt = await ctx.repo.byDialKey(account.id, call.dialKey);
  if (!attempt) return;
  await endAttempt(ctx, attempt, status);
}

export async function endAttempt(ctx: RuntimeContext, attempt: AttemptOnLine, status: string): Promise<void> {
  switch (attempt.state) {
    case "connected":
      await ctx.attempts.markAttempt(attempt.id, { state: "completed" });
      if (attempt.aiAgentId) await ctx.repo.settleAiLead(attempt.leadId, ctx.now());
      return;
    case "answered":
      // Still waiting for a rep: the answer's own 2-second wait decides (the sweep, if it died).
      return;
    case "queued":
    case "dialing":
    case "ringing":
      await ctx.attempts.markAttempt(attempt.id, lineEnding(status));
      return;
    default:
      return;
  }
}

function lineEnding(status: string): { state: "busy" | "no_answer" | "failed"; reason?: string } {
  switch (status) {
    case "busy":
      return { state: "busy" };
    case "no_answer":
    case "missed":
      return { state: "no_answer" };
    case "completed":
      return { state: "failed", reason: "The call ended before the dialer heard it answered" };
    default:
      return { state: "failed", reason: "The call could not be connected" };
  }
}
