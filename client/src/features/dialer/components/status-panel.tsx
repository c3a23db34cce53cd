import {
  type AgentConsole,
  type Campaign,
  SETTABLE_AGENT_STATUSES,
  type SettableAgentStatus,
} from "@common/dialer";
import { Coffee, Headset, PhoneOff, Power, Timer } from "lucide-react";
import type * as React from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { NativeSelect } from "../../../components/ui/native-select";
import { formatDateTime } from "../../../lib/format";
import { useSetAgentStatus } from "../api/set-agent-status";
import { AGENT_STATUS_BADGES, AGENT_STATUS_LABELS, toastFailure } from "../labels";

const STATUS_ICONS: Record<SettableAgentStatus, React.ElementType> = {
  available: Headset,
  busy: PhoneOff,
  break: Coffee,
  offline: Power,
};

const STATUS_HINTS: Record<SettableAgentStatus, string> = {
  available: "Ready: the dialer connects answered calls to you.",
  busy: "Working, but taking no calls.",
  break: "Away for a while.",
  offline: "Logged out of the dialer.",
};

/** The agent's own status (available, busy, break, offline; on a call is the dialer's) and campaign. */
export function StatusPanel({
  console,
  campaigns,
  timeZone,
}: {
  console: AgentConsole;
  campaigns: Campaign[];
  timeZone: string;
}) {
  const { agent } = console;
  const setStatus = useSetAgentStatus();
  const onCall = agent.status === "on_call" || console.currentCall !== null;
  const change = (status: SettableAgentStatus, campaignId = agent.campaignId) =>
    setStatus.mutate(
      { status, campaignId },
      { onError: (error) => toastFailure("Failed to change your status", error) },
    );
  const working = campaigns.filter((campaign) => campaign.status !== "completed");
  const dialledFor =
    agent.campaignId === null && agent.workingCampaignId && agent.status === "available"
      ? campaigns.find((campaign) => campaign.id === agent.workingCampaignId)?.name
      : undefined;
  const campaignHint = !working.length
    ? "No campaign to work yet."
    : agent.campaignId
      ? "Calls from this campaign come to you."
      : `Calls from every active campaign come to you, the campaigns taking turns.${dialledFor ? ` Dialling for ${dialledFor} now.` : ""}`;

  return (
    <Card role="region" aria-labelledby="agent-status-title" className="min-w-0">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 gap-1.5">
            <CardTitle id="agent-status-title" className="leading-snug wrap-anywhere">
              {agent.name}
            </CardTitle>
            <CardDescription>Extension {agent.extension}</CardDescription>
          </div>
          <Badge variant={AGENT_STATUS_BADGES[agent.status]} data-testid="my-status" className="text-sm">
            {agent.wrapUpUntil ? "Wrap-up" : AGENT_STATUS_LABELS[agent.status]}
          </Badge>
        </div>
        {agent.statusSince ? (
          <p className="flex items-center gap-1 text-xs text-muted-foreground">
            <Timer className="size-3.5" aria-hidden /> Since {formatDateTime(agent.statusSince, timeZone)} ·{" "}
            {agent.totalCallsToday} {agent.totalCallsToday === 1 ? "call" : "calls"} today
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        <Field label="Campaign you work" hint={campaignHint}>
          {(props) => (
            <NativeSelect
              {...props}
              value={agent.campaignId ?? ""}
              disabled={onCall || setStatus.isPending}
              onChange={(event) =>
                change(
                  agent.status === "on_call" ? "available" : (agent.status as SettableAgentStatus),
                  event.target.value || null,
                )
              }
            >
              <option value="">Any campaign</option>
              {working.map((campaign) => (
                <option key={campaign.id} value={campaign.id}>
                  {campaign.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Set your status</legend>
          <div className="grid grid-cols-2 gap-2">
            {SETTABLE_AGENT_STATUSES.map((status) => {
              const Icon = STATUS_ICONS[status];
              const current = agent.status === status;
              return (
                <Button
                  key={status}
                  variant={current ? "default" : "outline"}
                  aria-pressed={current}
                  disabled={onCall || setStatus.isPending}
                  onClick={() => change(status)}
                  title={STATUS_HINTS[status]}
                >
                  <Icon aria-hidden /> {AGENT_STATUS_LABELS[status]}
                </Button>
              );
            })}
          </div>
          <p className="text-xs text-muted-foreground">
            {onCall
              ? "You are on a call: end it with a disposition to change your status."
              : agent.status === "on_call"
                ? ""
                : agent.wrapUpUntil
                  ? "Wrapping up the last call: the next comes when the wrap-up ends, or when you click Ready."
                  : STATUS_HINTS[agent.status as SettableAgentStatus]}
          </p>
        </fieldset>
      </CardContent>
    </Card>
  );
}
