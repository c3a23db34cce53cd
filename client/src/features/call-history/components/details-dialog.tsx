import type { Call, TurnAnalysisOut } from "@common/calls";
import { Copy, Download, Trash2 } from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { ClassificationBadge } from "../../../components/classification-badge";
import { OutcomeBadge } from "../../../components/outcome-badge";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { saveFile } from "../../../lib/download";
import { formatDateTime, formatDuration, formatPercent } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { SimulatedBadge, TestCallBadge } from "./call-row";
import { SatisfactionStars } from "./satisfaction-stars";
import { StatusBadge } from "./status-badge";
import { TranscriptLines } from "./transcript";

const FULL_DATE = "MMM d, yyyy h:mm:ss a";
/** A call back's or an appointment's time: the day said as people say it. */
const SLOT_DATE = "EEE, MMM d, yyyy h:mm a";

/** A call's details in three tabs, and a way to delete the call. */
export function DetailsDialog({
  call,
  timeZone,
  onClose,
  onDelete,
}: {
  call: Call | null;
  timeZone: string;
  onClose: () => void;
  /** Asks to delete this call (the page confirms first). */
  /** Null for a member who may not delete calls: the button is left out. */
  onDelete: ((call: Call) => void) | null;
}) {
  return (
    <Dialog open={call !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        {call ? (
          <>
            <DialogHeader>
              <DialogTitle>Call Details</DialogTitle>
              <DialogDescription>
                {call.callerName || "Unknown Caller"} · {call.phoneNumber}
              </DialogDescription>
            </DialogHeader>
            <Tabs defaultValue="details">
              <TabsList className="w-full">
                <TabsTrigger value="details">Call Details</TabsTrigger>
                <TabsTrigger value="transcript">Full Transcript</TabsTrigger>
                <TabsTrigger value="analysis">AI Analysis</TabsTrigger>
              </TabsList>
              <TabsContent value="details">
                <CallFacts call={call} timeZone={timeZone} />
              </TabsContent>
              <TabsContent value="transcript">
                <FullTranscript call={call} timeZone={timeZone} />
              </TabsContent>
              <TabsContent value="analysis">
                <AiAnalysis call={call} />
              </TabsContent>
            </Tabs>
            {onDelete ? (
              <div className="flex flex-wrap items-center justify-end gap-3 border-t pt-4">
                {call.isActive ? (
                  <p className="text-sm text-muted-foreground">
                    This call is in progress: end it before deleting it.
                  </p>
                ) : null}
                <Button
                  variant="destructive"
                  size="sm"
                  disabled={call.isActive}
                  onClick={() => onDelete(call)}
                >
                  <Trash2 aria-hidden /> Delete call
                </Button>
              </div>
            ) : null}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function Facts({ children }: { children: React.ReactNode }) {
  return <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">{children}</dl>;
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

function CallFacts({ call, timeZone }: { call: Call; timeZone: string }) {
  return (
    <Facts>
      <Fact term="Phone number">{call.phoneNumber}</Fact>
      <Fact term="Caller name">{call.callerName || "Unknown Caller"}</Fact>
      <Fact term="Direction">
        <span className="capitalize">{call.direction}</span>
      </Fact>
      <Fact term="Classification">
        <ClassificationBadge value={call.classification} />
      </Fact>
      <Fact term="Status">
        <span className="flex flex-wrap gap-2">
          <StatusBadge status={call.status} />
          <TestCallBadge call={call} />
          <SimulatedBadge call={call} />
        </span>
      </Fact>
      <Fact term="Outcome">
        {call.disposition ? (
          <OutcomeBadge value={call.disposition} />
        ) : (
          <span className="text-muted-foreground">{call.isActive ? "Not settled yet" : "None"}</span>
        )}
      </Fact>
      {call.callbackAt ? (
        <Fact term="Call back">{formatDateTime(call.callbackAt, timeZone, SLOT_DATE)}</Fact>
      ) : null}
      {call.bookedAppointment ? (
        <Fact term="Appointment">
          {formatDateTime(call.bookedAppointment.startTime, timeZone, SLOT_DATE)} to{" "}
          {formatDateTime(call.bookedAppointment.endTime, timeZone, "h:mm a")}
        </Fact>
      ) : null}
      <Fact term="Started">{formatDateTime(call.startTime, timeZone, FULL_DATE)}</Fact>
      <Fact term="Ended">
        {call.endTime ? formatDateTime(call.endTime, timeZone, FULL_DATE) : "Still in progress"}
      </Fact>
      <Fact term="Duration">{formatDuration(call.duration)}</Fact>
      <Fact term="Action taken">{call.actionTaken || "None"}</Fact>
      <Fact term="Summary">{call.summary || "No summary yet."}</Fact>
      <Fact term="Follow-up">{call.followUpRequired ? "Required" : "Not required"}</Fact>
      <Fact term="Sentiment">
        <span className="capitalize">{call.sentiment ?? "Unknown"}</span>
      </Fact>
      <Fact term="Importance">{call.importance} out of 5</Fact>
      <Fact term="Satisfaction">
        <SatisfactionStars value={call.customerSatisfaction} />
      </Fact>
      <Fact term="Notes">{call.notes || "No notes."}</Fact>
    </Facts>
  );
}

/** "transcript-12025550143-2026-11-22.txt": the number's digits and the call's date. */
export function transcriptFilename(call: Call, timeZone: string): string {
  const digits = call.phoneNumber.replace(/\D/g, "") || "unknown";
  return `transcript-${digits}-${formatDateTime(call.startTime, timeZone, "yyyy-MM-dd")}.txt`;
}

function FullTranscript({ call, timeZone }: { call: Call; timeZone: string }) {
  const empty = !call.transcript.trim();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(call.transcript);
      toast({ title: "Copied", description: "Transcript copied to clipboard" });
    } catch {
      toast({
        title: "Copy Failed",
        description: "The browser did not allow copying to the clipboard",
        variant: "destructive",
      });
    }
  };
  const download = () =>
    saveFile(
      new Blob([`${call.transcript.trimEnd()}\n`], { type: "text/plain;charset=utf-8" }),
      transcriptFilename(call, timeZone),
    );
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" size="sm" onClick={copy} disabled={empty}>
          <Copy aria-hidden /> Copy
        </Button>
        <Button variant="outline" size="sm" onClick={download} disabled={empty}>
          <Download aria-hidden /> Download
        </Button>
      </div>
      <div className="max-h-[50dvh] overflow-y-auto rounded-md border p-3">
        <TranscriptLines transcript={call.transcript} />
      </div>
    </div>
  );
}

/** The call's stored figures: the call-level confidence and the last turn's analysis. */
function AiAnalysis({ call }: { call: Call }) {
  const analysis = call.analysis;
  const outcome = call.classification === "spam" ? "Blocked" : "Successful";
  const headingId = useId();
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <Figure label="Call classification">
          <ClassificationBadge value={call.classification} />
        </Figure>
        <Figure label="Call confidence">
          {call.confidence === null ? "Not available" : formatPercent(call.confidence)}
        </Figure>
        <Figure label="Call outcome">
          <Badge variant={outcome === "Blocked" ? "destructive" : "success"}>{outcome}</Badge>
        </Figure>
      </div>
      <section aria-labelledby={headingId} className="rounded-md border p-3">
        <h3 id={headingId} className="mb-2 text-sm font-semibold">
          Last turn analysis
        </h3>
        {analysis ? (
          <TurnFacts analysis={analysis} />
        ) : (
          <p className="text-sm text-muted-foreground">
            No AI analysis for this call: the assistant never heard the caller speak (for example, the call
            ended before the caller said anything).
          </p>
        )}
      </section>
    </div>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-md border p-3">
      <p className="text-xs text-muted-foreground">{label}</p>
      <div className="mt-1 text-lg font-semibold">{children}</div>
    </div>
  );
}

function TurnFacts({ analysis }: { analysis: TurnAnalysisOut }) {
  return (
    <Facts>
      <Fact term="Classification">
        <ClassificationBadge value={analysis.classification} />
      </Fact>
      <Fact term="Confidence">{formatPercent(analysis.confidence)}</Fact>
      <Fact term="Intent">{analysis.intent}</Fact>
      <Fact term="Urgency">{formatPercent(analysis.urgency)}</Fact>
      <Fact term="Sentiment">
        <span className="capitalize">{analysis.sentiment}</span>
      </Fact>
      <Fact term="Importance">{analysis.importance} out of 5</Fact>
      <Fact term="Signals">
        {analysis.signals.length ? (
          <ul className="flex flex-wrap gap-1" aria-label="Signals">
            {analysis.signals.map((signal) => (
              <li key={signal}>
                <Badge variant="outline" className="font-normal whitespace-normal">
                  {signal}
                </Badge>
              </li>
            ))}
          </ul>
        ) : (
          "None"
        )}
      </Fact>
      {analysis.source ? (
        <Fact term="Analysed by">{analysis.source === "llm" ? "Language model" : "Local AI"}</Fact>
      ) : null}
    </Facts>
  );
}
