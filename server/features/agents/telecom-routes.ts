import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  DeleteAgentResponse,
  TelecomAgentIdParams,
  TelecomAgentListResponse,
  TelecomAgentSave,
  TelecomAgentSaveResponse,
} from "../../../common/agents";
import { presentTelecomAgent } from "./presenter";
import type { TelecomAgentService } from "./telecom-service";

/** "Telecom agents" (/agent-manager): members read, admins save and delete. */
export const telecomAgentRoutes: FastifyPluginAsyncZod<{ telecomAgents: TelecomAgentService }> = async (
  app,
  { telecomAgents },
) => {
  app.get(
    "/api/agents",
    { config: { role: "agent" }, schema: { response: { 200: TelecomAgentListResponse } } },
    async (request) => (await telecomAgents.list(request.account)).map(presentTelecomAgent),
  );

  /** Insert (no id: 201) or replace by id (200); the screen only checks that the answer is ok. */
  app.post(
    "/api/agents/save",
    {
      config: { role: "admin" },
      schema: {
        body: TelecomAgentSave,
        response: { 200: TelecomAgentSaveResponse, 201: TelecomAgentSaveResponse },
      },
    },
    async (request, reply) => {
      const { row, created } = await telecomAgents.save(request.account, request.body);
      return reply
        .code(created ? 201 : 200)
        .send({ success: true as const, agent: presentTelecomAgent(row) });
    },
  );

  app.delete(
    "/api/agents/:id",
    {
      config: { role: "admin" },
      schema: { params: TelecomAgentIdParams, response: { 200: DeleteAgentResponse } },
    },
    async (request) => {
      const row = await telecomAgents.remove(request.account, request.params.id);
      return { deleted: true as const, id: row.id };
    },
  );
};
