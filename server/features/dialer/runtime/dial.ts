import { MIN_RING_SECONDS } from "../../../../common/dialer";
import type { Account } from "../../../domain/account";
import { DomainError } from "../../../domain/errors";
import type { SimulatedDial } from "../../../providers/telephony/types";
import { LinesBusy } from "../../telephony/admission";
import { DialRefused } from "../../telephony/outbound-gate";
import { planOutcome } from "../answer-outcomes";
import type { ClaimedLead } from "./attempts-repository";
import type { RuntimeContext } from "./context";
import { checkGate, type GateCampaign, type GateLine, type GatePorts, isAiVoiced, refusedLead } from "./gate";

export type DialResult = "dialled" | "refused" | "lines_busy" | "failed" | "gone";

export function gatePorts(ctx: RuntimeContext): GatePorts {
  return {
    isDoNotCall: (workspaceId, e164) => ctx.doNotCall.isDoNotCall(workspaceId, e164),
    onCampaignList: (campaignId, e164) => ctx.repo.onCampaignList(campaignId, e164),
  };
}

/**
 * What a tick shares across the leads it dials in one batch: the gate's lists read for the whole
 * batch right before it is dialled (the workspace's list and contacts' flags in one query per
 * workspace, the campaigns' own lists in one query; telephony asks the workspace's list again as
 * it places each call), the accounts read once per tick, and the placed calls linked to their
 * attempts after the batch in one statement. An attempt placed and not yet linked when the
 * process dies is taken up by recovery, which finds the call under its dial key.
 */
export type DialBatch = {
  gate: GatePorts;
  account(workspaceId: string): Promise<Account | undefined>;
  placed: { attemptId: string; callId: string }[];
};

/** The accounts a tick acts for, each read once. */
export function accountsOnce(ctx: RuntimeContext): (workspaceId: string) => Promise<Account | undefined> {
  const seen = new Map<string, Promise<Account | undefined>>();
  return (workspaceId) => {
    let account = seen.get(workspaceId);
    if (!account) {
      account = ctx.accounts.load(workspaceId);
      seen.set(workspaceId, account);
      // A failed read is not kept: the next lead of the workspace asks again.
      account.catch(() => seen.delete(workspaceId));
    }
    return account;
  };
}

/** Reads the gate's lists for a batch of claimed leads (two kinds of query, not two per lead). */
export async function prepareBatch(
  ctx: RuntimeContext,
  leads: ClaimedLead[],
  account: DialBatch["account"],
): Promise<DialBatch> {
  const byWorkspace = new Map<string, string[]>();
  for (const lead of leads) {
    const numbers = byWorkspace.get(lead.workspaceId) ?? [];
    numbers.push(lead.phoneE164);
    byWorkspace.set(lead.workspaceId, numbers);
  }
  const [workspaceLists, campaignListed] = await Promise.all([
    Promise.all(
      [...byWorkspace].map(
        async ([workspaceId, numbers]) =>
          [workspaceId, await ctx.doNotCall.listedAmong(workspaceId, [...new Set(numbers)])] as const,
      ),
    ),
    ctx.repo.onCampaignLists(leads.map((lead) => ({ campaignId: lead.campaignId, e164: lead.phoneE164 }))),
  ]);
  const listed = new Map(workspaceLists);
  return {
    gate: {
      isDoNotCall: async (workspaceId, e164) => listed.get(workspaceId)?.has(e164) ?? false,
      onCampaignList: async (campaignId, e164) => campaignListed.has(`${campaignId}:${e164}`),
    },
    account,
    placed: [],
  };
}

/** How the simulated line will go for this dial (Twilio ignores the plan and reports what happens). */
function simulatedPlan(ctx: RuntimeContext): SimulatedDial {
  const planned = planOutcome(ctx.random, ctx.answerModel);
  const [low, high] = ctx.talkSeconds;
  return {
    outcome: planned.outcome,
    afterMs: Math.round(planned.afterSeconds * 1000),
    greetingMs: planned.greetingSeconds === null ? undefined : Math.round(planned.greetingSeconds * 1000),
    talkMs: Math.round((low + ctx.random() * (high - low)) * 1000),
  };
}

/**
 * One claimed lead, at the moment of dialling: the gate first (a refusal is recorded on the
 * attempt and the lead waits or is never dialled), then the call through telephony under the
 * attempt's dial key, so a repeat (a recovered attempt, a retried tick) finds the call already
 * placed instead of dialling twice. Telephony's own gate sees what the runtime knew (the lead's
 * zone and postal code, the campaign's list and hours, consent, the predictive line) and what it
 * reads itself (contacts' zones for the number); its refusal moves the lead as the runtime's would.
 */
export async function dialClaimed(
  ctx: RuntimeContext,
  campaign: GateCampaign,
  lead: ClaimedLead,
  batch?: DialBatch,
  line: GateLine = {},
): Promise<DialResult> {
  const now = ctx.now();
  const ports = batch?.gate ?? gatePorts(ctx);
  const gate = await checkGate(ports, campaign, lead, now, {
    unknownZoneAssumed: ctx.unknownZoneAssumed,
    ...line,
  });
  if (!gate.dial) {
    await ctx.repo.refuse(lead.attemptId, gate.reason, gate.lead, now);
    return "refused";
  }
  const account = await (batch ? batch.account(lead.workspaceId) : ctx.accounts.load(lead.workspaceId));
  if (!account) return "gone";
  try {
    const placed = await ctx.telephony.placeOutbound(account, {
      phoneNumber: lead.phoneE164,
      // The opening greets the person by name (an AI agent's call; a rep sees it on the console).
      calleeName: lead.name ?? null,
      dialKey: lead.dialKey,
      carrier: {
        machineDetection: true,
        ringTimeoutSeconds: Math.max(MIN_RING_SECONDS, ctx.answerModel.ringTimeoutSeconds),
        simulated: simulatedPlan(ctx),
      },
      callee: {
        timeZones: [lead.timeZone],
        postalCodes: [lead.zipCode],
        // Checked a moment ago (the gate above): a number listed since is on the workspace's list.
        campaign: {
          onOwnList: false,
          hours: { start: campaign.callingHoursStart, end: campaign.callingHoursEnd },
        },
        aiVoice: isAiVoiced(campaign),
        aiVoiceConsent: lead.aiVoiceConsent,
        predictiveLine: line.predictiveLine,
      },
    });
    if (batch) batch.placed.push({ attemptId: lead.attemptId, callId: placed.callId });
    else await ctx.repo.linkCall(lead.attemptId, placed.callId, ctx.now());
    return "dialled";
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // Every line the plan allows is in use: nothing was dialled, the lead waits for the next tick.
    if (error instanceof LinesBusy) {
      await ctx.repo.release(lead.attemptId, lead.priorStatus, ctx.now());
      return "lines_busy";
    }
    // Telephony's gate (a number listed a moment ago, a contact's zone outside the hours): never
    // dialled, and the lead goes where the runtime's own gate would have sent it.
    if (error instanceof DialRefused) {
      const refused = refusedLead(error.refusal, lead, ctx.now());
      await ctx.repo.refuse(lead.attemptId, refused.reason, refused.lead, ctx.now());
      return "refused";
    }
    // The monthly limit, the carrier's refusal, a missing setting: this attempt failed, with why.
    await ctx.attempts.markAttempt(lead.attemptId, { state: "failed", reason: error.message });
    return "failed";
  }
}
