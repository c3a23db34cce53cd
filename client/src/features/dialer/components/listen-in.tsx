import { Ear, Volume2, VolumeX, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { useListen } from "../api/desktop";
import { speak, splitLine } from "./call-conversation";

/** Subscribes to the words said on calls (the console's live events); answers the unsubscribe. */
export type FollowLines = (listener: (callId: string, lines: string[]) => void) => () => void;

/**
 * A supervisor listening to a simulated call: its live transcript, read-only, new lines as they
 * are said (the live events read it again), the callee's words spoken aloud while the sound is
 * on, as on the rep's own screen.
 */
export function ListenIn({
  attemptId,
  repName,
  followLines,
  onStop,
}: {
  attemptId: string;
  repName: string;
  followLines: FollowLines;
  onStop: () => void;
}) {
  const listen = useListen(attemptId);
  const [sound, setSound] = useState(true);
  const soundRef = useRef(sound);
  soundRef.current = sound;
  const callId = listen.data?.callId ?? null;
  useEffect(() => {
    if (!callId) return;
    return followLines((id, lines) => {
      if (id !== callId || !soundRef.current) return;
      for (const line of lines) {
        const { speaker, words } = splitLine(line);
        if (speaker === "Callee") speak(words);
      }
    });
  }, [callId, followLines]);
  const end = useRef<HTMLLIElement>(null);
  const lines = listen.data?.transcript ?? [];
  useEffect(() => {
    if (lines.length) end.current?.scrollIntoView?.({ block: "nearest" });
  }, [lines.length]);
  const live = listen.data?.live ?? false;

  return (
    <section
      aria-label={`Listening to ${repName}'s call`}
      className="grid gap-2 rounded-md border border-primary/60 bg-primary/5 p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm font-semibold wrap-anywhere">
          <Ear className="size-4 text-primary" aria-hidden />
          {live ? "Listening" : "Listened"}: {repName}
          {listen.data?.leadName ? ` with ${listen.data.leadName}` : ""}
        </p>
        <div className="flex gap-1.5">
          <Button
            type="button"
            size="sm"
            variant="ghost"
            aria-pressed={sound}
            onClick={() => setSound(!sound)}
            title={sound ? "The callee's words are spoken aloud" : "The callee's words are shown only"}
          >
            {sound ? <Volume2 aria-hidden /> : <VolumeX aria-hidden />} {sound ? "Sound on" : "Sound off"}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onStop}>
            <X aria-hidden /> Stop listening
          </Button>
        </div>
      </div>
      {listen.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {(listen.error as Error).message || "This call cannot be followed."}
        </p>
      ) : (
        <ol
          aria-live="polite"
          aria-label="Listened call transcript"
          data-testid="listen-transcript"
          className="grid max-h-60 content-start gap-1 overflow-y-auto text-sm"
        >
          {lines.length === 0 ? (
            <li className="text-muted-foreground">{listen.isPending ? "Loading..." : "Nothing said yet."}</li>
          ) : (
            lines.map((line, index) => {
              const { speaker, words } = splitLine(line);
              return (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: the transcript is append-only
                  key={index}
                  ref={index === lines.length - 1 ? end : undefined}
                  data-speaker={speaker}
                  className={`rounded-md px-2 py-1 wrap-anywhere ${speaker === "Callee" ? "bg-muted" : speaker === "Rep" ? "bg-background" : "italic text-muted-foreground"}`}
                >
                  <span className="font-semibold">{speaker}: </span>
                  {words}
                </li>
              );
            })
          )}
        </ol>
      )}
      {listen.data && !live ? <p className="text-sm text-muted-foreground">The call has ended.</p> : null}
    </section>
  );
}
