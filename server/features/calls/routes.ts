import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CallExportQuery,
  CallerText,
  CallIdParams,
  CallListQuery,
  CallListResponse,
  CallOut,
  ContactCallsQuery,
  ContactCallsResponse,
  DeleteCallsRequest,
  DeleteCallsResponse,
  DeleteTestCallsResponse,
  HoldRequest,
  PatchCallRequest,
  ProcessAudioResponse,
  SimulateCallRequest,
  Stats,
} from "../../../common/calls";
import { ContactIdParams } from "../../../common/contacts";
import { badRequest } from "../../http/errors";
import type { SpeechToText } from "../../providers/speech";
import { exportFileName } from "./export";
import { presentCall, presentCallList, presentContactCalls, presentTurn } from "./presenter";
import type { CallService } from "./service";
import { readCallerTurn } from "./turn-input";

export type CallRouteDeps = { calls: CallService; speech: SpeechToText | null };

export const callRoutes: FastifyPluginAsyncZod<CallRouteDeps> = async (app, deps) => {
  const { calls, speech } = deps;

  app.post(
    "/api/calls/simulate",
    { config: { role: "agent" }, schema: { body: SimulateCallRequest, response: { 201: CallOut } } },
    async (request, reply) =>
      reply.code(201).send(presentCall(await calls.simulate(request.account, request.body))),
  );

  app.get(
    "/api/active-call",
    { config: { role: "agent" }, schema: { response: { 200: CallOut.nullable() } } },
    async (request) => {
      const row = await calls.activeCall(request.account);
      return row ? presentCall(row) : null;
    },
  );

  app.get(
    "/api/calls",
    {
      config: { role: "agent" },
      schema: { querystring: CallListQuery, response: { 200: CallListResponse } },
    },
    async (request) => {
      return presentCallList(await calls.list(request.account, request.query));
    },
  );

  app.get(
    "/api/calls/export",
    { config: { role: "admin", endsWithSession: true }, schema: { querystring: CallExportQuery } },
    async (request, reply) => {
      const { format: _csv, ...filters } = request.query;
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="${exportFileName(new Date(), request.account.timezone)}"`,
        )
        .header("cache-control", "no-store");
      return reply.send(calls.exportCsv(request.account, filters));
    },
  );

  app.get(
    "/api/calls/:id",
    { config: { role: "agent" }, schema: { params: CallIdParams, response: { 200: CallOut } } },
    async (request) => presentCall(await calls.get(request.account, request.params.id)),
  );

  // Multipart with an `audio` part (recorded speech, or typed text as text/plain), or JSON { text }.
  app.post(
    "/api/calls/:id/process-audio",
    {
      config: { role: "agent" },
      schema: { params: CallIdParams, response: { 200: ProcessAudioResponse } },
      bodyLimit: 12 * 1024 * 1024,
    },
    async (request) => {
      // An upload may need speech recognition: check the call exists for this account first.
      if (request.isMultipart()) await calls.get(request.account, request.params.id);
      const turn = await readCallerTurn(request, speech);
      const parsed = CallerText.safeParse({ text: turn.text });
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid text");
      const result = await calls.hear(request.account, request.params.id, parsed.data.text, {
        transcribed: turn.transcribed,
      });
      return presentTurn(parsed.data.text, result);
    },
  );

  app.patch(
    "/api/calls/:id",
    {
      config: { role: "agent" },
      schema: { params: CallIdParams, body: PatchCallRequest, response: { 200: CallOut } },
    },
    async (request) => presentCall(await calls.patch(request.account, request.params.id, request.body)),
  );

  app.post(
    "/api/calls/:id/hold",
    {
      config: { role: "agent" },
      schema: { params: CallIdParams, body: HoldRequest, response: { 200: CallOut } },
    },
    async (request) =>
      presentCall(await calls.hold(request.account, request.params.id, request.body.isOnHold)),
  );

  app.post(
    "/api/calls/:id/transfer",
    {
      config: { role: "agent" },
      schema: {
        params: CallIdParams,
        body: z.object({}).passthrough().nullish(),
        response: { 200: CallOut },
      },
    },
    async (request) => presentCall(await calls.transfer(request.account, request.params.id)),
  );

  // A contact's history: the calls to and from it, each with what it came to.
  app.get(
    "/api/contacts/:id/calls",
    {
      config: { role: "agent" },
      schema: {
        params: ContactIdParams,
        querystring: ContactCallsQuery,
        response: { 200: ContactCallsResponse },
      },
    },
    async (request) =>
      presentContactCalls(await calls.contactCalls(request.account, request.params.id, request.query)),
  );

  app.get(
    "/api/stats",
    { config: { role: "agent" }, schema: { response: { 200: Stats } } },
    async (request) => calls.stats(request.account),
  );

  // Deleting calls: one (its Details dialog), the ones chosen in History, or every test call.
  // A live call is never deleted (409: end it first); appointments it booked stay.
  app.delete(
    "/api/calls/:id",
    { config: { role: "admin" }, schema: { params: CallIdParams, response: { 200: DeleteCallsResponse } } },
    async (request) => {
      await calls.deleteCall(request.account, request.params.id);
      return { deleted: 1 };
    },
  );

  app.post(
    "/api/calls/delete",
    {
      config: { role: "admin" },
      schema: { body: DeleteCallsRequest, response: { 200: DeleteCallsResponse } },
    },
    async (request) => calls.deleteCalls(request.account, request.body.ids),
  );

  app.delete(
    "/api/calls/test-calls",
    { config: { role: "admin" }, schema: { response: { 200: DeleteTestCallsResponse } } },
    async (request) => calls.deleteTestCalls(request.account),
  );
};
