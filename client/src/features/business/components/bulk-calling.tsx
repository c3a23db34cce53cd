import {
  BULK_CALL_FAILED,
  type BulkCallResponse,
  MAX_BULK_NUMBERS,
  NO_NUMBERS,
  parseNumberList,
} from "@common/business";
import { PhoneOutgoing } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { isPlanRefusal } from "../../../components/upgrade-required";
import { serverMessage, toast } from "../../../lib/toast";
import { useBulkCall } from "../api/bulk-call";

/** Spec 2 §5 bulk call: numbers one per line, trimmed, blank lines dropped; each gets a call. */
export function BulkCalling({ onRefused }: { onRefused: (error: unknown) => void }) {
  const [numbers, setNumbers] = useState("");
  const [purpose, setPurpose] = useState("");
  const [result, setResult] = useState<BulkCallResponse | null>(null);
  const bulk = useBulkCall();
  const list = parseNumberList(numbers);

  const start = () => {
    if (list.length === 0) {
      const [title, description] = NO_NUMBERS.split(" - ");
      toast({ title: title ?? "No Numbers", description: description ?? NO_NUMBERS, variant: "destructive" });
      return;
    }
    bulk.mutate(
      { phoneNumbers: list, ...(purpose.trim() ? { callPurpose: purpose.trim() } : {}) },
      {
        onSuccess: (answer) => {
          setResult(answer);
          toast({
            title: "Bulk Calls Started",
            description: `${answer.results.successful} call${answer.results.successful === 1 ? "" : "s"} placed${answer.results.failed ? `, ${answer.results.failed} could not be placed` : ""}.`,
          });
        },
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
          <Button onClick={start} disabled={bulk.isPending}>
            {bulk.isPending ? "Calling..." : `Start Bulk Calls${list.length ? ` (${list.length})` : ""}`}
          </Button>
          <Link to="/active-calls" className="text-sm text-primary underline-offset-4 hover:underline">
            Follow calls on Active Calls
          </Link>
        </div>
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
