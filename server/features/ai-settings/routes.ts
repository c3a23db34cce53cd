import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AiSettingsOut, AiSettingsUpdate } from "../../../common/ai-settings";
import type { AppDeps } from "../../app";
import { aiSettingsService } from "./service";

export const aiSettingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const settings = aiSettingsService(deps.database.db);

  app.get("/api/ai-settings", { schema: { response: { 200: AiSettingsOut } } }, async (request) =>
    settings.get(request.user),
  );

  app.post(
    "/api/ai-settings",
    { schema: { body: AiSettingsUpdate, response: { 200: AiSettingsOut } } },
    async (request) => settings.update(request.user, request.body),
  );
};
