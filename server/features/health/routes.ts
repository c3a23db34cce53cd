import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Health, SystemStatus } from "../../../common/http";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { presentHealth } from "./presenter";
import type { HealthService } from "./service";

export type HealthRouteDeps = {
  health: HealthService;
  database: Pick<Database, "ping" | "engine">;
  config: Pick<Config, "version">;
};

export const healthRoutes: FastifyPluginAsyncZod<HealthRouteDeps> = async (app, deps) => {
  const startedAt = Date.now();
  const { health } = deps;

  // Public, for load balancers and uptime checks: says only whether the server and its database answer.
  app.get(
    "/api/health",
    { config: { public: true }, schema: { response: { 200: Health, 503: Health } } },
    async (_request, reply) => {
      const databaseOk = await deps.database.ping();
      const body = presentHealth({
        databaseOk,
        version: deps.config.version,
        engine: deps.database.engine,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      });
      return reply.code(databaseOk ? 200 : 503).send(body);
    },
  );

  // Signed in: which AI, recogniser, phone service and payments this server runs, for the
  // dashboard's System Status. Kept off the public route: it is no business of a stranger.
  app.get(
    "/api/health/details",
    { config: { role: "agent" }, schema: { response: { 200: SystemStatus } } },
    async (request) => health.systemStatus(request.account),
  );
};
