import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  DeleteScriptResponse,
  FromTemplateRequest,
  FromTemplateResponse,
  ScriptCreate,
  ScriptIdParams,
  ScriptListResponse,
  ScriptOut,
  ScriptUpdate,
  TemplateIdParams,
  TemplateListResponse,
} from "../../../common/scripts";
import { presentScript, presentTemplate } from "./presenter";
import type { ScriptService } from "./service";

/** "AI scripts": members read scripts; admins change them (they drive every call). */
export const scriptRoutes: FastifyPluginAsyncZod<{ scripts: ScriptService }> = async (app, { scripts }) => {
  app.get(
    "/api/ai-scripts",
    { config: { role: "agent" }, schema: { response: { 200: ScriptListResponse } } },
    async (request) => (await scripts.list(request.account)).map(presentScript),
  );

  app.get(
    "/api/ai-scripts/:id",
    { config: { role: "agent" }, schema: { params: ScriptIdParams, response: { 200: ScriptOut } } },
    async (request) => presentScript(await scripts.get(request.account, request.params.id)),
  );

  app.post(
    "/api/ai-scripts",
    { config: { role: "admin" }, schema: { body: ScriptCreate, response: { 201: ScriptOut } } },
    async (request, reply) =>
      reply.code(201).send(presentScript(await scripts.create(request.account, request.body))),
  );

  app.put(
    "/api/ai-scripts/:id",
    {
      config: { role: "admin" },
      schema: { params: ScriptIdParams, body: ScriptUpdate, response: { 200: ScriptOut } },
    },
    async (request) => presentScript(await scripts.update(request.account, request.params.id, request.body)),
  );

  app.delete(
    "/api/ai-scripts/:id",
    {
      config: { role: "admin" },
      schema: { params: ScriptIdParams, response: { 200: DeleteScriptResponse } },
    },
    async (request) => {
      const row = await scripts.remove(request.account, request.params.id);
      return { deleted: true as const, id: row.id };
    },
  );

  app.get(
    "/api/script-templates",
    { config: { role: "agent" }, schema: { response: { 200: TemplateListResponse } } },
    async () =>
      (await scripts.templates()).map(({ template, usageCount }) => presentTemplate(template, usageCount)),
  );

  /** Sends no body; an optional name and default choice may come with it. */
  app.post(
    "/api/ai-scripts/from-template/:id",
    {
      config: { role: "admin" },
      schema: {
        params: TemplateIdParams,
        body: FromTemplateRequest,
        response: { 201: FromTemplateResponse },
      },
    },
    async (request, reply) => {
      const { row, testCasesAdded } = await scripts.fromTemplate(
        request.account,
        request.params.id,
        request.body,
      );
      return reply.code(201).send({ ...presentScript(row), testCasesAdded });
    },
  );
};
