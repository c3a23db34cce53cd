import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CONFIG_UPDATED, SystemConfigResponse, SystemConfigUpdate } from "../../../common/admin";
import type { PlatformConfigService } from "./config";

/** Platform administrators only (see routes.ts): the route walk proves every /api/admin route. */
const ADMIN = { role: "agent", platformAdmin: true } as const;

/**
 * The platform's configuration (GET and POST /api/admin/config with the changed
 * fields). Saved in the database, audited, and read by every running server.
 */
export const adminConfigRoutes: FastifyPluginAsyncZod<{ platformConfig: PlatformConfigService }> = async (
  app,
  { platformConfig },
) => {
  app.get(
    "/api/admin/config",
    { config: ADMIN, schema: { response: { 200: SystemConfigResponse } } },
    async () => ({
      config: await platformConfig.current(),
    }),
  );

  app.post(
    "/api/admin/config",
    { config: ADMIN, schema: { body: SystemConfigUpdate, response: { 200: SystemConfigResponse } } },
    async (request) => {
      const { config, changes } = await platformConfig.update(
        { user: request.user, ip: request.ip },
        request.body,
      );
      const changed = Object.keys(changes).length;
      return { config, message: changed ? CONFIG_UPDATED : "Nothing changed" };
    },
  );
};
