import { CAMPAIGN_FAILED, CAMPAIGN_SENT_TITLE, campaignSentMessage } from "@common/email";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { isFinished, useJob } from "../../../lib/shared-api/get-job";
import { toast } from "../../../lib/toast";
import { ANALYTICS_URL, CAMPAIGNS_URL, campaignQueryOptions, OUTBOX_URL } from "./sending";

/**
 * A campaign's sending job (`email.campaign`) followed to its end: its progress while it runs,
 * then the campaign's own counts read again and told once per job: "Campaign Sent" with the sent
 * count and the total when it completed, what else happened when it was paused, cancelled or
 * failed for good.
 */
export function useCampaignJob(campaignId: string | null, jobId: string | null) {
  const job = useJob(jobId).data;
  const queryClient = useQueryClient();
  const running = Boolean(jobId) && !isFinished(job);

  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!campaignId || !jobId || !job || !isFinished(job) || announced.current === jobId) return;
    announced.current = jobId;
    void queryClient.invalidateQueries({
      predicate: (query) =>
        [CAMPAIGNS_URL, ANALYTICS_URL, OUTBOX_URL].some((key) => String(query.queryKey[0]).startsWith(key)),
    });
    if (job.status === "failed") {
      toast({ title: "Campaign Failed", description: job.error ?? CAMPAIGN_FAILED, variant: "destructive" });
      return;
    }
    void queryClient.fetchQuery({ ...campaignQueryOptions(campaignId), staleTime: 0 }).then(
      (campaign) => {
        if (campaign.status === "completed")
          toast({
            title: CAMPAIGN_SENT_TITLE,
            description: campaignSentMessage(campaign.sent, campaign.totalRecipients),
          });
        else if (campaign.status === "paused")
          toast({
            title: "Campaign Paused",
            description: campaignSentMessage(campaign.sent, campaign.totalRecipients),
          });
        else if (campaign.status === "cancelled")
          toast({
            title: "Campaign Cancelled",
            description: `${campaignSentMessage(campaign.sent, campaign.totalRecipients)}; the rest were not sent.`,
          });
      },
      () => undefined,
    );
  }, [campaignId, jobId, job, queryClient]);

  return { job, running };
}
