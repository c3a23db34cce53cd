import { DEMO_END_DELAY_MS, PHONE_REQUIRED, type ProcessDemoResponse } from "@common/telephony";
import { Bot, Phone, PhoneOff, Send, User, Volume2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { formatPercent } from "../../lib/format";
import { toast, toastError } from "../../lib/toast";
import { useEndDemo } from "./api/end-call";
import { useCurrentDemo } from "./api/get-current-demo";
import { useProcessDemo } from "./api/process-demo";
import { useStartDemo } from "./api/start-demo";
import { useReplyAudio } from "./components/use-reply-audio";

/** A line of the conversation; the assistant's may have its audio in the workspace's voice. */
type Turn = { id: number; speaker: "caller" | "ai"; text: string; audioUrl?: string | null };
type DemoState = "idle" | "active" | "ending" | "completed";

/**
 * A chat-like call with the assistant; it ends by the user, or 2 s after
 * end_call. A demo left without End is still live on the server: coming back picks it up (until
 * the server ends it after IDLE_CALL_MINUTES without a message).
 */
export function VoiceCallDemoPage() {
  const current = useCurrentDemo();
  const start = useStartDemo();
  const process = useProcessDemo();
  const end = useEndDemo();
  const replyAudio = useReplyAudio();
  const [phoneNumber, setPhoneNumber] = useState("");
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [callId, setCallId] = useState<string | null>(null);
  const [state, setState] = useState<DemoState>("idle");
  const [turns, setTurns] = useState<Turn[]>([]);
  const [latest, setLatest] = useState<ProcessDemoResponse | null>(null);
  const [message, setMessage] = useState("");
  const [resumed, setResumed] = useState(false);
  const nextId = useRef(0);
  const logEnd = useRef<HTMLLIElement>(null);
  /** Calls this screen saw end: an older answer about them never brings them back. */
  const ended = useRef(new Set<string>());

  // The demo call still in progress, if there is one: back on screen where it was left.
  const live = current.data?.call;
  useEffect(() => {
    if (!live || callId !== null || state !== "idle" || ended.current.has(live.callId)) return;
    nextId.current = 0;
    setCallId(live.callId);
    setPhoneNumber(live.phoneNumber);
    setTurns(live.turns.map((turn) => ({ id: nextId.current++, ...turn })));
    setLatest(live.latest);
    setResumed(true);
    setState("active");
  }, [live, callId, state]);

  const add = (speaker: Turn["speaker"], text: string, audioUrl: string | null = null) =>
    setTurns((current) => [...current, { id: nextId.current++, speaker, text, audioUrl }]);

  useEffect(() => {
    if (turns.length) logEnd.current?.scrollIntoView({ block: "nearest" });
  }, [turns.length]);

  useEffect(() => {
    if ((state === "ending" || state === "completed") && callId) ended.current.add(callId);
  }, [state, callId]);

  useEffect(() => {
    if (state !== "ending") return;
    const timer = setTimeout(() => setState("completed"), DEMO_END_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const startDemo = (event: React.FormEvent) => {
    event.preventDefault();
    if (!phoneNumber.trim()) {
      setPhoneError(PHONE_REQUIRED);
      return;
    }
    setPhoneError(undefined);
    start.mutate(phoneNumber.trim(), {
      onSuccess: (answer) => {
        nextId.current = 0;
        setResumed(false);
        setCallId(answer.callId);
        setTurns([
          { id: nextId.current++, speaker: "ai", text: answer.greeting, audioUrl: answer.greetingAudioUrl },
        ]);
        setLatest(null);
        setState("active");
        if (answer.greetingAudioUrl) replyAudio.play(answer.greetingAudioUrl);
      },
      onError: (error) => toastError("Demo Failed", "Failed to start the demo call", error),
    });
  };

  const send = (event: React.FormEvent) => {
    event.preventDefault();
    const text = message.trim();
    if (!text || !callId || state !== "active") return;
    add("caller", text);
    setMessage("");
    process.mutate(
      { callId, message: text },
      {
        onSuccess: (answer) => {
          if (answer.response) add("ai", answer.response, answer.audioUrl);
          if (answer.audioUrl) replyAudio.play(answer.audioUrl);
          setLatest(answer);
          if (answer.action === "end_call") setState("ending");
        },
        onError: (error) => {
          // The call ended meanwhile (ended elsewhere, or by the server after a long silence).
          if (error instanceof ApiError && error.status === 409) {
            setState("completed");
            toast({ title: "Call Ended", description: "This demo call has already ended." });
            return;
          }
          toastError("Processing Error", "Failed to process the message", error);
        },
      },
    );
  };

  const endDemo = () => {
    if (callId && state === "active") end.mutate(callId);
    setResumed(false);
    setState("completed");
  };

  const isLive = state === "active";
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold">Voice Call Demo</h1>
        <p className="text-sm text-muted-foreground">
          Play the caller and see how your assistant answers, what it understands and how urgent it finds it.
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <CardTitle>Conversation</CardTitle>
              <Badge
                variant={isLive ? "destructive" : state === "idle" ? "secondary" : "outline"}
                data-testid="demo-state"
              >
                {isLive
                  ? "Active"
                  : state === "ending"
                    ? "Ending..."
                    : state === "completed"
                      ? "Completed"
                      : "Not started"}
              </Badge>
            </div>
          </CardHeader>
          <CardContent className="grid gap-4">
            {resumed && isLive ? (
              <p
                role="status"
                className="rounded-md border bg-muted/30 p-3 text-sm"
                data-testid="demo-resumed"
              >
                Your demo call with {phoneNumber} is still in progress. Carry on where you left off, or press
                End to finish it.
              </p>
            ) : null}
            {current.isPending && state === "idle" ? (
              <p role="status" className="text-sm text-muted-foreground">
                Loading...
              </p>
            ) : state === "idle" || (state === "completed" && turns.length === 0) ? (
              <form
                className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
                onSubmit={startDemo}
                noValidate
              >
                <Field label="Caller's phone number" error={phoneError}>
                  {(p) => (
                    <Input
                      {...p}
                      type="tel"
                      placeholder="(555) 123-4567"
                      value={phoneNumber}
                      onChange={(event) => setPhoneNumber(event.target.value)}
                    />
                  )}
                </Field>
                <Button type="submit" disabled={start.isPending}>
                  <Phone /> {start.isPending ? "Connecting..." : "Start Demo Call"}
                </Button>
              </form>
            ) : (
              <>
                <div
                  className="max-h-[28rem] overflow-y-auto rounded-md border bg-muted/30 p-3"
                  role="log"
                  aria-live="polite"
                  aria-label="Conversation"
                >
                  <ol className="grid gap-3">
                    {turns.map((turn) => (
                      <li
                        key={turn.id}
                        className={cn(
                          "flex gap-2",
                          turn.speaker === "caller" ? "flex-row-reverse text-right" : "",
                        )}
                      >
                        <span
                          className={cn(
                            "mt-1 flex size-7 shrink-0 items-center justify-center rounded-full",
                            turn.speaker === "caller" ? "bg-primary text-primary-foreground" : "bg-secondary",
                          )}
                          aria-hidden
                        >
                          {turn.speaker === "caller" ? (
                            <User className="size-4" />
                          ) : (
                            <Bot className="size-4" />
                          )}
                        </span>
                        <div
                          className={cn(
                            "max-w-[80%] rounded-lg px-3 py-2 text-sm",
                            turn.speaker === "caller"
                              ? "bg-primary text-primary-foreground"
                              : "bg-background shadow-sm",
                          )}
                        >
                          <span className="sr-only">
                            {turn.speaker === "caller" ? "Caller: " : "Assistant: "}
                          </span>
                          {turn.text}
                        </div>
                        {turn.audioUrl ? (
                          <Button
                            type="button"
                            size="icon"
                            variant="ghost"
                            className={cn(
                              "mt-0.5 size-7 shrink-0",
                              replyAudio.playing === turn.audioUrl ? "text-primary" : "",
                            )}
                            aria-label="Play this reply"
                            onClick={() => replyAudio.play(turn.audioUrl as string)}
                          >
                            <Volume2 aria-hidden />
                          </Button>
                        ) : null}
                      </li>
                    ))}
                    {process.isPending ? (
                      <li className="text-sm text-muted-foreground" role="status">
                        The assistant is answering...
                      </li>
                    ) : null}
                    <li ref={logEnd} aria-hidden className="h-0" />
                  </ol>
                </div>
                {state === "completed" || state === "ending" ? (
                  <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm">
                    <span role="status">
                      {state === "ending"
                        ? "The assistant ended the call."
                        : "The demo call has ended. It is in your Call History."}
                    </span>
                    {state === "completed" ? (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => {
                          setTurns([]);
                          setCallId(null);
                          setLatest(null);
                          setResumed(false);
                          setState("idle");
                        }}
                      >
                        Start a new demo
                      </Button>
                    ) : null}
                  </div>
                ) : (
                  <form className="flex gap-2" onSubmit={send}>
                    <label htmlFor="demo-message" className="sr-only">
                      What the caller says
                    </label>
                    <Input
                      id="demo-message"
                      placeholder="Type what the caller would say..."
                      value={message}
                      onChange={(event) => setMessage(event.target.value)}
                      autoComplete="off"
                    />
                    <Button type="submit" disabled={!message.trim() || process.isPending}>
                      <Send /> Send
                    </Button>
                    <Button variant="destructive" onClick={endDemo}>
                      <PhoneOff /> End
                    </Button>
                  </form>
                )}
              </>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>What the assistant understood</CardTitle>
            <CardDescription>Updated after every message.</CardDescription>
          </CardHeader>
          <CardContent>
            {latest ? (
              <dl className="grid gap-3 text-sm" data-testid="demo-analysis">
                <div>
                  <dt className="text-muted-foreground">Intent</dt>
                  <dd className="font-medium capitalize">{latest.intent}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Urgency</dt>
                  <dd className="flex items-center gap-2 font-medium">
                    <span>{formatPercent(latest.urgency)}</span>
                    <span className="h-2 flex-1 overflow-hidden rounded-full bg-secondary" aria-hidden>
                      <span
                        className={cn("block h-full", latest.urgency >= 0.7 ? "bg-red-500" : "bg-primary")}
                        style={{ width: formatPercent(latest.urgency) }}
                      />
                    </span>
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Classification</dt>
                  <dd className="font-medium capitalize">{latest.classification ?? "Not yet known"}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Action</dt>
                  <dd className="font-medium">{ACTION_LABELS[latest.action]}</dd>
                </div>
              </dl>
            ) : (
              <p className="text-sm text-muted-foreground">Send a message to see the intent and urgency.</p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

const ACTION_LABELS: Record<ProcessDemoResponse["action"], string> = {
  continue: "Keep talking",
  schedule_appointment: "Appointment booked",
  transfer_call: "Put through to you",
  end_call: "End the call",
};
