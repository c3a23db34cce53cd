import type { EmailAnalytics, EmailCampaign, EmailStats } from "@common/email";
import {
  Ban,
  CircleAlert,
  MailCheck,
  MailOpen,
  MailX,
  Megaphone,
  MousePointerClick,
  UserMinus,
} from "lucide-react";
import type * as React from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Progress } from "../../../components/ui/progress";
import { useUser } from "../../../lib/auth/use-user";
import { formatDateTime } from "../../../lib/format";
import { toast, toastError } from "../../../lib/toast";
import { type CampaignAction, useCampaignAction, useCampaigns } from "../api/sending";
import { useEmailAnalytics } from "../api/settings";
import { enumLabel } from "../labels";

const FIGURES: { key: keyof EmailAnalytics; label: string; icon: React.ElementType }[] = [
  { key: "campaigns", label: "Campaigns", icon: Megaphone },
  { key: "sent", label: "Sent", icon: MailCheck },
  { key: "failed", label: "Failed", icon: CircleAlert },
  { key: "bounced", label: "Bounced", icon: MailX },
  { key: "unsubscribed", label: "Unsubscribed", icon: UserMinus },
  { key: "suppressed", label: "Skipped (suppressed)", icon: Ban },
  { key: "opened", label: "Opened", icon: MailOpen },
  { key: "clicked", label: "Clicked", icon: MousePointerClick },
];

/**
 * Analytics: what the workspace's campaigns did (sent, failed, bounced, unsubscribed,
 * skipped as suppressed, opened and clicked where tracked), each campaign with its progress and controls, and the audience's top
 * industries and cities.
 */
export function AnalyticsTab({ stats }: { stats: EmailStats | undefined }) {
  const analytics = useEmailAnalytics();
  const campaigns = useCampaigns();
  return (
    <div className="grid gap-6">
      <section aria-label="Sending figures" className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {FIGURES.map((figure) => (
          <Card key={figure.key} className="min-w-0">
            <CardContent className="flex items-start justify-between gap-2 p-4">
              <div className="min-w-0">
                <p className="text-xs font-medium text-muted-foreground">{figure.label}</p>
                <p className="text-2xl font-bold tabular-nums" data-testid={`analytics-${figure.key}`}>
                  {analytics.data
                    ? analytics.data[figure.key].toLocaleString()
                    : analytics.isError
                      ? "–"
                      : "..."}
                </p>
              </div>
              <figure.icon className="size-5 shrink-0 text-primary" aria-hidden />
            </CardContent>
          </Card>
        ))}
      </section>

      <Card>
        <CardHeader>
          <CardTitle>Campaigns</CardTitle>
        </CardHeader>
        <CardContent>
          {campaigns.isError ? (
            <p className="text-sm text-destructive">Unable to load the campaigns.</p>
          ) : campaigns.data?.length === 0 ? (
            <p className="text-sm text-muted-foreground">No campaigns sent yet.</p>
          ) : (
            <ul className="grid gap-3" aria-label="Email campaigns">
              {campaigns.data?.map((campaign) => (
                <CampaignRow key={campaign.id} campaign={campaign} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <div className="grid gap-6 md:grid-cols-2">
        <TopList
          title="Top Industries"
          rows={stats?.topIndustries.map((row) => ({ name: enumLabel(row.industry), count: row.count }))}
        />
        <TopList
          title="Top Cities"
          rows={stats?.topCities.map((row) => ({ name: row.city, count: row.count }))}
        />
      </div>
    </div>
  );
}

const STATUS_VARIANT: Record<
  EmailCampaign["status"],
  "default" | "secondary" | "success" | "warning" | "destructive"
> = {
  queued: "secondary",
  sending: "default",
  paused: "warning",
  cancelled: "destructive",
  completed: "success",
};

function CampaignRow({ campaign }: { campaign: EmailCampaign }) {
  const { user } = useUser();
  const timeZone = user?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const act = useCampaignAction();
  const done = campaign.totalRecipients - campaign.pending;
  const percent = campaign.totalRecipients ? (done / campaign.totalRecipients) * 100 : 100;
  const run = (action: CampaignAction, title: string) =>
    act.mutate(
      { id: campaign.id, action },
      {
        onSuccess: () => toast({ title, description: campaign.templateName }),
        onError: (error) =>
          toastError("Campaign Update Failed", "Unable to change the campaign. Please try again.", error),
      },
    );
  const running = campaign.status === "queued" || campaign.status === "sending";
  return (
    <li className="grid gap-2 rounded-md border p-3" aria-label={`Campaign ${campaign.templateName}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-medium">{campaign.templateName}</p>
          <p className="break-words text-sm text-muted-foreground">
            {campaign.subject} · {formatDateTime(campaign.createdAt, timeZone)}
          </p>
        </div>
        <Badge variant={STATUS_VARIANT[campaign.status]}>{enumLabel(campaign.status)}</Badge>
      </div>
      <Progress
        value={percent}
        aria-label={`${campaign.templateName}: ${done} of ${campaign.totalRecipients} processed`}
      />
      <p className="text-sm tabular-nums" data-testid="campaign-counts">
        Sent {campaign.sent} of {campaign.totalRecipients} · failed {campaign.failed} · bounced{" "}
        {campaign.bounced} · skipped {campaign.suppressed}
        {campaign.pending ? ` · waiting ${campaign.pending}` : ""}
        {campaign.retrying ? ` (retrying ${campaign.retrying})` : ""}
        {campaign.trackOpens ? ` · opened ${campaign.opened}` : ""}
        {campaign.trackClicks ? ` · clicked ${campaign.clicked}` : ""}
      </p>
      <div className="flex flex-wrap gap-2">
        {running ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={act.isPending}
            onClick={() => run("pause", "Campaign Paused")}
          >
            Pause
          </Button>
        ) : null}
        {campaign.status === "paused" ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={act.isPending}
            onClick={() => run("resume", "Campaign Resumed")}
          >
            Resume
          </Button>
        ) : null}
        {running || campaign.status === "paused" ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={act.isPending}
            onClick={() => run("cancel", "Campaign Cancelled")}
          >
            Cancel
          </Button>
        ) : null}
        {campaign.failed > 0 && campaign.status !== "cancelled" ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={act.isPending}
            onClick={() => run("retry-failed", "Retrying Failed Emails")}
          >
            Retry failed
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function TopList({ title, rows }: { title: string; rows: { name: string; count: number }[] | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {rows === undefined ? (
          <p className="text-sm text-muted-foreground">...</p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No contacts with this detail yet.</p>
        ) : (
          <ol className="grid gap-1 text-sm" aria-label={title}>
            {rows.map((row) => (
              <li key={row.name} className="flex justify-between gap-2">
                <span className="min-w-0 break-words">{row.name}</span>
                <span className="tabular-nums text-muted-foreground">{row.count}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
