import { FETCH_VOICEMAILS_FAILED, VOICEMAILS_SHOWN, type Voicemail } from "@common/phone-system";
import { Voicemail as VoicemailIcon } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { formatDateTime, formatDuration } from "../../../lib/format";

function Transcription({ voicemail }: { voicemail: Voicemail }) {
  if (voicemail.transcriptionStatus === "pending")
    return <p className="text-sm text-muted-foreground italic">Transcribing…</p>;
  if (voicemail.transcriptionStatus === "failed")
    return <p className="text-sm text-muted-foreground italic">The message could not be transcribed.</p>;
  if (!voicemail.transcription.trim())
    return <p className="text-sm text-muted-foreground italic">No words were recognised.</p>;
  return <blockquote className="text-sm wrap-anywhere">“{voicemail.transcription}”</blockquote>;
}

/**
 * Recent voicemails: the first five, each with the caller, when, how long,
 * the transcription (or "Transcribing…" while the server works on it) and the recording, which
 * plays only in a session of the workspace.
 */
export function VoicemailsList({
  voicemails,
  loading,
  failed,
  timeZone,
  onPlay,
}: {
  voicemails: Voicemail[] | undefined;
  loading: boolean;
  failed: boolean;
  timeZone: string;
  /** A message played is marked heard by the server: the list reads it again. */
  onPlay: () => void;
}) {
  if (failed)
    return (
      <p role="alert" className="text-sm text-destructive">
        {FETCH_VOICEMAILS_FAILED}
      </p>
    );
  if (loading || !voicemails)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading voicemails...
      </p>
    );
  if (voicemails.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        No voicemails yet. Callers leave one after hours, or when nobody picks up.
      </p>
    );
  return (
    <ul aria-label="Recent voicemails" className="grid divide-y">
      {voicemails.slice(0, VOICEMAILS_SHOWN).map((voicemail) => (
        <li key={voicemail.id} aria-label={`Voicemail from ${voicemail.from}`} className="grid gap-2 py-3">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="flex items-center gap-2 font-medium tabular-nums wrap-anywhere">
                <VoicemailIcon className="size-4 shrink-0 text-primary" aria-hidden />
                {voicemail.from}
              </p>
              <p className="text-xs text-muted-foreground">
                {formatDateTime(voicemail.timestamp, timeZone)} · {formatDuration(voicemail.duration)} · to{" "}
                {voicemail.number}
                {voicemail.extension ? `, extension ${voicemail.extension}` : ""}
              </p>
            </div>
            {voicemail.listened ? null : <Badge variant="warning">New</Badge>}
          </div>
          <Transcription voicemail={voicemail} />
          {voicemail.audioUrl ? (
            // biome-ignore lint/a11y/useMediaCaption: a voicemail's words are its transcription, shown above.
            <audio
              controls
              preload="none"
              src={voicemail.audioUrl}
              aria-label={`Voicemail from ${voicemail.from}`}
              onPlay={voicemail.listened ? undefined : onPlay}
              className="h-10 w-full max-w-full"
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
