import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { PAGE_HEADERS } from "../../../common/appointments";
import {
  ContactImportOut,
  ContactImportRequest,
  ContactImportResponse,
  ContactImportUndoResponse,
  ContactUploadQuery,
  CSV_ONLY,
  ImportIdParams,
  ImportRejectOut,
  ImportRejectsQuery,
  MAX_IMPORT_BYTES,
} from "../../../common/contacts";
import { badRequest } from "../../http/errors";
import { requireFeature } from "../../http/plan-gate";
import type { BillingService } from "../billing/service";
import type { ContactImportService, ImportAnswer } from "./import/service";

export type ContactImportRouteDeps = {
  imports: ContactImportService;
  billing: Pick<BillingService, "requireFeature">;
};

/** What a browser or a script declares a CSV file as (Windows names .csv files as Excel's). */
const CSV_TYPES = new Set([
  "text/csv",
  "text/plain",
  "application/csv",
  "text/comma-separated-values",
  "text/x-csv",
  "application/x-csv",
  "application/vnd.ms-excel",
]);
/** A browser that does not know the file's type sends one of these; the name must then end in .csv. */
const UNTYPED = new Set(["", "application/octet-stream"]);

const isCsvName = (name: string) => /\.csv$/i.test(name.trim());

/** The JSON body carries the CSV as text, escaped: a 50 MB file needs a little more room than 50 MB. */
const JSON_BODY_LIMIT = Math.ceil(MAX_IMPORT_BYTES * 1.25);
/** A raw upload is counted as it arrives (the importer refuses it past MAX_IMPORT_BYTES). */
const UPLOAD_BODY_LIMIT = MAX_IMPORT_BYTES + 1024 * 1024;

const send = (reply: FastifyReply, answer: ImportAnswer) =>
  reply.code(answer.queued ? 202 : 200).send(answer.body);

/** The upload's bytes and name: a multipart file field "file", or the body itself (text/csv). */
async function uploadedFile(
  request: FastifyRequest,
  queryName: string | undefined,
): Promise<{ body: AsyncIterable<Uint8Array>; fileName: string | undefined }> {
  if (request.isMultipart()) {
    const part = await request.file({ limits: { fileSize: MAX_IMPORT_BYTES + 1, files: 1 } });
    if (!part) throw badRequest('Send the CSV file in the multipart field "file"');
    const refuse = (message: string) => {
      part.file.resume();
      return badRequest(message);
    };
    if (part.fieldname !== "file") throw refuse('Send the CSV file in the multipart field "file"');
    const fileName = queryName ?? part.filename;
    const type = part.mimetype.split(";")[0]!.trim().toLowerCase();
    const named = Boolean(part.filename) && isCsvName(part.filename);
    if (!isCsvName(fileName ?? "") && !named) throw refuse(CSV_ONLY);
    if (!CSV_TYPES.has(type) && !UNTYPED.has(type)) throw refuse(CSV_ONLY);
    return { body: part.file, fileName };
  }
  const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (!CSV_TYPES.has(type)) throw badRequest(CSV_ONLY);
  if (queryName !== undefined && !isCsvName(queryName)) throw badRequest(CSV_ONLY);
  return { body: request.body as Readable, fileName: queryName };
}

/**
 * CSV imports of contacts: the /business-plan screen's import (JSON text,
 * behind the business plans as the spec says) and the contact manager's upload (a file: not
 * plan-gated, as /contact-manager is not; the plan's contact limit applies to both), an
 * import's result, its rejects (as JSON and as a CSV to fix and upload again) and its undo.
 */
export const contactImportRoutes: FastifyPluginAsyncZod<ContactImportRouteDeps> = async (app, deps) => {
  const { imports } = deps;

  app.post(
    "/api/contacts/import",
    {
      config: { role: "agent" },
      preHandler: requireFeature(deps.billing, "businessFeatures"),
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        body: ContactImportRequest,
        response: { 200: ContactImportResponse, 202: ContactImportResponse },
      },
    },
    async (request, reply) => {
      const { csvData, mode, fileName } = request.body;
      return send(reply, await imports.importText(request.account, csvData, { mode, fileName }));
    },
  );

  // The upload's body is read as it arrives, never parsed whole: a CSV or text body, or any
  // other declared type (JSON included), which the handler refuses with CSV_ONLY rather than a
  // parser's error. Multipart keeps its reader.
  await app.register(async (plugin) => {
    const uploads = plugin.withTypeProvider<ZodTypeProvider>();
    uploads.removeContentTypeParser(["application/json", "text/plain"]);
    uploads.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    uploads.post(
      "/api/contacts/upload",
      {
        config: { role: "agent" },
        bodyLimit: UPLOAD_BODY_LIMIT,
        schema: {
          querystring: ContactUploadQuery,
          response: { 200: ContactImportResponse, 202: ContactImportResponse },
        },
      },
      async (request, reply) => {
        const { body, fileName } = await uploadedFile(request, request.query.fileName);
        return send(
          reply,
          await imports.upload(request.account, body, { mode: request.query.mode, fileName }),
        );
      },
    );
  });

  app.get(
    "/api/contacts/imports",
    { config: { role: "agent" }, schema: { response: { 200: z.array(ContactImportOut) } } },
    async (request) => imports.list(request.account),
  );

  app.get(
    "/api/contacts/imports/:importId",
    { config: { role: "agent" }, schema: { params: ImportIdParams, response: { 200: ContactImportOut } } },
    async (request) => imports.get(request.account, request.params.importId),
  );

  app.get(
    "/api/contacts/imports/:importId/rejects",
    {
      config: { role: "agent" },
      schema: {
        params: ImportIdParams,
        querystring: ImportRejectsQuery,
        response: { 200: z.array(ImportRejectOut) },
      },
    },
    async (request, reply) => {
      const { rejects, total } = await imports.rejects(
        request.account,
        request.params.importId,
        request.query,
      );
      reply.header(PAGE_HEADERS.total, String(total));
      return rejects;
    },
  );

  app.get(
    "/api/contacts/imports/:importId/rejects.csv",
    { config: { role: "agent" }, schema: { params: ImportIdParams } },
    async (request, reply) => {
      const { fileName, stream } = await imports.rejectsFile(request.account, request.params.importId);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .send(stream);
    },
  );

  app.post(
    "/api/contacts/imports/:importId/undo",
    {
      config: { role: "agent" },
      schema: { params: ImportIdParams, response: { 200: ContactImportUndoResponse } },
    },
    async (request) => imports.undo(request.account, request.params.importId),
  );
};
