import type { Call, TurnAnalysisOut } from "@common/calls";
import { CALLER_TEXT_MAX } from "@common/calls";
import {
  Mic,
  MicOff,
  Music,
  Pause,
  PhoneIncoming,
  PhoneOff,
  Play,
  Send,
  Square,
  UserCheck,
  Volume2,
  VolumeX,
} from "lucide-react";
import { useEffect, useState } from "react";
import { ClassificationBadge } from "../../../components/classification-badge";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { formatDuration, formatPercent } from "../../../lib/format";
import { playHoldMusic } from "../../../lib/hold-music";
import { toast, toastError } from "../../../lib/toast";
import { useEndCall } from "../api/end-call";
import { useSpeechStatus } from "../api/get-speech-status";
import { useHoldCall } from "../api/hold-call";
import { useProcessAudio } from "../api/process-audio";
import { useTransferCall } from "../api/transfer-call";
import { SpeechNotice } from "./speech-notice";
import { type Heard, useRecorder, usesBrowserRecognition } from "./use-recorder";

const MICROPHONE_ERROR = {
  title: "Recording Error",
  description: "Could not start recording. Please check microphone permissions.",
  variant: "destructive",
} as const;

/** The live call simulation for one call. */
export function LiveCall({ call, onEnded }: { call: Call | null; onEnded: () => void }) {
  const [text, setText] = useState("");
  const recorder = useRecorder({
    onAutoStop: (heard) => void send(heard),
    onFallback: (recording) =>
      recording
        ? toast({
            title: "Recording for the Server",
            description:
              "Your browser's speech recognition is not available here, so this turn is recorded and transcribed on the server.",
          })
        : toast(MICROPHONE_ERROR),
  });
  const speechStatus = useSpeechStatus();
  const processAudio = useProcessAudio(call?.id);
  const endCall = useEndCall();
  const hold = useHoldCall();
  const transfer = useTransferCall();
  const elapsed = useElapsed(call);
  const transferred = Boolean(call?.transferredAt);
  const ended = Boolean(call && !call.isActive);

  useEffect(() => {
    if (!call?.isOnHold || ended) return;
    return playHoldMusic();
  }, [call?.isOnHold, ended]);

  if (!call) {
    return (
      <div className="flex flex-col items-center gap-2 py-10 text-center">
        <PhoneIncoming className="size-10 text-muted-foreground" aria-hidden />
        <p className="font-semibold">No Active Call</p>
        <p className="text-sm text-muted-foreground">
          Start a call simulation from the Quick Actions panel to begin testing.
        </p>
      </div>
    );
  }

  const submit = (audio: Blob, filename: string) =>
    processAudio.mutateAsync(
      { audio, filename },
      {
        onSuccess: (result) =>
          toast({
            title: "Audio Processed",
            description: `Call classified as: ${result.analysis.classification}`,
          }),
        onError: (error) => toastError("Processing Error", "Failed to process audio", error),
      },
    );

  const sendText = () => {
    const line = text.trim();
    if (!line || ended) return;
    setText("");
    void submit(new Blob([line], { type: "text/plain" }), "text.txt").catch(() => setText(line));
  };

  /** A finished turn: the browser's transcript goes as typed text; a recording goes for the server to recognise. */
  async function send(heard: Heard) {
    if (heard.kind === "audio") {
      await submit(heard.blob, "recording.wav").catch(() => {});
      return;
    }
    const words = heard.text.trim().slice(0, CALLER_TEXT_MAX);
    if (!words) {
      toast({
        title: "Nothing Heard",
        description: "No speech was recognised. Please try again, or type what the caller says.",
        variant: "destructive",
      });
      return;
    }
    await submit(new Blob([words], { type: "text/plain" }), "speech.txt").catch(() => {});
  }

  const toggleRecording = async () => {
    if (recorder.recording) {
      let heard: Heard;
      try {
        heard = await recorder.stop();
      } catch {
        toast({ title: "Recording Error", description: "Failed to stop recording", variant: "destructive" });
        return;
      }
      await send(heard);
      return;
    }
    if (ended) {
      toast({
        title: "No Active Call",
        description: "Please start a call simulation first",
        variant: "destructive",
      });
      return;
    }
    try {
      await recorder.start();
      toast({ title: "Recording Started", description: "Speak now to test the AI assistant" });
    } catch {
      toast(MICROPHONE_ERROR);
    }
  };

  const end = async () => {
    if (recorder.recording) await recorder.stop().catch(() => undefined);
    if (ended) {
      onEnded();
      return;
    }
    endCall.mutate(
      { callId: call.id, duration: elapsed },
      {
        onSuccess: () => onEnded(),
        onError: (error) => toastError("Error", "Failed to end the call", error),
      },
    );
  };

  const toggleHold = () =>
    hold.mutate(
      { callId: call.id, isOnHold: !call.isOnHold },
      {
        onSuccess: (updated) =>
          toast(
            updated.isOnHold
              ? { title: "Call On Hold", description: "Caller is now on hold with music" }
              : { title: "Call Resumed", description: "You are back with the caller" },
          ),
        onError: (error) => toastError("Error", "Failed to change hold", error),
      },
    );

  const takeOver = () =>
    transfer.mutate(call.id, {
      onSuccess: () =>
        toast({
          title: "Call Transferred",
          description: "Call has been transferred to you. You can now speak directly with the caller.",
        }),
      onError: (error) => toastError("Error", "Failed to transfer the call", error),
    });

  const lines = call.transcript.split("\n").filter(Boolean);
  const analysis = call.analysis;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-lg font-semibold wrap-anywhere" data-testid="live-number">
            {call.callerName ? `${call.callerName} · ` : ""}
            {call.phoneNumber}
          </p>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            {ended ? (
              <span>Call Ended</span>
            ) : (
              <>
                <span className="inline-block size-2 animate-pulse rounded-full bg-red-500" aria-hidden />
                <span>Live Call</span>
                <span data-testid="call-timer" className="font-mono">
                  {formatDuration(elapsed)}
                </span>
              </>
            )}
          </p>
        </div>
        <StatusBadge call={call} />
      </div>

      {call.isOnHold && !ended ? (
        <div
          role="status"
          className="flex items-center gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
        >
          <Music className="size-4" aria-hidden /> Caller is on hold, hold music is playing.
        </div>
      ) : null}
      {transferred ? (
        <div
          role="status"
          className="flex items-center gap-2 rounded-md bg-green-50 p-3 text-sm text-green-900"
        >
          <UserCheck className="size-4" aria-hidden />
          {call?.transferredTo
            ? `Call put through to ${call.transferredTo}. The AI assistant has handed off.`
            : "Call transferred to you. The AI assistant has handed off."}
        </div>
      ) : null}

      <div className="flex flex-wrap gap-2" role="toolbar" aria-label="Call controls">
        <Button variant="destructive" onClick={end} disabled={endCall.isPending}>
          <PhoneOff /> {ended ? "Close" : "End Call"}
        </Button>
        <Button
          variant="outline"
          onClick={toggleRecording}
          disabled={(ended && !recorder.recording) || processAudio.isPending}
        >
          {recorder.recording ? <Square /> : <Mic />}
          {recorder.recording ? `Stop Recording (${formatDuration(recorder.seconds)})` : "Record"}
        </Button>
        <Button variant="outline" onClick={recorder.toggleMute} disabled={ended || transferred}>
          {recorder.muted ? <VolumeX /> : <Volume2 />}
          {recorder.muted ? "Unmute" : "Mute"}
        </Button>
        <Button variant="outline" onClick={toggleHold} disabled={ended || transferred || hold.isPending}>
          {call.isOnHold ? <Play /> : <Pause />}
          {call.isOnHold ? "Resume" : "Hold"}
        </Button>
        <Button variant="secondary" onClick={takeOver} disabled={ended || transferred || transfer.isPending}>
          <UserCheck /> Transfer to Me
        </Button>
      </div>
      {recorder.mode === "browser" ? (
        <p
          role="status"
          aria-live="polite"
          className="rounded-md border border-dashed p-2 text-sm break-words"
          data-testid="heard-so-far"
        >
          <span className="text-muted-foreground">Hearing: </span>
          {recorder.interim || "listening..."}
        </p>
      ) : null}
      <SpeechNotice browser={usesBrowserRecognition()} status={speechStatus.data} />

      <form
        className="flex min-w-0 gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          sendText();
        }}
      >
        <Input
          aria-label="What the caller says"
          placeholder="Type what the caller would say..."
          value={text}
          maxLength={CALLER_TEXT_MAX}
          disabled={ended}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" disabled={ended || processAudio.isPending || !text.trim()}>
          <Send /> {processAudio.isPending ? "Sending..." : "Send"}
        </Button>
      </form>

      <div className="grid gap-4 md:grid-cols-2">
        <section aria-label="Transcript" className="rounded-md border bg-background p-3">
          <h3 className="mb-2 text-sm font-semibold">Transcript</h3>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable). */}
          <section aria-label="What was said, scrollable" tabIndex={0} className="max-h-72 overflow-y-auto">
            <ol className="grid gap-1.5 text-sm" aria-live="polite">
              {lines.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the transcript only ever grows at the end
                <TranscriptLine key={i} line={line} />
              ))}
            </ol>
          </section>
        </section>
        <section aria-label="AI response" className="rounded-md border bg-background p-3">
          <h3 className="mb-2 text-sm font-semibold">AI Response</h3>
          {transferred ? (
            <p className="text-sm text-muted-foreground">
              {call.transferredTo
                ? `The AI has put the caller through to ${call.transferredTo}.`
                : "The AI has handed the call to you."}
            </p>
          ) : (
            <p className="text-sm wrap-anywhere" data-testid="ai-response">
              {call.aiResponse ?? "..."}
            </p>
          )}
          {analysis ? <AnalysisSummary analysis={analysis} actionTaken={call.actionTaken} /> : null}
        </section>
      </div>
      {processAudio.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <MicOff className="size-4 animate-pulse" aria-hidden /> The assistant is listening...
        </p>
      ) : null}
    </div>
  );
}

function StatusBadge({ call }: { call: Call }) {
  if (call.transferredAt) return <Badge variant="success">transferred</Badge>;
  if (call.isOnHold) return <Badge variant="warning">on hold</Badge>;
  return <ClassificationBadge value={call.classification} />;
}

function TranscriptLine({ line }: { line: string }) {
  const [speaker, ...rest] = line.split(": ");
  const body = rest.join(": ");
  const style =
    speaker === "Caller" || speaker === "User"
      ? "text-foreground"
      : speaker === "System"
        ? "text-muted-foreground italic"
        : "text-primary";
  return (
    <li className={cn(style, "wrap-anywhere")}>
      <span className="font-semibold">{speaker}:</span> {body}
    </li>
  );
}

export function AnalysisSummary({
  analysis,
  actionTaken,
}: {
  analysis: TurnAnalysisOut;
  actionTaken: string;
}) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 border-t pt-3 text-xs wrap-anywhere">
      <dt className="text-muted-foreground">Classification</dt>
      <dd>
        <span className="capitalize">{analysis.classification}</span> ({formatPercent(analysis.confidence)}{" "}
        confidence)
      </dd>
      <dt className="text-muted-foreground">Intent</dt>
      <dd>{analysis.intent}</dd>
      <dt className="text-muted-foreground">Urgency</dt>
      <dd>{formatPercent(analysis.urgency)}</dd>
      <dt className="text-muted-foreground">Sentiment</dt>
      <dd className="capitalize">{analysis.sentiment}</dd>
      <dt className="text-muted-foreground">Action</dt>
      <dd data-testid="action-taken">{actionTaken || "Listening"}</dd>
      {analysis.signals.length ? (
        <>
          <dt className="text-muted-foreground">Signals</dt>
          <dd>{analysis.signals.join(", ")}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** Seconds since the call started, ticking while it is live. */
function useElapsed(call: Call | null): number {
  const [now, setNow] = useState(() => Date.now());
  const live = Boolean(call?.isActive);
  useEffect(() => {
    if (!live) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [live]);
  if (!call) return 0;
  if (!call.isActive) return call.duration;
  return Math.max(0, Math.floor((now - new Date(call.startTime).getTime()) / 1000));
}
