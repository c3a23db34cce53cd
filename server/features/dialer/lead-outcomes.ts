import {
  DISPOSITIONS,
  type DispositionCode,
  type EndedAttemptState,
  type LeadStatus,
} from "../../../common/dialer";
import type { CampaignRow, DialerRepository, LeadRow } from "./repository";

const MINUTE_MS = 60_000;

/** The disposition the dialer records for an attempt that ended without an agent's. */
export const DISPOSITION_FOR_END: Partial<Record<EndedAttemptState, DispositionCode>> = {
  abandoned: "abandoned",
  machine: "answering_machine",
  busy: "busy",
  no_answer: "no_answer",
  failed: "failed",
};

/**
 * Where a lead goes after an attempt with this disposition, as one update:
 * - do-not-call: never dialled again; final (a sale, not interested, ...): completed;
 * - a callback: the caller has already scheduled it (status callback, due then), left alone;
 * - anything else: dialled again after the campaign's minimum time between attempts (an
 *   abandoned call after its own, longer wait), or exhausted once maxAttempts were made.
 */
export function nextLeadState(
  campaign: Pick<CampaignRow, "maxAttempts" | "retryMinutes" | "abandonedRetryMinutes">,
  lead: Pick<LeadRow, "callAttempts">,
  disposition: DispositionCode,
  now: Date,
): { status: LeadStatus; nextAttemptAt: Date | null } | null {
  const flags = DISPOSITIONS[disposition];
  if (flags.doNotCall) return { status: "do_not_call", nextAttemptAt: null };
  if (flags.final) return { status: "completed", nextAttemptAt: null };
  if (flags.callback) return null;
  if (lead.callAttempts >= campaign.maxAttempts) return { status: "exhausted", nextAttemptAt: null };
  const waitMinutes = disposition === "abandoned" ? campaign.abandonedRetryMinutes : campaign.retryMinutes;
  return { status: "retry", nextAttemptAt: new Date(now.getTime() + waitMinutes * MINUTE_MS) };
}

/** Records the disposition on the lead and moves it on; a pending callback is done once someone reached them. */
export async function settleLead(
  repo: DialerRepository,
  campaign: Pick<CampaignRow, "maxAttempts" | "retryMinutes" | "abandonedRetryMinutes">,
  lead: LeadRow,
  disposition: DispositionCode,
  now: Date,
): Promise<LeadRow | undefined> {
  const next = nextLeadState(campaign, lead, disposition, now);
  if (DISPOSITIONS[disposition].humanAnswered && !DISPOSITIONS[disposition].callback)
    await repo.closeCallbacks(lead.id, "done");
  return repo.updateLead(lead.id, {
    disposition,
    ...(next ? { status: next.status, nextAttemptAt: next.nextAttemptAt, reservedFor: null } : {}),
  });
}
