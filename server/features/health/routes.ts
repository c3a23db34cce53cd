import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Health } from "../../../common/http";
import type { AppDeps } from "../../app";

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const startedAt = Date.now();
  app.get(
    "/api/health",
    { config: { public: true }, schema: { response: { 200: Health, 503: Health } } },
    async (_request, reply) => {
      const databaseOk = await deps.database.ping();
      const body = {
        status: databaseOk ? ("ok" as const) : ("degraded" as const),
        version: deps.config.version,
        database: { status: databaseOk ? ("ok" as const) : ("error" as const), engine: deps.database.engine },
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
      return reply.code(databaseOk ? 200 : 503).send(body);
    },
  );
};
