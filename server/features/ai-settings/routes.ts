import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AiSettingsOut, AiSettingsUpdate } from "../../../common/ai-settings";
import type { AppDeps } from "../../app";
import { aiSettingsService } from "./service";

export const aiSettingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const settings = aiSettingsService(deps.database.db);

  app.get(
    "/api/ai-settings",
    { config: { role: "agent" }, schema: { response: { 200: AiSettingsOut } } },
    async (request) => settings.get(request.account),
  );

  app.post(
    "/api/ai-settings",
    { config: { role: "admin" }, schema: { body: AiSettingsUpdate, response: { 200: AiSettingsOut } } },
    async (request) => settings.update(request.account, request.body),
  );
};
