import { type Campaign, DIALER_MESSAGES, DIALING_MODE_LABELS } from "@common/dialer";
import { ListPlus, Pause, Pencil, Play } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { cn } from "../../../lib/cn";
import { useCampaignStats } from "../api/get-campaign-stats";
import { usePauseCampaign } from "../api/pause-campaign";
import { useStartCampaign } from "../api/start-campaign";
import { CAMPAIGN_STATUS_BADGES, CAMPAIGN_STATUS_LABELS, toastFailure, toastSuccess } from "../labels";
import { AbandonmentFigures } from "./abandonment";

/**
 * One campaign on the dashboard: its status, settings and counters, the abandonment rates, and
 * Start or Pause (an active campaign shows Pause, every other status Start).
 */
export function CampaignCard({
  campaign,
  selected,
  canManage,
  onSelect,
  onAddLeads,
  onEdit,
}: {
  campaign: Campaign;
  selected: boolean;
  canManage: boolean;
  onSelect: () => void;
  onAddLeads: () => void;
  onEdit: () => void;
}) {
  const active = campaign.status === "active";
  const stats = useCampaignStats(campaign.id, active);
  const start = useStartCampaign();
  const pause = usePauseCampaign();
  const pending = start.isPending || pause.isPending;
  const titleId = `campaign-${campaign.id}`;

  const toggle = () => {
    if (active) {
      pause.mutate(campaign.id, {
        onSuccess: () => toastSuccess(DIALER_MESSAGES.paused),
        onError: (error) => toastFailure(DIALER_MESSAGES.pauseFailed, error),
      });
    } else {
      start.mutate(campaign.id, {
        onSuccess: () => toastSuccess(DIALER_MESSAGES.started),
        onError: (error) => toastFailure(DIALER_MESSAGES.startFailed, error),
      });
    }
  };

  const lineLimited = campaign.planLineLimit !== null && campaign.planLineLimit < campaign.maxLines;

  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      className={cn("min-w-0", selected && "ring-2 ring-primary")}
      data-testid="campaign-card"
    >
      <CardHeader className="gap-2 pb-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 gap-1">
            <CardTitle id={titleId} className="wrap-anywhere">
              {campaign.name}
            </CardTitle>
            {campaign.description ? (
              <CardDescription className="wrap-anywhere">{campaign.description}</CardDescription>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-1.5">
            <Badge variant={CAMPAIGN_STATUS_BADGES[campaign.status]} data-testid="campaign-status">
              {CAMPAIGN_STATUS_LABELS[campaign.status]}
            </Badge>
            <Badge variant="outline">
              {campaign.droppedToProgressive
                ? `${DIALING_MODE_LABELS.progressive} (from predictive)`
                : DIALING_MODE_LABELS[campaign.dialingMode]}
            </Badge>
          </div>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <Fact label="Leads" value={campaign.totalLeads.toLocaleString()} testId="campaign-total-leads" />
          <Fact label="Still to dial" value={campaign.dialableLeads.toLocaleString()} />
          <Fact label="Calls made" value={campaign.completedCalls.toLocaleString()} />
          <Fact label="Connected" value={campaign.successfulConnections.toLocaleString()} />
          <Fact
            label="Max lines"
            value={
              lineLimited
                ? `${campaign.planLineLimit} (plan) of ${campaign.maxLines}`
                : String(campaign.maxLines)
            }
          />
          <Fact label="Dial ratio" value={campaign.dialRatio.toFixed(1)} />
          <Fact label="Hours" value={`${campaign.callingHoursStart}–${campaign.callingHoursEnd}`} />
          <Fact label="Attempts" value={`up to ${campaign.maxAttempts}`} />
        </dl>
        {stats.data ? (
          <AbandonmentFigures abandonment={stats.data.abandonment} />
        ) : stats.isError ? (
          <p className="text-xs text-destructive">The abandonment figures could not be loaded.</p>
        ) : (
          <p className="text-xs text-muted-foreground">Loading the abandonment figures...</p>
        )}
        <div className="flex flex-wrap gap-2">
          {canManage ? (
            <Button
              size="sm"
              variant={active ? "outline" : "default"}
              onClick={toggle}
              disabled={pending}
              aria-label={`${active ? "Pause" : "Start"} ${campaign.name}`}
            >
              {active ? <Pause aria-hidden /> : <Play aria-hidden />}
              {pending ? (active ? "Pausing..." : "Starting...") : active ? "Pause" : "Start"}
            </Button>
          ) : null}
          {canManage ? (
            <Button
              size="sm"
              variant="outline"
              onClick={onAddLeads}
              aria-label={`Add leads to ${campaign.name}`}
            >
              <ListPlus aria-hidden /> Add Leads
            </Button>
          ) : null}
          <Button
            size="sm"
            variant={selected ? "secondary" : "outline"}
            onClick={onSelect}
            aria-pressed={selected}
            aria-label={`Stats & Leads of ${campaign.name}`}
          >
            Stats & Leads
          </Button>
          {canManage ? (
            <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit ${campaign.name}`}>
              <Pencil aria-hidden /> Edit
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums wrap-anywhere" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
