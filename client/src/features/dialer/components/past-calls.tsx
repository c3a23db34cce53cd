import { History, PhoneIncoming, PhoneOutgoing } from "lucide-react";
import { formatDateTime, formatDuration } from "../../../lib/format";
import { useLeadCalls } from "../api/desktop";

/**
 * The contact card's past calls with the person: when, which way, what each came to and how
 * long, newest first, read from the server (the current call left out).
 */
export function PastCalls({
  leadId,
  currentCallId,
  timeZone,
  headingLevel = 4,
}: {
  leadId: string;
  currentCallId?: string | null;
  timeZone: string;
  /** One below the heading the card sits under (the preview's card title, or the call's contact card). */
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const history = useLeadCalls(leadId);
  const calls = (history.data?.calls ?? []).filter((call) => call.callId !== currentCallId).slice(0, 5);
  return (
    <section aria-labelledby={`past-calls-${leadId}`} className="grid gap-1.5">
      <Heading id={`past-calls-${leadId}`} className="flex items-center gap-1.5 text-sm font-semibold">
        <History className="size-4" aria-hidden /> Past calls
      </Heading>
      {history.isPending ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : history.isError ? (
        <p className="text-sm text-muted-foreground">The past calls could not be loaded.</p>
      ) : calls.length === 0 ? (
        <p className="text-sm text-muted-foreground">No earlier calls with this person.</p>
      ) : (
        <ol className="grid gap-1 text-sm" aria-label="Past calls" data-testid="past-calls">
          {calls.map((call) => {
            const Icon = call.direction === "inbound" ? PhoneIncoming : PhoneOutgoing;
            return (
              <li
                key={call.callId}
                className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-2 rounded-md bg-muted/40 px-2 py-1"
              >
                <Icon className="size-3.5 text-muted-foreground" aria-hidden />
                <span className="min-w-0 wrap-anywhere">
                  <span className="sr-only">{call.direction === "inbound" ? "Inbound, " : "Outbound, "}</span>
                  <span className="text-muted-foreground">{formatDateTime(call.at, timeZone)}</span> ·{" "}
                  <span className="font-medium" data-testid="past-call-outcome">
                    {call.outcome}
                  </span>
                </span>
                <span className="font-mono text-xs tabular-nums">
                  <span className="sr-only">Length </span>
                  {formatDuration(call.duration)}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
