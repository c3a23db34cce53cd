import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SpeechStatusOut } from "../../../common/speech";
import type { AppDeps } from "../../app";
import { describeSpeech } from "../../providers/speech/describe";

/**
 * GET /api/speech/status: which recogniser turns recorded caller speech into text on this server
 * and how well, for the screens that record (Active Calls' Record button, the voice demos).
 */
export const speechRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    "/api/speech/status",
    { config: { role: "agent" }, schema: { response: { 200: SpeechStatusOut } } },
    async () => describeSpeech(deps.speech, deps.config.speech.timeoutMs),
  );
};
