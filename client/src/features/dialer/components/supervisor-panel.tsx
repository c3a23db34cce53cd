import { MONITOR_MODES, type MonitorMode } from "@common/dialer";
import { Ear, Eye, MessageCircle, Users } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useMonitor, useSupervisorView } from "../api/desktop";
import { AGENT_STATUS_BADGES, AGENT_STATUS_LABELS, toastFailure } from "../labels";
import { type FollowLines, ListenIn } from "./listen-in";

const MODE_LABELS: Record<MonitorMode, { label: string; hint: string; icon: typeof Ear }> = {
  listen: { label: "Listen", hint: "Hear the call; nobody hears you", icon: Ear },
  whisper: { label: "Whisper", hint: "Coach the rep: only they hear you", icon: MessageCircle },
  barge: { label: "Barge in", hint: "Join the call: everyone hears you", icon: Users },
};

/**
 * For admins and the owner: every rep's state and live call, with its last lines; on a call
 * carried by the Twilio softphone, listen, whisper and barge in from their own softphone; on a
 * simulated call, listen by following its live transcript (read-only, the callee's words spoken).
 */
export function SupervisorPanel({
  hasSoftphone,
  followLines,
}: {
  hasSoftphone: boolean;
  followLines: FollowLines;
}) {
  const view = useSupervisorView(true);
  const monitor = useMonitor();
  const [following, setFollowing] = useState<{ attemptId: string; repName: string } | null>(null);
  const join = (attemptId: string, mode: MonitorMode) =>
    monitor.mutate(
      { attemptId, mode },
      { onError: (error) => toastFailure(`Failed to ${MODE_LABELS[mode].label.toLowerCase()}`, error) },
    );
  return (
    <Card role="region" aria-labelledby="supervisor-title" className="min-w-0">
      <CardHeader>
        <CardTitle id="supervisor-title" className="flex items-center gap-2">
          <Eye className="size-5 text-primary" aria-hidden /> Team
        </CardTitle>
        <CardDescription>
          Every rep's state and call.{" "}
          {hasSoftphone
            ? "Listen, whisper or barge in from your softphone."
            : "Listen follows a simulated call's live transcript. Whisper and barge in need Twilio connected (Settings, Phone service)."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {following ? (
          <ListenIn
            key={following.attemptId}
            attemptId={following.attemptId}
            repName={following.repName}
            followLines={followLines}
            onStop={() => setFollowing(null)}
          />
        ) : null}
        {!view.data ? (
          <p className="text-sm text-muted-foreground">
            {view.isError ? "The team could not be loaded." : "Loading..."}
          </p>
        ) : (
          <ul className="grid divide-y" aria-label="Reps">
            {view.data.agents.map(({ agent, call }) => (
              <li key={agent.id} className="grid gap-1.5 py-2" aria-label={agent.name}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium wrap-anywhere">
                    {agent.name} <span className="text-xs text-muted-foreground">ext. {agent.extension}</span>
                  </span>
                  <Badge variant={AGENT_STATUS_BADGES[agent.status]}>
                    {agent.wrapUpUntil ? "Wrap-up" : AGENT_STATUS_LABELS[agent.status]}
                  </Badge>
                </div>
                {call ? (
                  <div className="grid gap-1.5 text-sm">
                    <p className="text-muted-foreground wrap-anywhere">
                      {call.leadName} · {call.phoneNumber} · {call.campaignName}
                    </p>
                    {call.transcript.length ? (
                      <ol className="grid gap-0.5 text-xs" aria-label={`${agent.name}'s call, last lines`}>
                        {call.transcript.map((line, index) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: the last lines of an append-only transcript
                          <li key={index} className="wrap-anywhere">
                            {line}
                          </li>
                        ))}
                      </ol>
                    ) : null}
                    <div className="flex flex-wrap gap-1.5">
                      {MONITOR_MODES.map((mode) => {
                        const { label, hint, icon: Icon } = MODE_LABELS[mode];
                        // A simulated call is listened to in words, in this browser.
                        if (mode === "listen" && call.followable && !call.monitorable)
                          return (
                            <Button
                              key={mode}
                              size="sm"
                              variant="outline"
                              title="Follow the call's live transcript; nobody hears you"
                              aria-pressed={following?.attemptId === call.attemptId}
                              onClick={() => setFollowing({ attemptId: call.attemptId, repName: agent.name })}
                            >
                              <Icon aria-hidden /> {label}
                            </Button>
                          );
                        return (
                          <Button
                            key={mode}
                            size="sm"
                            variant="outline"
                            title={
                              call.monitorable ? hint : "Only a call on the Twilio softphone can be joined"
                            }
                            disabled={!call.monitorable || !hasSoftphone || monitor.isPending}
                            onClick={() => join(call.attemptId, mode)}
                          >
                            <Icon aria-hidden /> {label}
                          </Button>
                        );
                      })}
                    </div>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
