import { CALL_DISPOSITION_LABELS, type CallDisposition, type CallStatus } from "../../../common/calls";
import { DISPOSITIONS, type DispositionCode, LEAD_CALLS_SHOWN, type LeadCalls } from "../../../common/dialer";
import type { Account } from "../../domain/account";
import { notFound } from "../../domain/errors";
import type { DialerContext } from "./context";
import { dispositionsOf } from "./presenter";

/** A call's status where nothing else says what it came to. */
const STATUS_LABELS: Record<CallStatus, string> = {
  in_progress: "In progress",
  on_hold: "On hold",
  completed: "Completed",
  missed: "Missed",
  blocked: "Blocked",
  pending: "Pending",
  ringing: "Ringing",
  busy: "Busy",
  no_answer: "No answer",
  failed: "Failed",
};

/**
 * GET /api/autodialer/leads/:leadId/calls: the lead's last calls for the agent desktop's contact
 * card, newest first: every call with the person (their contact's and their number's, whichever
 * way and by whichever path), the current one too. What each came to is the rep's disposition
 * on a dialer call (under its campaign's own label), else the assistant's outcome, else the
 * call's status. A lead of another workspace is a 404; the calls are the workspace's only.
 */
export async function leadCalls(ctx: DialerContext, account: Account, leadId: string): Promise<LeadCalls> {
  const lead = await ctx.repo.getLead(account.id, leadId);
  if (!lead) throw notFound("That lead");
  if (!ctx.pastCalls) return { calls: [] };
  const rows = await ctx.pastCalls.recent(
    account,
    { contactId: lead.contactId, phoneE164: lead.phoneE164 },
    LEAD_CALLS_SHOWN + 1,
  );
  const attempts = new Map(
    (
      await ctx.repo.attemptsByCallIds(
        account.id,
        rows.map((row) => row.id),
      )
    ).map((a) => [a.callId, a]),
  );
  const campaigns = new Map(
    (
      await ctx.repo.campaignDispositions(account.id, [
        ...new Set([...attempts.values()].map((a) => a.campaignId)),
      ])
    ).map((c) => [c.id, c]),
  );
  return {
    calls: rows.map((row) => {
      const attempt = attempts.get(row.id);
      const code = (attempt?.disposition ?? null) as DispositionCode | null;
      const campaign = attempt ? campaigns.get(attempt.campaignId) : undefined;
      const label = code
        ? (dispositionsOf(campaign ?? { dispositions: null }).find((d) => d.code === code)?.label ??
          DISPOSITIONS[code]?.label ??
          code)
        : null;
      return {
        callId: row.id,
        at: row.createdAt.toISOString(),
        direction: row.direction === "inbound" ? "inbound" : "outbound",
        outcome:
          label ??
          (row.disposition ? CALL_DISPOSITION_LABELS[row.disposition as CallDisposition] : null) ??
          STATUS_LABELS[row.status as CallStatus] ??
          row.status,
        disposition: code && code in DISPOSITIONS ? code : null,
        duration: Math.max(0, Math.round(row.duration)),
      };
    }),
  };
}
