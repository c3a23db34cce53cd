import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  BulkActionOut,
  BulkExportRequest,
  BulkIdParams,
  BulkRequest,
  LastBulkOut,
} from "../../../common/contacts-bulk";
import {
  SegmentCountOut,
  SegmentCreate,
  SegmentFilter,
  SegmentIdParams,
  SegmentOut,
  SegmentUpdate,
} from "../../../common/segments";
import type { Account } from "../../domain/account";
import type { ContactBulkService } from "./bulk";
import { presentBulk, presentSegment } from "./presenter";
import { csvReply } from "./routes";
import type { SegmentService } from "./segments";

export type BulkRouteDeps = { bulk: ContactBulkService; segments: SegmentService };

/**
 * Bulk work on the contacts screens' selections (tag, untag, status, do-not-call, add to a
 * dialer campaign or an email audience, export, delete; undo of the last), and saved segments.
 * Agents select and act, as they edit contacts one by one; what an admin does alone (deleting
 * or adding leads to a campaign in bulk, deleting a segment) is checked by the role.
 */
export const contactBulkRoutes: FastifyPluginAsyncZod<BulkRouteDeps> = async (app, { bulk, segments }) => {
  const agent = { role: "agent" } as const;
  const present = async (account: Account, row: Awaited<ReturnType<ContactBulkService["get"]>>) =>
    presentBulk(row, await bulk.isLatest(account, row.id));

  app.post(
    "/api/contacts/bulk",
    { config: agent, schema: { body: BulkRequest, response: { 200: BulkActionOut, 202: BulkActionOut } } },
    async (request, reply) => {
      const { row, queued } = await bulk.start(request.account, request.body.selection, request.body.action);
      return reply.code(queued ? 202 : 200).send(presentBulk(row, true));
    },
  );

  app.post(
    "/api/contacts/bulk/export",
    { config: { role: "agent", endsWithSession: true }, schema: { body: BulkExportRequest } },
    async (request, reply) => {
      const stream = await bulk.exportSelection(request.account, request.body.selection);
      return csvReply(reply, "contacts", request.account).send(stream);
    },
  );

  app.get(
    "/api/contacts/bulk/last",
    { config: agent, schema: { response: { 200: LastBulkOut } } },
    async (request) => {
      const row = await bulk.last(request.account);
      return { action: row ? presentBulk(row, true) : null };
    },
  );

  app.get(
    "/api/contacts/bulk/:bulkId",
    { config: agent, schema: { params: BulkIdParams, response: { 200: BulkActionOut } } },
    async (request) => present(request.account, await bulk.get(request.account, request.params.bulkId)),
  );

  app.post(
    "/api/contacts/bulk/:bulkId/undo",
    {
      config: agent,
      schema: { params: BulkIdParams, response: { 200: BulkActionOut, 202: BulkActionOut } },
    },
    async (request, reply) => {
      const { row, queued } = await bulk.undo(request.account, request.params.bulkId);
      return reply.code(queued ? 202 : 200).send(presentBulk(row, true));
    },
  );

  // --- Saved segments ---

  app.get(
    "/api/contacts/segments",
    { config: agent, schema: { response: { 200: z.array(SegmentOut) } } },
    async (request) => (await segments.list(request.account)).map(presentSegment),
  );

  app.post(
    "/api/contacts/segments",
    { config: agent, schema: { body: SegmentCreate, response: { 201: SegmentOut } } },
    async (request, reply) =>
      reply.code(201).send(presentSegment(await segments.create(request.account, request.body))),
  );

  app.post(
    "/api/contacts/segments/count",
    { config: agent, schema: { body: SegmentFilter, response: { 200: SegmentCountOut } } },
    async (request) => segments.countFilter(request.account, request.body),
  );

  app.get(
    "/api/contacts/segments/:segmentId",
    { config: agent, schema: { params: SegmentIdParams, response: { 200: SegmentOut } } },
    async (request) => presentSegment(await segments.get(request.account, request.params.segmentId)),
  );

  app.patch(
    "/api/contacts/segments/:segmentId",
    {
      config: agent,
      schema: { params: SegmentIdParams, body: SegmentUpdate, response: { 200: SegmentOut } },
    },
    async (request) =>
      presentSegment(await segments.update(request.account, request.params.segmentId, request.body)),
  );

  app.delete(
    "/api/contacts/segments/:segmentId",
    { config: { role: "admin" }, schema: { params: SegmentIdParams } },
    async (request, reply) => {
      await segments.remove(request.account, request.params.segmentId);
      return reply.code(204).send();
    },
  );
};
