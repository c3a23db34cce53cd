import type { LeadStatus } from "../../../../common/dialer";
import type { DialRefusal } from "../../telephony/dial-gate";
import { decideDial } from "../../telephony/dial-gate";
import type { ClaimedLead } from "./attempts-repository";

/**
 * The dial-time gate for the autodialer: asked right before a claimed lead is dialled, never when
 * it was queued, so a number listed, a consent withdrawn or a clock past 21:00 in the meantime is
 * honoured. The decision is telephony's dial gate (dial-gate.ts), the same one every outbound call
 * goes through, fed what the runtime holds for a batch: the workspace's list and contacts' flags,
 * the campaign's own list, the lead's zone and postal code, its AI-voice consent (asked only on a
 * campaign staffed by AI agents: a rep's call is a person's voice), and, for a line a predictive
 * campaign dials ahead of a free agent, the 30-day abandonment. What it adds is where the lead
 * goes: never again (a do-not-call list), or due again when the window opens. Telephony asks the
 * gate again as it places the call, with what only it reads (the zones of contacts with the
 * number); a refusal there moves the lead the same way (dial.ts).
 */

export type GatePorts = {
  isDoNotCall(workspaceId: string, e164: string): Promise<boolean>;
  onCampaignList(campaignId: string, e164: string): Promise<boolean>;
};

export type GateCampaign = {
  id: string;
  callingHoursStart: string;
  callingHoursEnd: string;
  aiAgents: readonly unknown[];
};

/** What the tick knows of the line beyond the lead: predictive pacing, the zone to assume. */
export type GateLine = {
  predictiveLine?: { abandonRate: number } | null | undefined;
  unknownZoneAssumed?: string | null | undefined;
};

/** Dial, or not with the reason and where the lead goes (never again, or due again later). */
export type GateDecision =
  | { dial: true }
  | { dial: false; reason: string; lead: { status: LeadStatus; nextAttemptAt: Date | null } };

/** A refusal with no known opening (consent, the ceiling) is looked at again after this long. */
const RECHECK_MS = 15 * 60_000;
/** A number with no known zone, or zones that never share the hours, is looked at a day later. */
const NO_WINDOW_RECHECK_MS = 24 * 60 * 60_000;

export async function checkGate(
  ports: GatePorts,
  campaign: GateCampaign,
  lead: ClaimedLead,
  now: Date,
  line: GateLine = {},
): Promise<GateDecision> {
  const [listed, onCampaignList] = await Promise.all([
    ports.isDoNotCall(lead.workspaceId, lead.phoneE164),
    ports.onCampaignList(campaign.id, lead.phoneE164),
  ]);
  const verdict = decideDial({
    now,
    callee: { phoneNumber: lead.phoneE164, timeZone: lead.timeZone, postalCode: lead.zipCode },
    doNotCall: { workspace: listed, campaign: onCampaignList },
    campaignHours: { start: campaign.callingHoursStart, end: campaign.callingHoursEnd },
    unknownZoneAssumed: line.unknownZoneAssumed,
    aiVoice: isAiVoiced(campaign),
    aiVoiceConsent: lead.aiVoiceConsent,
    predictiveLine: line.predictiveLine,
  });
  if (verdict.allowed) return { dial: true };
  return refusedLead(verdict.refusal, lead, now);
}

/** A campaign staffed by AI agents speaks to the people it calls with an AI voice. */
export function isAiVoiced(campaign: Pick<GateCampaign, "aiAgents">): boolean {
  return campaign.aiAgents.length > 0;
}

/** Where a refused lead goes: never dialled (a do-not-call list), or due again later. */
export function refusedLead(
  refusal: DialRefusal,
  lead: Pick<ClaimedLead, "priorStatus">,
  now: Date,
): Extract<GateDecision, { dial: false }> {
  if (refusal.permanent)
    return { dial: false, reason: refusal.message, lead: { status: "do_not_call", nextAttemptAt: null } };
  const noWindow = refusal.rule === "unknown_time_zone" || refusal.rule === "outside_calling_hours";
  const later = refusal.retryAt ?? new Date(now.getTime() + (noWindow ? NO_WINDOW_RECHECK_MS : RECHECK_MS));
  return { dial: false, reason: refusal.message, lead: { status: lead.priorStatus, nextAttemptAt: later } };
}
