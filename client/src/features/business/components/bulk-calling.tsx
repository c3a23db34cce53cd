import { BULK_CALL_FAILED, MAX_BULK_NUMBERS, NO_NUMBERS, parseNumberList } from "@common/business";
import { PhoneOutgoing } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { Progress } from "../../../components/ui/progress";
import { isPlanRefusal } from "../../../components/upgrade-required";
import { useCancelJob } from "../../../lib/shared-api/get-job";
import { useBulkCallJob } from "../../../lib/shared-api/use-bulk-call-job";
import { serverMessage, toast } from "../../../lib/toast";
import { useBulkCall } from "../api/bulk-call";

/** What a finished bulk call refreshes: the call lists everywhere. */
const CALL_QUERIES = /^\/api\/calls/;

/**
 * Bulk call: numbers one per line, trimmed, blank lines dropped; each gets a call. The
 * server dials them in the background (a job): the card shows its progress, can cancel it, and
 * lists each number's outcome when it is done.
 */
export function BulkCalling({ onRefused }: { onRefused: (error: unknown) => void }) {
  const [numbers, setNumbers] = useState("");
  const [purpose, setPurpose] = useState("");
  const [jobId, setJobId] = useState<string | null>(null);
  const bulk = useBulkCall();
  const cancel = useCancelJob();
  const list = parseNumberList(numbers);
  const { job, result, running } = useBulkCallJob(jobId, CALL_QUERIES);

  const start = () => {
    if (list.length === 0) {
      const [title, description] = NO_NUMBERS.split(" - ");
      toast({ title: title ?? "No Numbers", description: description ?? NO_NUMBERS, variant: "destructive" });
      return;
    }
    bulk.mutate(
      { phoneNumbers: list, ...(purpose.trim() ? { callPurpose: purpose.trim() } : {}) },
      {
        onSuccess: (answer) => setJobId(answer.jobId),
        onError: (error) => {
          if (isPlanRefusal(error)) return onRefused(error);
          toast({
            title: "Bulk Call Failed",
            description: serverMessage(error) ?? BULK_CALL_FAILED,
            variant: "destructive",
          });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 font-semibold leading-none tracking-tight">
          <PhoneOutgoing className="size-5" aria-hidden />
          Bulk Calling
        </h2>
        <CardDescription>
          Your assistant calls each number, says why it is calling and handles the conversation. Up to{" "}
          {MAX_BULK_NUMBERS} numbers at a time; your plan's concurrent-call limit applies.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Field label="Phone numbers" hint="One per line.">
          {(props) => (
            <Textarea
              {...props}
              rows={5}
              className="font-mono text-xs"
              placeholder={"(555) 201-3344\n+1 555 201 3345"}
              value={numbers}
              onChange={(event) => setNumbers(event.target.value)}
            />
          )}
        </Field>
        <Field label="Call purpose" hint="What the assistant says it is calling about (optional).">
          {(props) => (
            <Input
              {...props}
              maxLength={300}
              placeholder="A reminder about your appointment tomorrow"
              value={purpose}
              onChange={(event) => setPurpose(event.target.value)}
            />
          )}
        </Field>
        <div className="flex items-center gap-3">
          <Button onClick={start} disabled={bulk.isPending || running}>
            {bulk.isPending || running
              ? "Calling..."
              : `Start Bulk Calls${list.length ? ` (${list.length})` : ""}`}
          </Button>
          {running && jobId ? (
            <Button variant="outline" onClick={() => cancel.mutate(jobId)} disabled={cancel.isPending}>
              Stop
            </Button>
          ) : null}
          <Link to="/active-calls" className="text-sm text-primary underline-offset-4 hover:underline">
            Follow calls on Active Calls
          </Link>
        </div>
        {running && job ? (
          <div className="grid gap-2" role="status" aria-live="polite">
            <Progress
              value={job.progress.total ? (job.progress.done / job.progress.total) * 100 : 0}
              aria-label="Bulk calls dialled"
            />
            <p className="text-sm text-muted-foreground">
              {job.progress.total
                ? `${job.progress.done} of ${job.progress.total} numbers dialled${job.progress.message === "Waiting for a free line" ? ": waiting for a free line" : ""}`
                : "Starting the calls..."}
            </p>
          </div>
        ) : null}
        {result ? (
          <div role="status">
            <ul className="grid gap-1 rounded-md border p-3 text-sm">
              {result.calls.map((call) => (
                <li
                  key={call.callId ?? `${call.phoneNumber}:${call.error}`}
                  className="flex justify-between gap-3"
                >
                  <span className="font-mono">{call.phoneNumber}</span>
                  <span className={call.error ? "text-destructive" : "text-green-800"}>
                    {call.error ?? "Calling"}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
