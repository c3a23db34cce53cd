import type { CallDisposition } from "../../../common/calls";
import { DISPOSITIONS, type DispositionCode } from "../../../common/dialer";
import type { Db } from "../../db/client";
import { settleLead } from "./lead-outcomes";
import { dialerRepository } from "./repository";

/** The lead disposition each call outcome means (a transfer leaves it to the person who took it). */
const LEAD_DISPOSITION: Partial<Record<CallDisposition, DispositionCode>> = {
  interested: "interested",
  qualified: "interested",
  booked: "appointment",
  not_interested: "not_interested",
  call_back: "callback",
  wrong_number: "wrong_number",
  do_not_call: "do_not_call",
  voicemail: "answering_machine",
};

/**
 * A call an AI agent took for a campaign came to an outcome (the conversation engine decided it):
 * the attempt and its lead take the disposition, as a rep's wrap-up would give them, in the call's
 * transaction. A call back is queued at the time the person said; a stop request lists the number
 * on the campaign's own list too. An attempt a person already dispositioned is left alone.
 */
export async function recordAiCallOutcome(
  tx: Db,
  workspaceId: string,
  callId: string,
  outcome: { disposition: CallDisposition; callbackAt: Date | null },
  now: Date,
): Promise<void> {
  const code = LEAD_DISPOSITION[outcome.disposition];
  if (!code) return;
  const repo = dialerRepository(tx);
  const attempt = await repo.lockAttemptOfCall(workspaceId, callId);
  if (!attempt || attempt.disposedBy) return;
  const [lead] = await repo.leadsByIds([attempt.leadId]);
  const campaign = await repo.getCampaign(workspaceId, attempt.campaignId);
  if (!lead || !campaign) return;
  await repo.updateAttempt(attempt.id, { disposition: code, disposedAt: now });
  if (code === "callback" && outcome.callbackAt && outcome.callbackAt > now) {
    await repo.scheduleCallback({
      workspaceId,
      campaignId: lead.campaignId,
      leadId: lead.id,
      attemptId: attempt.id,
      dueAt: outcome.callbackAt,
      agentOnly: false,
      agentUserId: null,
      createdBy: null,
    });
    await repo.updateLead(lead.id, {
      status: "callback",
      disposition: "callback",
      nextAttemptAt: outcome.callbackAt,
      reservedFor: null,
    });
  } else await settleLead(repo, campaign, lead, code, now);
  if (DISPOSITIONS[code].doNotCall)
    await repo.addDoNotCall(workspaceId, campaign.id, {
      phoneE164: lead.phoneE164,
      phoneNumber: lead.phoneNumber,
      createdBy: null,
    });
}
