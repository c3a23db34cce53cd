import type { CurrentCall, DialerAgent } from "@common/dialer";
import type { Call, Device } from "@twilio/voice-sdk";
import { Grid3x3, Mic, MicOff, Pause, Phone, PhoneForwarded, PhoneOff, Play } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { fetchSoftphoneToken, useSoftphoneControl } from "../api/desktop";
import { toastFailure } from "../labels";

type PhoneState = "starting" | "ready" | "ringing" | "in-call" | "failed";

/**
 * The browser softphone (Twilio's Voice JavaScript SDK, loaded only when the workspace has
 * Twilio connected): registers with an access token the server signs, rings when the dialer puts
 * a call through, and gives the rep answer, mute, hold, transfer (cold or warm, to a number or a
 * rep), the keypad and hang up. `onRegistered` tells the console the softphone takes calls.
 */
export function Softphone({
  call,
  agents,
  meId,
  onRegistered,
}: {
  call: CurrentCall | null;
  agents: DialerAgent[];
  meId: string;
  onRegistered: (on: boolean) => void;
}) {
  const [state, setState] = useState<PhoneState>("starting");
  const [problem, setProblem] = useState<string | null>(null);
  const [active, setActive] = useState<Call | null>(null);
  const [muted, setMuted] = useState(false);
  const [held, setHeld] = useState(false);
  const [keypad, setKeypad] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const device = useRef<Device | null>(null);
  const registered = useRef(onRegistered);
  registered.current = onRegistered;
  const control = useSoftphoneControl();

  useEffect(() => {
    let stopped = false;
    (async () => {
      try {
        const { Device } = await import("@twilio/voice-sdk");
        const { token } = await fetchSoftphoneToken();
        if (stopped) return;
        const phone = new Device(token, { closeProtection: true });
        device.current = phone;
        phone.on("incoming", (incoming: Call) => {
          setActive(incoming);
          setState("ringing");
          incoming.on("accept", () => setState("in-call"));
          for (const ended of ["disconnect", "cancel", "reject"] as const)
            incoming.on(ended, () => {
              setActive(null);
              setMuted(false);
              setState("ready");
            });
        });
        phone.on("tokenWillExpire", async () => phone.updateToken((await fetchSoftphoneToken()).token));
        phone.on("error", (error: { message?: string }) =>
          setProblem(error.message ?? "The softphone failed"),
        );
        await phone.register();
        if (stopped) return;
        setState("ready");
        registered.current(true);
      } catch (error) {
        if (stopped) return;
        setState("failed");
        setProblem((error as Error).message || "The softphone could not start");
      }
    })();
    return () => {
      stopped = true;
      device.current?.destroy();
      device.current = null;
    };
  }, []);

  const hold = (on: boolean) => {
    if (!call) return;
    control.mutate(
      { kind: "hold", attemptId: call.attemptId, hold: on },
      {
        onSuccess: (result) => setHeld(result.onHold),
        onError: (error) => toastFailure(on ? "Failed to hold the call" : "Failed to resume the call", error),
      },
    );
  };

  const label: Record<PhoneState, string> = {
    starting: "Starting...",
    ready: "Ready",
    ringing: "Ringing",
    "in-call": held ? "On hold" : "In call",
    failed: "Not connected",
  };

  return (
    <section aria-labelledby="softphone-title" className="grid gap-3 rounded-md border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="softphone-title" className="flex items-center gap-2 text-sm font-semibold">
          <Phone className="size-4" aria-hidden /> Softphone
        </h3>
        <Badge variant={state === "failed" ? "destructive" : state === "starting" ? "outline" : "success"}>
          {label[state]}
        </Badge>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {state === "ringing" ? (
          <Button onClick={() => active?.accept()}>
            <Phone aria-hidden /> Answer
          </Button>
        ) : null}
        <Button
          variant="outline"
          disabled={state !== "in-call"}
          aria-pressed={muted}
          onClick={() => {
            active?.mute(!muted);
            setMuted(!muted);
          }}
        >
          {muted ? <MicOff aria-hidden /> : <Mic aria-hidden />} {muted ? "Unmute" : "Mute"}
        </Button>
        <Button
          variant="outline"
          disabled={state !== "in-call" || !call || control.isPending}
          aria-pressed={held}
          onClick={() => hold(!held)}
        >
          {held ? <Play aria-hidden /> : <Pause aria-hidden />} {held ? "Resume" : "Hold"}
        </Button>
        <Button
          variant="outline"
          disabled={state !== "in-call" || !call}
          aria-expanded={transferring}
          onClick={() => setTransferring(!transferring)}
        >
          <PhoneForwarded aria-hidden /> Transfer
        </Button>
        <Button
          variant="outline"
          disabled={state !== "in-call"}
          aria-expanded={keypad}
          onClick={() => setKeypad(!keypad)}
        >
          <Grid3x3 aria-hidden /> Keypad
        </Button>
        <Button variant="destructive" disabled={!active} onClick={() => active?.disconnect()}>
          <PhoneOff aria-hidden /> Hang up
        </Button>
      </div>
      {keypad && active ? <Keypad onDigit={(digit) => active.sendDigits(digit)} /> : null}
      {transferring && call ? (
        <TransferForm
          attemptId={call.attemptId}
          agents={agents.filter((agent) => agent.id !== meId)}
          onDone={() => setTransferring(false)}
        />
      ) : null}
    </section>
  );
}

const KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"];

function Keypad({ onDigit }: { onDigit: (digit: string) => void }) {
  return (
    <fieldset className="grid max-w-56 grid-cols-3 gap-1.5">
      <legend className="sr-only">Keypad</legend>
      {KEYS.map((key) => (
        <Button
          key={key}
          type="button"
          variant="outline"
          onClick={() => onDigit(key)}
          aria-label={`Key ${key}`}
        >
          {key}
        </Button>
      ))}
    </fieldset>
  );
}

/** A transfer: to a number or another rep; cold (hand over now) or warm (talk to them first). */
function TransferForm({
  attemptId,
  agents,
  onDone,
}: {
  attemptId: string;
  agents: DialerAgent[];
  onDone: () => void;
}) {
  const control = useSoftphoneControl();
  const [target, setTarget] = useState("");
  const [number, setNumber] = useState("");
  const [warm, setWarm] = useState(false);
  const [warmUnderWay, setWarmUnderWay] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    control.mutate(
      {
        kind: "transfer",
        attemptId,
        body: target ? { agentId: target, warm } : { phoneNumber: number, warm },
      },
      {
        onSuccess: () => (warm ? setWarmUnderWay(true) : onDone()),
        onError: (error) => toastFailure("Failed to transfer the call", error),
      },
    );
  };
  if (warmUnderWay)
    return (
      <div className="flex flex-wrap items-center gap-2 rounded-md bg-muted/40 p-3 text-sm">
        <span>Talking with the other party; the customer is on hold.</span>
        <Button
          size="sm"
          onClick={() => control.mutate({ kind: "complete", attemptId }, { onSuccess: onDone })}
        >
          Complete transfer
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => control.mutate({ kind: "cancel", attemptId }, { onSuccess: onDone })}
        >
          Cancel
        </Button>
      </div>
    );
  return (
    <form onSubmit={submit} className="grid gap-2 rounded-md bg-muted/40 p-3" aria-label="Transfer the call">
      <NativeSelect
        aria-label="Transfer to"
        value={target}
        onChange={(event) => setTarget(event.target.value)}
      >
        <option value="">A phone number</option>
        {agents.map((agent) => (
          <option key={agent.id} value={agent.id}>
            {agent.name} (ext. {agent.extension})
          </option>
        ))}
      </NativeSelect>
      {target ? null : (
        <Input
          aria-label="Phone number"
          inputMode="tel"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          placeholder="+1 415 555 0199"
        />
      )}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={warm} onChange={(event) => setWarm(event.target.checked)} />
        Warm transfer: talk to them first while the customer waits on hold
      </label>
      <Button type="submit" disabled={control.isPending || (!target && !number.trim())}>
        <PhoneForwarded aria-hidden /> {warm ? "Call them" : "Transfer now"}
      </Button>
    </form>
  );
}
