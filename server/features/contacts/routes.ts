import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PAGE_HEADERS } from "../../../common/appointments";
import {
  ContactCreate,
  ContactDialRequest,
  ContactDialResponse,
  ContactIdParams,
  ContactListQuery,
  ContactOut,
  ContactStats,
  ContactUpdate,
  DoNotCallCreate,
  DoNotCallIdParams,
  DoNotCallImportRequest,
  DoNotCallImportResponse,
  DoNotCallOut,
  PhoneLogOut,
} from "../../../common/contacts";
import type { Account } from "../../domain/account";
import { datedCsvName } from "../../http/csv";
import { badRequest } from "../../http/errors";
import type { ContactDialer } from "./dial";
import type { DoNotCallService } from "./do-not-call";
import { presentContact, presentDoNotCall, presentPhoneLog } from "./presenter";
import type { SegmentService } from "./segments";
import type { ContactService } from "./service";

export type ContactRouteDeps = {
  contacts: ContactService;
  segments: SegmentService;
  doNotCall: DoNotCallService;
  dialer: ContactDialer;
};

/** Sent with X-Total-Count when the total is the planner's estimate (past the exact count's cap). */
export const ESTIMATED_HEADER = "x-total-count-estimated";

const EXPORT_FORMAT_MESSAGE = "Only CSV export is available: use format=csv";

/** The list's filters, without paging or sort: what an export is narrowed by. */
const ContactExportQuery = ContactListQuery.pick({
  search: true,
  status: true,
  source: true,
  tag: true,
  favorite: true,
  hasPhone: true,
  doNotCall: true,
  segment: true,
}).extend({
  format: z.enum(["csv"], { error: EXPORT_FORMAT_MESSAGE }).default("csv"),
});

/** PUT sends the whole form, with the contact's id: the id must be the address's. */
const ContactPut = z.intersection(
  ContactUpdate,
  z.object({ id: z.string({ error: "The contact id must be text" }).optional() }),
);

const DoNotCallListQuery = ContactListQuery.pick({ search: true, page: true, limit: true });

/** The page headers GET /api/appointments sends, and a Link to the pages either side. */
function pageHeaders(
  reply: FastifyReply,
  path: string,
  query: Record<string, unknown> & { page: number; limit: number },
  total: number,
  estimated: boolean,
) {
  const totalPages = Math.max(1, Math.ceil(total / query.limit));
  reply.header(PAGE_HEADERS.total, String(total));
  reply.header(PAGE_HEADERS.totalPages, String(totalPages));
  reply.header(PAGE_HEADERS.page, String(query.page));
  reply.header(PAGE_HEADERS.limit, String(query.limit));
  if (estimated) reply.header(ESTIMATED_HEADER, "true");
  const kept = Object.entries(query).filter(([key, value]) => value !== undefined && key !== "page");
  const link = (page: number, rel: string) =>
    `<${path}?${new URLSearchParams([...kept.map(([key, value]) => [key, String(value)]), ["page", String(page)]])}>; rel="${rel}"`;
  const links = [
    ...(query.page < totalPages ? [link(query.page + 1, "next")] : []),
    ...(query.page > 1 ? [link(Math.min(query.page - 1, totalPages), "prev")] : []),
  ];
  if (links.length) reply.header("link", links.join(", "));
}

export function csvReply(reply: FastifyReply, prefix: string, account: Account) {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header(
      "content-disposition",
      `attachment; filename="${datedCsvName(prefix, new Date(), account.timezone)}"`,
    )
    .header("cache-control", "no-store");
}

/**
 * Contacts and the lead side of them, the do-not-call list, dialling.
 * Agents work contacts (read, add, edit, delete, dial, export); changing the do-not-call list
 * needs an admin, reading it an agent.
 */
export const contactRoutes: FastifyPluginAsyncZod<ContactRouteDeps> = async (app, deps) => {
  const { contacts, doNotCall, dialer, segments } = deps;
  /** The list's filters with its segment (an id) resolved; another workspace's segment is a 404. */
  const filtersOf = async <T extends { segment?: string | undefined }>(account: Account, query: T) => {
    const { segment, ...rest } = query;
    return { ...rest, segment: segment ? await segments.scope(account.id, segment) : undefined };
  };

  app.get(
    "/api/contacts",
    {
      config: { role: "agent" },
      schema: { querystring: ContactListQuery, response: { 200: z.array(ContactOut) } },
    },
    async (request, reply) => {
      const { rows, total, estimated } = await contacts.list(
        request.account,
        await filtersOf(request.account, request.query),
      );
      pageHeaders(reply, "/api/contacts", request.query, total, estimated);
      return rows.map(presentContact);
    },
  );

  app.get(
    "/api/contacts/stats",
    { config: { role: "agent" }, schema: { response: { 200: ContactStats } } },
    async (request) => contacts.stats(request.account),
  );

  app.get(
    "/api/contacts/export",
    { config: { role: "agent", endsWithSession: true }, schema: { querystring: ContactExportQuery } },
    async (request, reply) => {
      const { format: _csv, ...query } = request.query;
      const filters = await filtersOf(request.account, query);
      return csvReply(reply, "contacts", request.account).send(
        contacts.exportContacts(request.account, filters),
      );
    },
  );

  app.get(
    "/api/leads/export",
    { config: { role: "agent", endsWithSession: true }, schema: { querystring: ContactExportQuery } },
    async (request, reply) => {
      const { format: _csv, ...query } = request.query;
      const filters = await filtersOf(request.account, query);
      return csvReply(reply, "leads", request.account).send(contacts.exportLeads(request.account, filters));
    },
  );

  app.post(
    "/api/contacts",
    { config: { role: "agent" }, schema: { body: ContactCreate, response: { 201: ContactOut } } },
    async (request, reply) =>
      reply.code(201).send(presentContact(await contacts.create(request.account, request.body))),
  );

  app.get(
    "/api/contacts/:id",
    { config: { role: "agent" }, schema: { params: ContactIdParams, response: { 200: ContactOut } } },
    async (request) => presentContact(await contacts.get(request.account, request.params.id)),
  );

  app.patch(
    "/api/contacts/:id",
    {
      config: { role: "agent" },
      schema: { params: ContactIdParams, body: ContactUpdate, response: { 200: ContactOut } },
    },
    async (request) =>
      presentContact(await contacts.update(request.account, request.params.id, request.body)),
  );

  app.put(
    "/api/contacts/:id",
    {
      config: { role: "agent" },
      schema: { params: ContactIdParams, body: ContactPut, response: { 200: ContactOut } },
    },
    async (request) => {
      const { id, ...change } = request.body;
      if (id !== undefined && id !== request.params.id)
        throw badRequest("The id in the body must be the id of the contact in the address", [
          { path: "id", message: "The id in the body must be the id of the contact in the address" },
        ]);
      return presentContact(await contacts.update(request.account, request.params.id, change));
    },
  );

  app.delete(
    "/api/contacts/:id",
    { config: { role: "agent" }, schema: { params: ContactIdParams } },
    async (request, reply) => {
      await contacts.remove(request.account, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    "/api/contacts/:id/dial",
    {
      config: { role: "agent" },
      // The lead manager sends agentId and purpose; with no body both take their defaults.
      schema: {
        params: ContactIdParams,
        body: z.preprocess((body) => body ?? {}, ContactDialRequest),
        response: { 200: ContactDialResponse },
      },
    },
    async (request) => dialer.dial(request.account, request.params.id, request.body),
  );

  app.get(
    "/api/contacts/:id/phone-logs",
    {
      config: { role: "agent" },
      schema: { params: ContactIdParams, response: { 200: z.array(PhoneLogOut) } },
    },
    async (request) => (await contacts.phoneLogs(request.account, request.params.id)).map(presentPhoneLog),
  );

  // --- The do-not-call list ---

  app.get(
    "/api/do-not-call",
    {
      config: { role: "agent" },
      schema: { querystring: DoNotCallListQuery, response: { 200: z.array(DoNotCallOut) } },
    },
    async (request, reply) => {
      const { rows, total } = await doNotCall.list(request.account, request.query);
      pageHeaders(reply, "/api/do-not-call", request.query, total, false);
      return rows.map(presentDoNotCall);
    },
  );

  app.post(
    "/api/do-not-call",
    {
      config: { role: "admin" },
      schema: { body: DoNotCallCreate, response: { 200: DoNotCallOut, 201: DoNotCallOut } },
    },
    async (request, reply) => {
      const { row, created } = await doNotCall.add(request.account, request.body.phoneNumber);
      return reply.code(created ? 201 : 200).send(presentDoNotCall(row));
    },
  );

  app.post(
    "/api/do-not-call/import",
    {
      config: { role: "admin" },
      schema: { body: DoNotCallImportRequest, response: { 200: DoNotCallImportResponse } },
    },
    async (request) => doNotCall.importCsv(request.account, request.body.csvData),
  );

  app.get(
    "/api/do-not-call/export",
    { config: { role: "agent", endsWithSession: true } },
    async (request, reply) =>
      csvReply(reply, "do-not-call", request.account).send(doNotCall.export(request.account)),
  );

  app.delete(
    "/api/do-not-call/:id",
    { config: { role: "admin" }, schema: { params: DoNotCallIdParams } },
    async (request, reply) => {
      await doNotCall.remove(request.account, request.params.id);
      return reply.code(204).send();
    },
  );
};
