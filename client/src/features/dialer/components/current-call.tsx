import { type AgentConsole, type AttemptState, type CurrentCall, ENDED_ATTEMPT_STATES } from "@common/dialer";
import { PhoneCall, PhoneIncoming } from "lucide-react";
import type * as React from "react";
import { useEffect, useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatDuration } from "../../../lib/format";
import { leadName } from "../labels";
import { DispositionForm } from "./disposition-form";
import { LeadDetails } from "./lead-details";
import { PastCalls } from "./past-calls";

const STATE_LABELS: Record<AttemptState, string> = {
  queued: "Queued",
  dialing: "Dialing",
  ringing: "Ringing",
  answered: "Answered",
  connected: "Connected",
  abandoned: "Abandoned",
  machine: "Answering machine",
  busy: "Busy",
  no_answer: "No answer",
  failed: "Failed",
  completed: "Ended",
};

const isEnded = (state: AttemptState) => (ENDED_ATTEMPT_STATES as readonly string[]).includes(state);

/**
 * The call the dialer connected to this agent (or the one they dialled): where it stands, how
 * long it has run, the lead, and the form that ends it with a disposition.
 */
export function CurrentCallPanel({
  call,
  dispositions,
  timeZone,
  talk,
}: {
  call: CurrentCall;
  dispositions: AgentConsole["dispositions"];
  timeZone: string;
  /** How the rep talks on the call: the simulator's conversation (the softphone sits beside). */
  talk?: (live: boolean) => React.ReactNode;
}) {
  const ended = isEnded(call.state) || call.endedAt !== null;
  const live = call.state === "connected" && !ended;
  return (
    <Card
      role="region"
      aria-labelledby="current-call-title"
      className={live ? "border-green-600 ring-2 ring-green-600/30" : undefined}
    >
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 gap-1.5">
            <CardTitle id="current-call-title" className="flex items-center gap-2 wrap-anywhere">
              <PhoneCall className="size-5 text-green-700" aria-hidden />
              {live ? "Connected" : ended ? "Call ended" : "Calling"}: {leadName(call.lead)}
            </CardTitle>
            <CardDescription className="wrap-anywhere">
              {call.campaignName} · attempt {call.attemptNumber}
            </CardDescription>
          </div>
          <div className="flex items-center gap-2">
            <Badge variant={live ? "success" : ended ? "outline" : "warning"} data-testid="call-state">
              {STATE_LABELS[call.state]}
            </Badge>
            <CallTimer since={call.connectedAt ?? call.answeredAt} until={call.endedAt} />
          </div>
        </div>
      </CardHeader>
      <CardContent className="grid gap-5">
        {talk?.(live)}
        <div className="grid min-w-0 gap-5 xl:grid-cols-2">
          <section
            aria-labelledby="contact-card-title"
            className="grid content-start gap-2 rounded-md border p-3"
          >
            <h3 id="contact-card-title" className="text-sm font-semibold">
              Contact
            </h3>
            <LeadDetails lead={call.lead} timeZone={timeZone} />
            <PastCalls leadId={call.lead.id} currentCallId={call.callId} timeZone={timeZone} />
          </section>
          <DispositionForm key={call.attemptId} call={call} ended={ended} dispositions={dispositions} />
        </div>
      </CardContent>
    </Card>
  );
}

/** Minutes and seconds since the call connected, ticking while it runs. */
function CallTimer({ since, until }: { since: string | null; until: string | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!since || until) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [since, until]);
  if (!since) return null;
  const end = until ? new Date(until).getTime() : now;
  return (
    <span
      role="timer"
      className="font-mono text-sm tabular-nums"
      aria-label="Call length"
      data-testid="call-timer"
    >
      {formatDuration((end - new Date(since).getTime()) / 1000)}
    </span>
  );
}

/** Shown while the agent is available and no call has come yet. */
export function WaitingForCall({ status }: { status: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
        <PhoneIncoming className="size-10 text-muted-foreground" aria-hidden />
        <p className="font-semibold">No call right now</p>
        <p className="max-w-md text-sm text-muted-foreground">
          {status === "available"
            ? "You are available: the next answered call comes here, with the lead's details."
            : "Set yourself Available to take the dialer's calls."}
        </p>
      </CardContent>
    </Card>
  );
}
