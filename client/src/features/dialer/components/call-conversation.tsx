import type { AgentConsole, CurrentCall } from "@common/dialer";
import { MessageSquareText, Send, Volume2, VolumeX } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { useSay } from "../api/desktop";
import { toastFailure } from "../labels";

const SPEAKERS: Record<string, { label: string; className: string }> = {
  Callee: { label: "Callee", className: "bg-muted" },
  Rep: { label: "You", className: "bg-primary/10 sm:ml-8" },
  System: { label: "System", className: "italic text-muted-foreground" },
};

/** "Callee: Hello?" as its speaker and words. */
export function splitLine(line: string): { speaker: string; words: string } {
  const at = line.indexOf(": ");
  return at > 0
    ? { speaker: line.slice(0, at), words: line.slice(at + 2) }
    : { speaker: "System", words: line };
}

/** Says the callee's words aloud in the browser's own voice (when the rep has the sound on). */
export function speak(words: string): void {
  if (typeof window === "undefined" || !("speechSynthesis" in window)) return;
  const utterance = new SpeechSynthesisUtterance(words);
  utterance.rate = 1.05;
  window.speechSynthesis.speak(utterance);
}

/**
 * A call on the built-in carrier simulator, in words: both sides' live transcript, the
 * campaign's script with the step the rep is on (Say sends it to the callee), and a line of the
 * rep's own. The callee's lines are spoken aloud while the sound is on.
 */
export function CallConversation({
  call,
  transcript,
  script,
  live,
  sound,
  onSound,
  inWords = true,
}: {
  /** False on the softphone: the rep talks into their headset; the script's steps are ticked off. */
  inWords?: boolean;
  call: CurrentCall;
  transcript: string[];
  script: AgentConsole["script"];
  live: boolean;
  sound: boolean;
  onSound: (on: boolean) => void;
}) {
  const say = useSay();
  const [own, setOwn] = useState("");
  const saidSteps = script ? script.steps.filter((step) => transcript.includes(`Rep: ${step}`)).length : 0;
  const [step, setStep] = useState(saidSteps);
  useEffect(() => setStep((current) => Math.max(current, saidSteps)), [saidSteps]);
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (transcript.length) end.current?.scrollIntoView?.({ block: "nearest" });
  }, [transcript.length]);

  const send = (text: string, index?: number) => {
    if (!inWords) {
      if (index !== undefined) setStep(index + 1);
      return;
    }
    if (!text.trim() || say.isPending) return;
    say.mutate(
      { attemptId: call.attemptId, text: text.trim(), ...(index === undefined ? {} : { step: index }) },
      {
        onSuccess: () => {
          if (index !== undefined) setStep(index + 1);
          else setOwn("");
        },
        onError: (error) => toastFailure("The callee could not hear you", error),
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(own);
  };

  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2">
      <section
        aria-labelledby="transcript-title"
        className="grid min-w-0 content-start gap-2 rounded-md border p-3"
      >
        <div className="flex items-center justify-between gap-2">
          <h3 id="transcript-title" className="flex items-center gap-2 text-sm font-semibold">
            <MessageSquareText className="size-4" aria-hidden /> Live transcript
          </h3>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-pressed={sound}
            onClick={() => onSound(!sound)}
            title={sound ? "The callee's words are spoken aloud" : "The callee's words are shown only"}
          >
            {sound ? <Volume2 aria-hidden /> : <VolumeX aria-hidden />} {sound ? "Sound on" : "Sound off"}
          </Button>
        </div>
        <ol
          aria-live="polite"
          aria-label="Transcript"
          data-testid="transcript"
          className="grid max-h-72 min-h-24 content-start gap-1.5 overflow-y-auto text-sm"
        >
          {transcript.length === 0 ? (
            <li className="text-muted-foreground">
              {live ? "Waiting for the callee to speak..." : "Nothing said."}
            </li>
          ) : (
            transcript.map((line, index) => {
              const { speaker, words } = splitLine(line);
              const shown = SPEAKERS[speaker] ?? { label: speaker, className: "" };
              return (
                <li
                  // Lines only ever append: the position is the line's identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the transcript is append-only
                  key={index}
                  ref={index === transcript.length - 1 ? end : undefined}
                  className={`rounded-md px-2.5 py-1.5 wrap-anywhere ${shown.className}`}
                  data-speaker={speaker}
                >
                  <span className="font-semibold">{shown.label}: </span>
                  {words}
                </li>
              );
            })
          )}
        </ol>
        <form onSubmit={submit} className="flex gap-2" aria-label="Say something">
          <Input
            value={own}
            onChange={(event) => setOwn(event.target.value)}
            placeholder="Say something else..."
            aria-label="Your words"
            disabled={!live}
            maxLength={1000}
          />
          <Button type="submit" disabled={!live || !own.trim() || say.isPending}>
            <Send aria-hidden /> Say
          </Button>
        </form>
      </section>

      <section
        aria-labelledby="script-title"
        className="grid min-w-0 content-start gap-2 rounded-md border p-3"
      >
        <h3 id="script-title" className="text-sm font-semibold">
          Script{script ? `: ${script.name}` : ""}
        </h3>
        {script?.steps.length ? (
          <ol className="grid gap-1.5 text-sm" aria-label="Script steps">
            {script.steps.map((text, index) => {
              const current = index === step;
              return (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: a script's steps are fixed for the call
                  key={index}
                  aria-current={current ? "step" : undefined}
                  className={`grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2 rounded-md border px-2.5 py-1.5 ${
                    current ? "border-primary bg-primary/5" : index < step ? "text-muted-foreground" : ""
                  }`}
                >
                  <span className="wrap-anywhere">
                    <span className="mr-1 font-mono text-xs">{index + 1}.</span>
                    {text}
                  </span>
                  <Button
                    type="button"
                    size="sm"
                    variant={current ? "default" : "outline"}
                    disabled={!live || say.isPending}
                    onClick={() => send(text, index)}
                    aria-label={inWords ? `Say step ${index + 1}` : `Step ${index + 1} done`}
                  >
                    {inWords ? "Say" : "Done"}
                  </Button>
                </li>
              );
            })}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">
            This campaign has no script. An admin can choose one in the campaign's settings.
          </p>
        )}
      </section>
    </div>
  );
}
