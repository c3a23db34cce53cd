import "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { MAX_TURN_SECONDS, speechTimedOut } from "../../../common/speech";
import { acceptedAudioType } from "../../audio/formats";
import { type AudioRules, withCheckedAudio } from "../../audio/inspect";
import { ToolTimeout } from "../../audio/tools";
import { CannotProcess, DomainError, Invalid, TooLarge, UnsupportedFormat } from "../../domain/errors";
import { type Recording, SpeechTimeout, type SpeechToText } from "../../providers/speech/types";

export const MAX_AUDIO_BYTES = 10 * 1024 * 1024;

/** A recorded turn: checked (type, bytes, length) before the recogniser sees it. */
const TURN_RULES: AudioRules = {
  maxSeconds: MAX_TURN_SECONDS,
  noun: "recording",
  tooLongAdvice: "Record a shorter turn, or type what the caller says.",
  unreadable: "The recording could not be read. Please record again, or type what the caller says.",
};

/**
 * What the caller said in this turn: multipart with an `audio` part (typed text arrives as a
 * text/plain part, recorded speech as audio/webm or wav) or JSON { text }.
 */
export async function readCallerTurn(
  request: FastifyRequest,
  speech: SpeechToText | null,
): Promise<{ text: string; transcribed: boolean }> {
  if (!request.isMultipart()) {
    const body = request.body as { text?: unknown } | undefined;
    if (typeof body?.text !== "string")
      throw new Invalid("Send the caller's words as multipart `audio` or JSON { text }");
    return { text: body.text, transcribed: false };
  }

  for await (const part of request.parts({ limits: { fileSize: MAX_AUDIO_BYTES, files: 1, fields: 5 } })) {
    if (part.fieldname !== "audio") {
      if (part.type === "file") await part.toBuffer();
      continue;
    }
    if (part.type === "field") return { text: String(part.value), transcribed: false };
    const data = await part.toBuffer();
    if (part.file.truncated)
      throw new TooLarge(`The recording is larger than ${MAX_AUDIO_BYTES / 1024 / 1024} MB`);
    if (part.mimetype.startsWith("text/")) return { text: data.toString("utf8"), transcribed: false };
    if (data.length === 0) throw new Invalid("The recording is empty");
    const type = acceptedAudioType(part.mimetype);
    if (!type) {
      throw new UnsupportedFormat(
        "Send the recording as WebM, Ogg, WAV, MP3, MP4 or AAC audio, or the caller's words as text/plain.",
      );
    }
    if (!speech) throw new CannotProcess("Speech recognition is not configured");
    await speech.available?.();
    // One deadline for the whole turn: checking the recording, decoding and recognising it.
    const deadline = AbortSignal.timeout(speech.timeoutMs);
    const text = await withCheckedAudio(
      data,
      type,
      TURN_RULES,
      (audio) => transcribe(request, speech, { ...audio, bytes: data }, deadline),
      deadline,
    ).catch((error: unknown) => {
      if (error instanceof ToolTimeout && deadline.aborted) throw timedOut(request, speech);
      throw error;
    });
    if (!text.trim())
      throw new CannotProcess("No speech was recognised in the recording. Please try again, or type it.");
    return { text, transcribed: true };
  }
  throw new Invalid("The upload has no `audio` part");
}

function timedOut(request: FastifyRequest, speech: SpeechToText): DomainError {
  request.log.warn({ provider: speech.name, timeoutMs: speech.timeoutMs }, "speech recognition timed out");
  return new CannotProcess(speechTimedOut(speech.timeoutMs / 1000));
}

async function transcribe(
  request: FastifyRequest,
  speech: SpeechToText,
  recording: Recording,
  deadline: AbortSignal,
): Promise<string> {
  try {
    return await speech.transcribe(recording, deadline);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (error instanceof SpeechTimeout) throw timedOut(request, speech);
    request.log.warn({ err: error, provider: speech.name }, "speech recognition failed");
    throw new CannotProcess(
      "The recording could not be transcribed. Please try again, or type what the caller says.",
    );
  }
}
