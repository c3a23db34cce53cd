import { TRANSCRIPTION_OFF } from "../../../common/admin";
import { Conflict } from "../../domain/errors";
import type { SpeechToText } from "../../providers/speech";
import type { PlatformConfigReader } from "./config";

/**
 * enableTranscription: the speech provider as the calls see it. While the
 * administrator has transcription off, a recorded turn is refused (409, TRANSCRIPTION_OFF:
 * the caller's words can still be typed) instead of being sent to the recogniser. A carrier's
 * own speech recognition on a live phone call is how the assistant hears at all, and stays on.
 */
export function transcriptionSwitch(
  speech: SpeechToText | null,
  reader: PlatformConfigReader,
): SpeechToText | null {
  if (!speech) return null;
  const available = async () => {
    if (!(await reader.get()).enableTranscription) throw new Conflict(TRANSCRIPTION_OFF);
  };
  return {
    name: speech.name,
    timeoutMs: speech.timeoutMs,
    describe: () => speech.describe(),
    // Asked before the recording is checked and decoded, and again before it is recognised.
    available,
    async transcribe(recording, deadline) {
      await available();
      return speech.transcribe(recording, deadline);
    },
  };
}
