import type { JobOut } from "@common/jobs";
import { Progress } from "../../../components/ui/progress";
import { useCampaign } from "../api/sending";
import { enumLabel } from "../labels";

/**
 * The campaign just started, followed through its job: how many of its recipients are done
 * while it sends, then what the campaign itself counts.
 */
export function CampaignProgress({
  campaignId,
  total,
  job,
  running,
}: {
  campaignId: string;
  total: number;
  job: JobOut | undefined;
  running: boolean;
}) {
  const campaign = useCampaign(running ? null : campaignId).data;
  const done = campaign ? campaign.totalRecipients - campaign.pending : (job?.progress.done ?? 0);
  const of = campaign?.totalRecipients ?? (job?.progress.total || total);
  const state = running
    ? job?.status === "queued" || !job
      ? "Queued"
      : "Sending"
    : campaign
      ? enumLabel(campaign.status)
      : "Finishing";
  return (
    <section aria-label="Campaign progress" className="grid gap-2 rounded-md border p-3" aria-live="polite">
      <p className="text-sm font-medium" data-testid="campaign-progress">
        {state}: {done} of {of} processed
        {campaign
          ? ` (sent ${campaign.sent}, failed ${campaign.failed}, bounced ${campaign.bounced}, skipped ${campaign.suppressed}${campaign.retrying ? `, retrying ${campaign.retrying}` : ""})`
          : ""}
      </p>
      <Progress value={of ? (done / of) * 100 : 0} aria-label={`Campaign progress: ${done} of ${of}`} />
    </section>
  );
}
