import type { SpeechStatus } from "@common/speech";
import { AudioLines } from "lucide-react";

/**
 * Which recogniser the Record button uses and how good it is: the browser's own where it works,
 * otherwise the server's (GET /api/speech/status).
 */
export function SpeechNotice({ browser, status }: { browser: boolean; status: SpeechStatus | undefined }) {
  if (!browser && !status) return null;
  return (
    <p className="flex items-start gap-2 text-xs text-muted-foreground" data-testid="speech-notice">
      <AudioLines className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      <span>
        {browser
          ? `Speech recognition: your browser's own, showing the words as they are heard (your browser may send the audio to its maker's service to recognise it).${status ? ` Where it is unavailable, recordings are transcribed on the server: ${status.label}.` : ""}`
          : status?.message}
      </span>
    </p>
  );
}
