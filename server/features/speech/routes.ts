import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SpeechStatusOut } from "../../../common/speech";
import type { Config } from "../../config";
import type { SpeechToText } from "../../providers/speech";
import { describeSpeech } from "../../providers/speech/describe";

/**
 * GET /api/speech/status: which recogniser turns recorded caller speech into text on this server
 * and how well, for the screens that record (Active Calls' Record button, the voice demos).
 */
export const speechRoutes: FastifyPluginAsyncZod<{ speech: SpeechToText | null; config: Config }> = async (
  app,
  deps,
) => {
  app.get(
    "/api/speech/status",
    { config: { role: "agent" }, schema: { response: { 200: SpeechStatusOut } } },
    async () => describeSpeech(deps.speech, deps.config.speech.timeoutMs),
  );
};
