import type { LeadStatus } from "../../../../common/dialer";
import type { ClaimedLead } from "./attempts-repository";

/**
 * The dial-time gate (issue 13 part 4): asked right before a number is dialled, never when it
 * was queued, so a number listed, a consent withdrawn or a clock past 21:00 in the meantime is
 * honoured. Checks, in order: the workspace's do-not-call list and the contact's flag (the
 * contacts area's isDoNotCall answers both), the campaign's own list, AI-voice consent on a
 * campaign staffed by AI agents, then the calling window (08:00-21:00 and the campaign's hours
 * in the callee's own time zone; calling-window.ts reads the zone).
 */

export const GATE_REASONS = {
  doNotCall: "On the workspace's do-not-call list",
  campaignDoNotCall: "On this campaign's do-not-call list",
  noAiConsent: "No recorded consent for AI-voice calls",
} as const;

/** The calling window's answer for one number now. */
export type WindowCheck = { open: true } | { open: false; reason: string; opensAt: Date | null };

export type GatePorts = {
  isDoNotCall(workspaceId: string, e164: string): Promise<boolean>;
  onCampaignList(campaignId: string, e164: string): Promise<boolean>;
  callingWindow(
    lead: Pick<ClaimedLead, "phoneE164" | "timeZone" | "zipCode">,
    hours: { start: string; end: string },
    now: Date,
  ): WindowCheck;
};

export type GateCampaign = {
  id: string;
  callingHoursStart: string;
  callingHoursEnd: string;
  aiAgents: readonly unknown[];
};

/** Dial, or not with the reason and where the lead goes (never again, or due again later). */
export type GateDecision =
  | { dial: true }
  | { dial: false; reason: string; lead: { status: LeadStatus; nextAttemptAt: Date | null } };

/** A number the window refuses with no known opening is looked at again after this long. */
const RECHECK_MS = 15 * 60_000;

export async function checkGate(
  ports: GatePorts,
  campaign: GateCampaign,
  lead: ClaimedLead,
  now: Date,
): Promise<GateDecision> {
  const never = (reason: string): GateDecision => ({
    dial: false,
    reason,
    lead: { status: "do_not_call", nextAttemptAt: null },
  });
  if (await ports.isDoNotCall(lead.workspaceId, lead.phoneE164)) return never(GATE_REASONS.doNotCall);
  if (await ports.onCampaignList(campaign.id, lead.phoneE164)) return never(GATE_REASONS.campaignDoNotCall);
  if (campaign.aiAgents.length > 0 && !lead.aiVoiceConsent) {
    // Not for good: the consent may be recorded later, or people may staff the campaign.
    return {
      dial: false,
      reason: GATE_REASONS.noAiConsent,
      lead: { status: lead.priorStatus, nextAttemptAt: new Date(now.getTime() + RECHECK_MS) },
    };
  }
  const window = ports.callingWindow(
    lead,
    { start: campaign.callingHoursStart, end: campaign.callingHoursEnd },
    now,
  );
  if (!window.open) {
    return {
      dial: false,
      reason: window.reason,
      lead: {
        status: lead.priorStatus,
        nextAttemptAt: window.opensAt ?? new Date(now.getTime() + RECHECK_MS),
      },
    };
  }
  return { dial: true };
}
