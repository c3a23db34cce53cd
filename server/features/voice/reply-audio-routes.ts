import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { safeString } from "../../../common/text";
import { REPLY_AUDIO_PATH } from "./reply-audio";
import type { VoiceService } from "./service";

const ReplyAudioQuery = z.object({
  token: safeString("The audio link's token")
    .min(1, "The audio link has no token")
    .max(8000, "That audio link is not valid"),
});

/**
 * The assistant's spoken replies, fetched by the carrier (Twilio's <Play>, the simulator) and the
 * browser demos. Public: neither the carrier nor an <audio> element has a session; the signed,
 * short-lived token names the one reply it opens, and nothing here lists anything.
 */
export const replyAudioRoutes: FastifyPluginAsyncZod<{ voice: Pick<VoiceService, "replyAudio"> }> = async (
  app,
  deps,
) => {
  app.get(
    REPLY_AUDIO_PATH,
    { config: { public: true }, schema: { querystring: ReplyAudioQuery } },
    async (request, reply) => {
      const speech = await deps.voice.replyAudio(request.query.token);
      return reply
        .header("content-type", speech.mimeType)
        .header("content-length", speech.audio.length)
        .header("cache-control", "private, max-age=300")
        .send(speech.audio);
    },
  );
};
