import { cn } from "../../../lib/cn";

const CALLER = new Set(["Caller", "User"]);
const ASSISTANT = new Set(["AI", "Assistant"]);

/** Transcript lines are prefixed AI:, Assistant:, Caller:, User: or System:. */
export function TranscriptLines({ transcript, className }: { transcript: string; className?: string }) {
  const lines = transcript.split("\n").filter((line) => line.trim());
  if (!lines.length) {
    return <p className="text-sm text-muted-foreground">No transcript available for this call.</p>;
  }
  return (
    <ol className={cn("grid gap-1.5 text-sm", className)} aria-label="Transcript lines">
      {lines.map((line, i) => {
        const match = /^(\w+):\s?(.*)$/.exec(line);
        const speaker = match?.[1];
        const known = speaker && (CALLER.has(speaker) || ASSISTANT.has(speaker) || speaker === "System");
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a stored transcript never reorders
            key={i}
            className={cn(
              "rounded-md px-2 py-1",
              known && CALLER.has(speaker) && "bg-muted",
              known && ASSISTANT.has(speaker) && "bg-primary/5",
              known && speaker === "System" && "text-muted-foreground italic",
            )}
          >
            {known ? (
              <>
                <span className="font-semibold">{speaker}:</span> {match?.[2]}
              </>
            ) : (
              line
            )}
          </li>
        );
      })}
    </ol>
  );
}
