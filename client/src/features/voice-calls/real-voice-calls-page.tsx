import { type OutboundCallResponse, phoneNumberProblem } from "@common/telephony";
import { PhoneIncoming, PhoneOutgoing, Radio } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { formatDuration } from "../../lib/format";
import { toast, toastError } from "../../lib/toast";
import { useEndVoiceCall } from "./api/end-call";
import { useActiveVoiceCalls } from "./api/get-active-voice-calls";
import { usePlaceOutbound } from "./api/place-outbound";
import { useSimulateInbound } from "./api/simulate-inbound";

/**
 * "Real voice calls": a number, an outbound call, and the live calls refreshed every
 * 2 s (in-progress reads Live). `phoneService` is the Settings section, placed here by the app.
 */
export function RealVoiceCallsPage({ phoneService }: { phoneService?: React.ReactNode }) {
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold">Real Voice Calls</h1>
        <p className="text-sm text-muted-foreground">
          Place a call that your assistant makes for you, and follow the calls on your line as they happen.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <OutboundCard />
        <SimulatedIncomingCard />
      </div>
      <ActiveVoiceCalls />
      {phoneService}
    </div>
  );
}

function OutboundCard() {
  const place = usePlaceOutbound();
  const [phoneNumber, setPhoneNumber] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const [placed, setPlaced] = useState<OutboundCallResponse | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Make a call</CardTitle>
        <CardDescription>
          Your assistant calls the number, says why it is calling and handles the answer.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const why = phoneNumberProblem(phoneNumber);
            setProblem(why ?? undefined);
            if (why) return;
            place.mutate(
              { phoneNumber },
              {
                onSuccess: (answer) => {
                  setPlaced(answer);
                  toast({ title: "Call Started", description: answer.message });
                },
                onError: (error) => toastError("Call Failed", "Failed to start the call", error),
              },
            );
          }}
        >
          <Field
            label="Phone number"
            error={problem}
            hint="10 digits, or 11 starting with 1; + and the country code abroad"
          >
            {(p) => (
              <Input
                {...p}
                type="tel"
                inputMode="tel"
                placeholder="(555) 123-4567"
                value={phoneNumber}
                onChange={(event) => setPhoneNumber(event.target.value)}
              />
            )}
          </Field>
          <Button type="submit" disabled={place.isPending}>
            <PhoneOutgoing /> {place.isPending ? "Calling..." : "Start Call"}
          </Button>
        </form>
        {placed ? (
          <div
            role="status"
            className="rounded-md border bg-muted/40 p-3 text-sm"
            data-testid="outbound-result"
          >
            <p className="font-medium">{placed.message}</p>
            <p className="mt-1 text-muted-foreground">{placed.instructions}</p>
            <p className="mt-1 font-mono text-xs text-muted-foreground">Call SID {placed.callSid}</p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

const SAMPLE_SCRIPT = [
  "Hi, this is Sam from Bright Dental, I'm calling to confirm a few details.",
  "Could you call me back this afternoon?",
  "Thanks, bye!",
].join("\n");

/** Without a carrier to call in, the simulator rings the account's number with a caller's script. */
function SimulatedIncomingCard() {
  const simulate = useSimulateInbound();
  const [from, setFrom] = useState("+1 (212) 555-0148");
  const [script, setScript] = useState(SAMPLE_SCRIPT);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Simulate an incoming call</CardTitle>
        <CardDescription>
          The built-in carrier rings your simulator number and the caller says each line in turn.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            const lines = script
              .split("\n")
              .map((line) => line.trim())
              .filter(Boolean);
            simulate.mutate(
              { from, script: lines },
              {
                onSuccess: (answer) =>
                  toast({ title: "Ringing", description: `A simulated caller is calling ${answer.to}.` }),
                onError: (error) => toastError("Simulation Failed", "Failed to start call simulation", error),
              },
            );
          }}
        >
          <Field label="Caller number">
            {(p) => (
              <Input {...p} type="tel" value={from} onChange={(event) => setFrom(event.target.value)} />
            )}
          </Field>
          <Field label="What the caller says (one line per turn)">
            {(p) => (
              <Textarea {...p} rows={4} value={script} onChange={(event) => setScript(event.target.value)} />
            )}
          </Field>
          <Button type="submit" variant="secondary" disabled={simulate.isPending}>
            <PhoneIncoming /> {simulate.isPending ? "Ringing..." : "Ring my number"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function ActiveVoiceCalls() {
  const active = useActiveVoiceCalls();
  const end = useEndVoiceCall();
  const calls = active.data?.activeCalls ?? [];
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Active calls</CardTitle>
          <Badge variant={calls.length ? "default" : "secondary"} data-testid="voice-call-count">
            {calls.length} active
          </Badge>
        </div>
        <CardDescription>Refreshed every 2 seconds.</CardDescription>
      </CardHeader>
      <CardContent>
        {active.isLoading ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading...
          </p>
        ) : active.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the active calls.
          </p>
        ) : calls.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No active calls right now.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" aria-label="Active voice calls">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="py-2 pr-4 font-medium">Call SID</th>
                  <th className="py-2 pr-4 font-medium">Phone number</th>
                  <th className="py-2 pr-4 font-medium">Direction</th>
                  <th className="py-2 pr-4 font-medium">Duration</th>
                  <th className="py-2 pr-4 font-medium">Status</th>
                  <th className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {calls.map((call) => (
                  <tr key={call.callSid}>
                    <td className="max-w-40 truncate py-2 pr-4 font-mono text-xs" title={call.callSid}>
                      {call.callSid}
                    </td>
                    <td className="py-2 pr-4">{call.phoneNumber}</td>
                    <td className="py-2 pr-4 capitalize">{call.direction}</td>
                    <td className="py-2 pr-4 tabular-nums">{formatDuration(call.duration)}</td>
                    <td className="py-2 pr-4">
                      {call.status === "in-progress" ? (
                        <Badge variant="destructive" className="gap-1">
                          <Radio className="size-3" aria-hidden /> Live
                        </Badge>
                      ) : (
                        <Badge variant="secondary" className="capitalize">
                          {call.status.replace(/-/g, " ")}
                        </Badge>
                      )}
                    </td>
                    <td className="py-2 text-right">
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={end.isPending}
                        onClick={() =>
                          end.mutate(call.callId, {
                            onError: (error) => toastError("Error", "Failed to end the call", error),
                          })
                        }
                      >
                        Hang up
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
