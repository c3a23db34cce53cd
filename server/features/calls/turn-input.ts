import "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { badRequest, unprocessable } from "../../http/errors";
import type { SpeechToText } from "../../providers/speech/types";

export const MAX_AUDIO_BYTES = 10 * 1024 * 1024;

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
      throw badRequest("Send the caller's words as multipart `audio` or JSON { text }");
    return { text: body.text, transcribed: false };
  }

  for await (const part of request.parts({ limits: { fileSize: MAX_AUDIO_BYTES, files: 1, fields: 5 } })) {
    if (part.fieldname !== "audio") {
      if (part.type === "file") await part.toBuffer();
      continue;
    }
    if (part.type === "field") return { text: String(part.value), transcribed: false };
    const data = await part.toBuffer();
    if (part.file.truncated) throw new TooLargeAudio();
    if (part.mimetype.startsWith("text/")) return { text: data.toString("utf8"), transcribed: false };
    if (data.length === 0) throw badRequest("The recording is empty");
    if (!speech) throw unprocessable("Speech recognition is not configured");
    let text: string;
    try {
      text = await speech.transcribe(data, part.mimetype);
    } catch (error) {
      request.log.warn({ err: error, provider: speech.name }, "speech recognition failed");
      throw unprocessable(
        "The recording could not be transcribed. Please try again, or type what the caller says.",
      );
    }
    if (!text.trim())
      throw unprocessable("No speech was recognised in the recording. Please try again, or type it.");
    return { text, transcribed: true };
  }
  throw badRequest("The upload has no `audio` part");
}

class TooLargeAudio extends Error {
  readonly statusCode = 413;
  constructor() {
    super(`The recording is larger than ${MAX_AUDIO_BYTES / 1024 / 1024} MB`);
  }
}
