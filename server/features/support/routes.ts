import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  MySupportQuery,
  SupportQueueQuery,
  SupportReplyBody,
  SupportRequest,
  SupportRequestBody,
  SupportRequestCreated,
  SupportRequestIdParams,
  SupportRequestList,
} from "../../../common/support";
import { presentSupportRequest } from "./presenter";
import type { SupportService } from "./service";

/** The platform administrator's routes: users.role = admin, whatever the workspace role. */
const PLATFORM_ADMIN = { role: "agent", platformAdmin: true } as const;

/**
 * Help: any member writes to support and reads their own requests; the platform administrator
 * lists every workspace's (priority first) and replies.
 */
export const supportRoutes: FastifyPluginAsyncZod<{ support: SupportService }> = async (app, { support }) => {
  app.post(
    "/api/support/requests",
    {
      config: { role: "agent" },
      schema: { body: SupportRequestBody, response: { 201: SupportRequestCreated } },
    },
    async (request, reply) => {
      const { row, message } = await support.send(request.account, request.body);
      return reply.code(201).send({ request: presentSupportRequest(row), message });
    },
  );

  app.get(
    "/api/support/requests",
    {
      config: { role: "agent" },
      schema: { querystring: MySupportQuery, response: { 200: SupportRequestList } },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await support.listMine(request.account, page, limit);
      return { requests: rows.map(presentSupportRequest), total, page, limit };
    },
  );

  app.get(
    "/api/admin/support-requests",
    {
      config: PLATFORM_ADMIN,
      schema: { querystring: SupportQueueQuery, response: { 200: SupportRequestList } },
    },
    async (request) => {
      const { page, limit, status } = request.query;
      const { rows, total } = await support.queue(status, page, limit);
      return { requests: rows.map(presentSupportRequest), total, page, limit };
    },
  );

  app.post(
    "/api/admin/support-requests/:id/reply",
    {
      config: PLATFORM_ADMIN,
      schema: { params: SupportRequestIdParams, body: SupportReplyBody, response: { 200: SupportRequest } },
    },
    async (request) =>
      presentSupportRequest(
        await support.reply({ user: request.user, ip: request.ip }, request.params.id, request.body.message),
      ),
  );
};
