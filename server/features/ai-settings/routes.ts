import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AiSettingsOut, AiSettingsUpdate } from "../../../common/ai-settings";
import type { AiSettingsService } from "./service";

export const aiSettingsRoutes: FastifyPluginAsyncZod<{ settings: AiSettingsService }> = async (
  app,
  { settings },
) => {
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
