import type { Call } from "@common/calls";
import { Clock, FileText, FlaskConical, Info } from "lucide-react";
import { ClassificationBadge } from "../../../components/classification-badge";
import { OutcomeBadge } from "../../../components/outcome-badge";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { formatDateTime, formatDuration } from "../../../lib/format";
import { SatisfactionStars } from "./satisfaction-stars";
import { StatusBadge } from "./status-badge";

/** Which test screen made a test call. */
const TEST_SOURCES: Record<string, string> = {
  system_test: "System test",
  demo: "Voice demo",
};

/** "Test call · System test": marks a call that no figure counts. */
export function TestCallBadge({ call }: { call: Pick<Call, "isTest" | "callType"> }) {
  if (!call.isTest) return null;
  const source = TEST_SOURCES[call.callType];
  return (
    <Badge variant="outline" className="border-dashed" data-testid="test-call-badge">
      Test call{source ? ` · ${source}` : ""}
    </Badge>
  );
}

/**
 * "Simulated": the built-in carrier simulator carried the call (no Twilio connected), so nobody
 * real was on the line. It counts in the figures like any call; a test call says so instead.
 */
export function SimulatedBadge({ call }: { call: Pick<Call, "isTest" | "simulated"> }) {
  if (!call.simulated || call.isTest) return null;
  return (
    <Badge
      variant="outline"
      className="gap-1 border-sky-300 text-sky-800 dark:border-sky-700 dark:text-sky-200"
      title="The built-in carrier simulator played the phone network and the person on the line"
      data-testid="simulated-call-badge"
    >
      <FlaskConical className="size-3" aria-hidden /> Simulated
    </Badge>
  );
}

/** One call in the history list, with a box to choose it for deleting. */
export function CallRow({
  call,
  timeZone,
  selected,
  onSelect,
  onTranscript,
  onDetails,
}: {
  call: Call;
  timeZone: string;
  selected: boolean;
  /** Null for a member who may not delete calls: no checkbox is offered. */
  onSelect: ((selected: boolean) => void) | null;
  onTranscript: () => void;
  onDetails: () => void;
}) {
  const name = call.callerName || "Unknown Caller";
  const checkboxId = `select-${call.id}`;
  return (
    <li
      className="flex flex-col gap-3 py-4 md:flex-row md:items-center md:justify-between"
      data-testid="call-row"
    >
      <div className="flex min-w-0 gap-3">
        {onSelect ? (
          <Checkbox
            id={checkboxId}
            className="mt-1"
            checked={selected}
            // A live call cannot be deleted: it is not offered.
            disabled={call.isActive}
            onCheckedChange={(checked) => onSelect(checked === true)}
            aria-label={`Choose the call from ${call.phoneNumber}${call.isActive ? " (in progress, cannot be deleted)" : ""}`}
          />
        ) : null}
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
            {call.disposition ? (
              <span className="inline-flex">
                <span className="sr-only">Outcome: </span>
                <OutcomeBadge value={call.disposition} />
              </span>
            ) : null}
            <TestCallBadge call={call} />
            <SimulatedBadge call={call} />
          </div>
          <p className="text-sm text-muted-foreground wrap-anywhere">
            <span data-testid="call-name" className="text-foreground">
              {name}
            </span>{" "}
            ·{" "}
            <time dateTime={call.startTime}>
              {formatDateTime(call.startTime, timeZone, "MMM d, yyyy h:mm a")}
            </time>
          </p>
          <p className="text-sm wrap-anywhere" data-testid="call-action">
            {call.actionTaken || "No action taken"}
          </p>
        </div>
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
