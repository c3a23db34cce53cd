import { LEAD_MESSAGES, type LeadCampaign } from "@common/lead-generation";
import { Loader2, Megaphone, Pause, Play, RefreshCw } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { formatDateTime } from "../../../lib/format";
import { toast, toastError } from "../../../lib/toast";
import { useCampaigns } from "../api/get-campaigns";
import { useRunCampaign } from "../api/run-campaign";
import { useUpdateCampaign } from "../api/update-campaign";

const REPEAT_LABEL = { once: "Runs once", daily: "Every day", weekly: "Every week" } as const;

/** Campaigns: each with its figures, Run Now, and Pause/Resume for its schedule. */
export function CampaignsTab({ timeZone, onCreate }: { timeZone: string; onCreate: () => void }) {
  const campaigns = useCampaigns();
  const run = useRunCampaign();
  const update = useUpdateCampaign();

  const runNow = (campaign: LeadCampaign) =>
    run.mutate(campaign.id, {
      onSuccess: (result) =>
        toast({
          title: LEAD_MESSAGES.campaignExecuted,
          description: `${campaign.name}: ${result.leadsAdded} new leads added, ${result.duplicatesSkipped} duplicates skipped.`,
        }),
      onError: (error) => toastError(LEAD_MESSAGES.runFailedTitle, LEAD_MESSAGES.runFailed, error),
    });

  const toggle = (campaign: LeadCampaign) =>
    update.mutate(
      { id: campaign.id, change: { status: campaign.status === "active" ? "paused" : "active" } },
      { onError: (error) => toastError("Error", "Failed to update campaign", error) },
    );

  if (campaigns.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Loading campaigns...
      </p>
    );
  if (campaigns.isError && !campaigns.data)
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border py-10 text-center">
        <p className="font-semibold">Your campaigns could not be loaded.</p>
        <Button variant="outline" onClick={() => campaigns.refetch()}>
          <RefreshCw aria-hidden /> Try again
        </Button>
      </div>
    );
  if (!campaigns.data.length)
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border py-10 text-center">
        <Megaphone className="size-10 text-muted-foreground" aria-hidden />
        <p className="font-semibold">No campaigns yet</p>
        <p className="px-4 text-sm text-muted-foreground">
          A campaign searches on its own and adds the new businesses it finds.
        </p>
        <Button onClick={onCreate}>Create Campaign</Button>
      </div>
    );

  return (
    <ul aria-label="Campaigns" className="grid gap-3 md:grid-cols-2">
      {campaigns.data.map((campaign) => {
        const running = run.isPending && run.variables === campaign.id;
        return (
          <li key={campaign.id} aria-label={campaign.name} className="flex min-w-0">
            <Card className="w-full min-w-0">
              <CardContent className="grid gap-3 p-4 text-sm">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-semibold wrap-anywhere">{campaign.name}</p>
                    <p className="text-muted-foreground wrap-anywhere">
                      {campaign.searchCriteria.industry} in {campaign.searchCriteria.location}
                    </p>
                  </div>
                  <Badge variant={campaign.status === "active" ? "success" : "secondary"}>
                    {campaign.status === "active" ? "Active" : "Paused"}
                  </Badge>
                </div>
                <dl className="grid grid-cols-3 gap-2">
                  <div>
                    <dt className="text-xs text-muted-foreground">Leads</dt>
                    <dd className="text-lg font-bold tabular-nums">{campaign.leadsGenerated}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-muted-foreground">Duplicates</dt>
                    <dd className="text-lg font-bold tabular-nums">{campaign.duplicatesSkipped}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-muted-foreground">Runs</dt>
                    <dd className="text-lg font-bold tabular-nums">{campaign.runs}</dd>
                  </div>
                </dl>
                <p className="text-xs text-muted-foreground">
                  {REPEAT_LABEL[campaign.schedule]} · up to {campaign.limit} results
                  {campaign.lastRunAt
                    ? ` · last run ${formatDateTime(campaign.lastRunAt, timeZone)}`
                    : " · not run yet"}
                  {campaign.nextRunAt && campaign.status === "active"
                    ? ` · next ${formatDateTime(campaign.nextRunAt, timeZone)}`
                    : ""}
                </p>
                {campaign.lastError ? (
                  <p className="rounded-md bg-destructive/10 p-2 text-xs text-destructive wrap-anywhere">
                    Last run failed: {campaign.lastError}
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    onClick={() => runNow(campaign)}
                    disabled={running}
                    aria-label={`Run ${campaign.name} now`}
                  >
                    {running ? <Loader2 className="animate-spin" aria-hidden /> : <Play aria-hidden />}
                    {running ? "Running..." : "Run Now"}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => toggle(campaign)}
                    disabled={update.isPending}
                  >
                    {campaign.status === "active" ? <Pause aria-hidden /> : <Play aria-hidden />}
                    {campaign.status === "active" ? "Pause" : "Resume"}
                  </Button>
                </div>
              </CardContent>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
