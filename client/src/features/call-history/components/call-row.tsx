import type { Call } from "@common/calls";
import { Clock, FileText, Info } from "lucide-react";
import { ClassificationBadge } from "../../../components/classification-badge";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { formatDateTime, formatDuration } from "../../../lib/format";
import { SatisfactionStars } from "./satisfaction-stars";
import { StatusBadge } from "./status-badge";

/** One call in the history list (spec 1 §2.10). */
export function CallRow({
  call,
  timeZone,
  onTranscript,
  onDetails,
}: {
  call: Call;
  timeZone: string;
  onTranscript: () => void;
  onDetails: () => void;
}) {
  const name = call.callerName || "Unknown Caller";
  return (
    <li
      className="flex flex-col gap-3 py-4 md:flex-row md:items-center md:justify-between"
      data-testid="call-row"
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold" data-testid="call-number">
            {call.phoneNumber}
          </span>
          {call.classification || call.isActive ? (
            <ClassificationBadge value={call.classification} />
          ) : (
            <Badge variant="outline" className="text-muted-foreground">
              Unclassified
            </Badge>
          )}
          <StatusBadge status={call.status} />
        </div>
        <p className="text-sm text-muted-foreground">
          <span data-testid="call-name" className="text-foreground">
            {name}
          </span>{" "}
          ·{" "}
          <time dateTime={call.startTime}>
            {formatDateTime(call.startTime, timeZone, "MMM d, yyyy h:mm a")}
          </time>
        </p>
        <p className="text-sm" data-testid="call-action">
          {call.actionTaken || "No action taken"}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-x-4 gap-y-2">
        <span className="inline-flex items-center gap-1 text-sm tabular-nums">
          <Clock className="size-4 text-muted-foreground" aria-hidden />
          <span className="sr-only">Duration</span>
          <span data-testid="call-duration">{formatDuration(call.duration)}</span>
        </span>
        <SatisfactionStars value={call.customerSatisfaction} />
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={onTranscript}>
            <FileText aria-hidden /> Transcript
            <span className="sr-only"> of the call from {call.phoneNumber}</span>
          </Button>
          <Button size="sm" variant="outline" onClick={onDetails}>
            <Info aria-hidden /> Details<span className="sr-only"> of the call from {call.phoneNumber}</span>
          </Button>
        </div>
      </div>
    </li>
  );
}
