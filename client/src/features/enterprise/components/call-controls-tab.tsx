import { BULK_CALL_FAILED, MAX_BULK_NUMBERS, NO_NUMBERS, parseNumberList } from "@common/business";
import { NO_CALL_PURPOSE } from "@common/enterprise";
import { listNames, plansWith } from "@common/plans";
import { PhoneOutgoing } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { Progress } from "../../../components/ui/progress";
import { isPlanRefusal, UpgradeRequired } from "../../../components/upgrade-required";
import { useCancelJob } from "../../../lib/shared-api/get-job";
import { useSubscription } from "../../../lib/shared-api/get-subscription";
import { useBulkCallJob } from "../../../lib/shared-api/use-bulk-call-job";
import { serverMessage, toast } from "../../../lib/toast";
import { useEnterpriseBulkCall } from "../api/bulk-call";

/** The plans with bulk calling, by name: "Pro, Premium and Business". */
const INCLUDED_IN = listNames(
  plansWith("businessFeatures").map((plan) => plan.name),
  "and",
);

/** What a finished bulk call refreshes: the call lists, the live calls and the figures. */
const CALL_AND_ENTERPRISE_QUERIES = /^\/api\/(calls|enterprise)/;

/**
 * Call Controls: a bulk call with a call purpose (POST /api/enterprise/bulk-call).
 * The calls.bulk job dials each number in the background, within the plan's concurrent calls;
 * the card follows its progress and shows results.successful when it is done.
 */
export function CallControlsTab() {
  const [numbers, setNumbers] = useState("");
  const [purpose, setPurpose] = useState("");
  const [purposeError, setPurposeError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<unknown>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const access = useSubscription().data;
  const bulk = useEnterpriseBulkCall();
  const cancel = useCancelJob();
  const list = parseNumberList(numbers);
  const { job, result, running } = useBulkCallJob(jobId, CALL_AND_ENTERPRISE_QUERIES);

  const start = () => {
    if (list.length === 0) {
      const [title, description] = NO_NUMBERS.split(" - ");
      toast({ title: title ?? "No Numbers", description: description ?? NO_NUMBERS, variant: "destructive" });
      return;
    }
    if (!purpose.trim()) {
      setPurposeError(NO_CALL_PURPOSE);
      return;
    }
    bulk.mutate(
      { phoneNumbers: list, callPurpose: purpose.trim() },
      {
        onSuccess: (answer) => setJobId(answer.jobId),
        onError: (error) => {
          if (isPlanRefusal(error)) return setRefusal(error);
          toast({
            title: "Bulk Call Failed",
            description: serverMessage(error) ?? BULK_CALL_FAILED,
            variant: "destructive",
          });
        },
      },
    );
  };

  // Said before anything is typed when the plan lacks it; the server's refusal (402) says it too.
  if (refusal || (access && !access.access.businessFeatures))
    return (
      <UpgradeRequired
        title="Bulk calling needs another plan"
        description={`Bulk calling is part of the ${INCLUDED_IN} plans.${access ? ` You are on the ${access.subscription.planName} plan.` : ""}`}
        error={refusal ?? undefined}
        paymentsUnavailable={access?.checkout.unavailable}
      />
    );

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 font-semibold">
          <PhoneOutgoing className="size-5" aria-hidden /> Bulk Call
        </h2>
        <CardDescription>
          The assistant calls each number and says why it is calling. Up to {MAX_BULK_NUMBERS} numbers at a
          time; your plan's concurrent calls apply, and numbers on your do-not-call list are skipped.
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
        <Field
          label="Call purpose"
          error={purposeError}
          hint="What the assistant says it is calling about, e.g. a reminder about tomorrow's installation."
        >
          {(props) => (
            <Input
              {...props}
              maxLength={300}
              value={purpose}
              onChange={(event) => {
                setPurpose(event.target.value);
                setPurposeError(undefined);
              }}
            />
          )}
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={start} disabled={bulk.isPending || running}>
            {bulk.isPending || running
              ? "Calling..."
              : `Start Bulk Call${list.length ? ` (${list.length})` : ""}`}
          </Button>
          {running && jobId ? (
            <Button variant="outline" onClick={() => cancel.mutate(jobId)} disabled={cancel.isPending}>
              Stop
            </Button>
          ) : null}
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
          <div role="status" className="grid gap-2">
            <p className="text-sm font-medium" data-testid="bulk-successful">
              {result.results.successful} successful, {result.results.failed} failed
            </p>
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
