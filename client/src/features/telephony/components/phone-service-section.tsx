import { type TelephonyState, TwilioConnectRequest, type TwilioTestResult } from "@common/telephony";
import { CheckCircle2, PhoneCall, PlugZap, TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import { RoleNote } from "../../../components/forms/role-note";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { useWorkspace } from "../../../lib/auth/use-workspace";
import { cn } from "../../../lib/cn";
import { toast, toastError } from "../../../lib/toast";
import { useChooseTwilioNumber } from "../api/choose-number";
import { useConnectTwilio } from "../api/connect-twilio";
import { useDisconnectTwilio } from "../api/disconnect-twilio";
import { useTelephonyState } from "../api/get-telephony-state";
import { useTestTwilio } from "../api/test-twilio";

/**
 * Settings → Phone service: enter, test and remove the Twilio connection and choose its number.
 * Self-contained (its own queries), so it can sit on /settings and on /real-voice-calls alike.
 */
export function PhoneServiceSection({ className }: { className?: string }) {
  const titleId = useId();
  const state = useTelephonyState();
  // Connecting, testing and removing Twilio are an admin's (the server refuses an agent).
  const manage = useWorkspace().can("admin");
  const [replacing, setReplacing] = useState(false);
  const data = state.data;

  return (
    <Card className={className} aria-labelledby={titleId} role="region">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={titleId}>Phone service</CardTitle>
          {data ? (
            <Badge
              variant={data.provider === "twilio" ? "success" : "secondary"}
              data-testid="phone-provider"
            >
              {data.provider === "twilio" ? "Twilio connected" : "Built-in simulator"}
            </Badge>
          ) : null}
        </div>
        <CardDescription>
          Connect your Twilio account so real callers reach your assistant and it can place calls. Without it,
          every call runs on the built-in carrier simulator.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {state.isLoading ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading your phone service...
          </p>
        ) : state.isError || !data ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load your phone service. Please reload the page.
          </p>
        ) : (
          <>
            {data.twilio && !replacing ? (
              <ConnectedTwilio state={data} manage={manage} onReplace={() => setReplacing(true)} />
            ) : !manage ? (
              <RoleNote least="admin">
                Only a workspace admin or owner can connect Twilio. Until then, calls run on the built-in
                simulator.
              </RoleNote>
            ) : (
              <TwilioForm
                replacing={Boolean(data.twilio)}
                onDone={() => setReplacing(false)}
                initialNumber={data.twilio?.phoneNumber ?? ""}
              />
            )}
            <CallCapacity state={data} />
            <WebhookHelp state={data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function TwilioForm({
  replacing,
  onDone,
  initialNumber,
}: {
  replacing: boolean;
  onDone: () => void;
  initialNumber: string;
}) {
  const connect = useConnectTwilio();
  const [values, setValues] = useState({ accountSid: "", authToken: "", phoneNumber: initialNumber });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  return (
    <form
      className="grid gap-3"
      aria-label="Connect Twilio"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = TwilioConnectRequest.safeParse(values);
        if (!parsed.success) {
          const next: Record<string, string> = {};
          for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
          setErrors(next);
          return;
        }
        setErrors({});
        connect.mutate(parsed.data, {
          onSuccess: () => {
            toast({ title: "Twilio connected", description: "Test the connection to check your number." });
            setValues((current) => ({ ...current, authToken: "" }));
            onDone();
          },
          onError: (error) => toastError("Connection Failed", "Failed to connect Twilio", error),
        });
      }}
    >
      <p className="text-sm text-muted-foreground">
        Find your Account SID and Auth Token on the Twilio console's dashboard. The token is stored encrypted
        and never shown again.
      </p>
      <div className="grid gap-3 md:grid-cols-3">
        <Field label="Account SID" error={errors.accountSid}>
          {(p) => (
            <Input
              {...p}
              value={values.accountSid}
              onChange={set("accountSid")}
              placeholder="AC..."
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </Field>
        <Field label="Auth Token" error={errors.authToken}>
          {(p) => (
            <Input
              {...p}
              type="password"
              value={values.authToken}
              onChange={set("authToken")}
              autoComplete="new-password"
              spellCheck={false}
            />
          )}
        </Field>
        <Field label="Twilio phone number" error={errors.phoneNumber}>
          {(p) => (
            <Input
              {...p}
              type="tel"
              value={values.phoneNumber}
              onChange={set("phoneNumber")}
              placeholder="+14155550123"
            />
          )}
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={connect.isPending}>
          <PlugZap />{" "}
          {connect.isPending ? "Connecting..." : replacing ? "Save credentials" : "Connect Twilio"}
        </Button>
        {replacing ? (
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function ConnectedTwilio({
  state,
  manage,
  onReplace,
}: {
  state: TelephonyState;
  manage: boolean;
  onReplace: () => void;
}) {
  const twilio = state.twilio;
  const test = useTestTwilio();
  const choose = useChooseTwilioNumber();
  const disconnect = useDisconnectTwilio();
  const [result, setResult] = useState<TwilioTestResult | null>(null);
  const [chosen, setChosen] = useState("");
  const [confirming, setConfirming] = useState(false);
  if (!twilio) return null;
  const choices = result?.numbers ?? [];

  return (
    <div className="grid gap-4">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Detail label="Account SID" value={twilio.accountSid} mono />
        <Detail label="Auth Token" value={twilio.authTokenHint} mono />
        <Detail label="Phone number" value={twilio.phoneNumber ?? "None chosen"} />
        <Detail
          label="Status"
          value={
            twilio.status === "connected"
              ? twilio.lastCheckedAt
                ? "Connected and tested"
                : "Connected (not tested yet)"
              : "Twilio refused the last test"
          }
        />
      </dl>
      {manage ? null : (
        <RoleNote least="admin">
          Only a workspace admin or owner can test, replace or remove the connection.
        </RoleNote>
      )}
      <div className={cn("flex flex-wrap gap-2", !manage && "hidden")}>
        <Button
          variant="secondary"
          disabled={test.isPending}
          onClick={() =>
            test.mutate(undefined, {
              onSuccess: (answer) => {
                setResult(answer);
                setChosen(
                  answer.numbers.find((n) => n.phoneNumber !== twilio.phoneNumber)?.phoneNumber ?? "",
                );
              },
              onError: (error) => toastError("Test Failed", "Failed to test the Twilio connection", error),
            })
          }
        >
          <CheckCircle2 /> {test.isPending ? "Testing..." : "Test connection"}
        </Button>
        <Button variant="outline" onClick={onReplace}>
          Replace credentials
        </Button>
        <Button variant="outline" className="text-destructive" onClick={() => setConfirming(true)}>
          Remove
        </Button>
      </div>

      {result ? (
        <div
          role="status"
          className={cn(
            "flex items-start gap-2 rounded-md border p-3 text-sm",
            result.ok
              ? "border-green-200 bg-green-50 text-green-900"
              : "border-amber-200 bg-amber-50 text-amber-950",
          )}
        >
          {result.ok ? (
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
          ) : (
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          )}
          <span>{result.message}</span>
        </div>
      ) : null}

      {choices.length > 0 ? (
        <form
          className="flex flex-wrap items-end gap-2"
          aria-label="Choose the number"
          onSubmit={(event) => {
            event.preventDefault();
            if (!chosen) return;
            choose.mutate(chosen, {
              onSuccess: () => toast({ title: "Number saved", description: `Calls now use ${chosen}.` }),
              onError: (error) => toastError("Number Not Saved", "Failed to choose the number", error),
            });
          }}
        >
          <Field label="Number your assistant answers and calls from" className="min-w-64">
            {(p) => (
              <NativeSelect {...p} value={chosen} onChange={(event) => setChosen(event.target.value)}>
                <option value="">Choose a number</option>
                {choices.map((number) => (
                  <option key={number.phoneNumber} value={number.phoneNumber}>
                    {number.phoneNumber}
                    {number.friendlyName ? ` (${number.friendlyName})` : ""}
                    {number.phoneNumber === twilio.phoneNumber ? " (in use)" : ""}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Button type="submit" disabled={!chosen || chosen === twilio.phoneNumber || choose.isPending}>
            Use this number
          </Button>
        </form>
      ) : null}

      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Remove the Twilio connection?</DialogTitle>
            <DialogDescription>
              Your credentials are deleted. Calls to {twilio.phoneNumber ?? "your Twilio number"} stop
              reaching your assistant, and new calls run on the built-in simulator.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
            <Button
              variant="destructive"
              disabled={disconnect.isPending}
              onClick={() =>
                disconnect.mutate(undefined, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast({
                      title: "Twilio removed",
                      description: "Calls now run on the built-in simulator.",
                    });
                  },
                  onError: (error) =>
                    toastError("Not Removed", "Failed to remove the Twilio connection", error),
                })
              }
            >
              Remove connection
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function Detail({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn("truncate font-medium", mono && "font-mono text-xs leading-5")} title={value}>
        {value}
      </dd>
    </div>
  );
}

function CallCapacity({ state }: { state: TelephonyState }) {
  const { limit, active, planName } = state.concurrentCalls;
  return (
    <div className="grid gap-1 text-sm">
      <p>
        <PhoneCall className="mr-1 inline size-4 align-text-bottom text-muted-foreground" aria-hidden />
        Your {planName} plan takes{" "}
        <strong>{limit === -1 ? "unlimited calls" : `${limit} call${limit === 1 ? "" : "s"}`}</strong> at the
        same time ({active} live now).
      </p>
      <p className="text-muted-foreground">
        Simulator number: <span className="font-medium text-foreground">{state.simulatorNumber}</span>.{" "}
        {state.cellphoneNumber
          ? `Transfers and urgent calls are put through to ${state.cellphoneNumber}.`
          : "Add your cellphone number to your profile so urgent calls and transfers can reach you."}
      </p>
    </div>
  );
}

function WebhookHelp({ state }: { state: TelephonyState }) {
  return (
    <details className="rounded-md border p-3 text-sm">
      <summary className="cursor-pointer font-medium">Point your Twilio number at this app</summary>
      <div className="mt-2 grid gap-2 text-muted-foreground">
        {state.webhooks.publicUrlConfigured ? null : (
          <p className="text-amber-900">
            This server does not know its public address yet: set PUBLIC_URL (for example
            https://calls.example.com) so Twilio can reach it and sign its requests for that address.
          </p>
        )}
        <p>In the Twilio console, open your number's Voice configuration and set:</p>
        <ul className="list-disc pl-5">
          <li>
            A call comes in: Webhook, HTTP POST,{" "}
            <code className="break-all text-foreground">{state.webhooks.voiceUrl}</code>
          </li>
          <li>
            Call status changes:{" "}
            <code className="break-all text-foreground">{state.webhooks.statusCallbackUrl}</code>
          </li>
        </ul>
        <p>Every request is checked against your Auth Token's signature; anything unsigned is refused.</p>
      </div>
    </details>
  );
}
