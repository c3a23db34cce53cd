import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AddNumberRequest,
  AnalyticsResponse,
  BusinessCallRequest,
  BusinessCallResponse,
  ExtensionParams,
  ExtensionRequest,
  ExtensionResponse,
  HoursRequest,
  NumberDetailResponse,
  NumberIdParams,
  NumbersResponse,
  OkResponse,
  SetupRoutingResponse,
  UpdateNumberRequest,
  VoicemailIdParams,
  VoicemailsQuery,
  VoicemailsResponse,
} from "../../../common/phone-system";
import type { Config } from "../../config";
import { acceptCarrierWebhooks, FormParams, webhookRequest } from "../telephony/webhook-http";
import { presentNumber } from "./presenter";
import type { PhoneSystemService } from "./service";

/**
 * The business phone system ("Business phone system"). Everyone in
 * the workspace reads; a workspace admin adds and changes numbers, extensions, hours and routing.
 */
export const phoneSystemRoutes: FastifyPluginAsyncZod<{ phoneSystem: PhoneSystemService }> = async (
  app,
  deps,
) => {
  const { phoneSystem } = deps;

  app.get(
    "/api/grasshopper/numbers",
    { config: { role: "agent" }, schema: { response: { 200: NumbersResponse } } },
    async (request) => {
      const numbers = (await phoneSystem.numbers(request.account)).map(presentNumber);
      return { success: numbers.length > 0, numbers };
    },
  );

  app.post(
    "/api/grasshopper/numbers",
    {
      config: { role: "admin" },
      schema: { body: AddNumberRequest, response: { 201: NumberDetailResponse } },
    },
    async (request, reply) => {
      reply.code(201);
      return { number: await phoneSystem.add(request.account, request.body) };
    },
  );

  app.get(
    "/api/grasshopper/numbers/:id",
    {
      config: { role: "agent" },
      schema: { params: NumberIdParams, response: { 200: NumberDetailResponse } },
    },
    async (request) => ({ number: await phoneSystem.get(request.account, request.params.id) }),
  );

  app.patch(
    "/api/grasshopper/numbers/:id",
    {
      config: { role: "admin" },
      schema: { params: NumberIdParams, body: UpdateNumberRequest, response: { 200: NumberDetailResponse } },
    },
    async (request) => ({
      number: await phoneSystem.update(request.account, request.params.id, request.body),
    }),
  );

  app.delete(
    "/api/grasshopper/numbers/:id",
    { config: { role: "admin" }, schema: { params: NumberIdParams, response: { 200: OkResponse } } },
    async (request) => {
      await phoneSystem.remove(request.account, request.params.id);
      return { success: true as const };
    },
  );

  app.put(
    "/api/grasshopper/numbers/:id/hours",
    {
      config: { role: "admin" },
      schema: { params: NumberIdParams, body: HoursRequest, response: { 200: NumberDetailResponse } },
    },
    async (request) => ({
      number: await phoneSystem.setHours(request.account, request.params.id, request.body),
    }),
  );

  app.post(
    "/api/grasshopper/numbers/:id/extensions",
    {
      config: { role: "admin" },
      schema: { params: NumberIdParams, body: ExtensionRequest, response: { 201: ExtensionResponse } },
    },
    async (request, reply) => {
      reply.code(201);
      return { extension: await phoneSystem.addExtension(request.account, request.params.id, request.body) };
    },
  );

  app.put(
    "/api/grasshopper/numbers/:id/extensions/:extensionId",
    {
      config: { role: "admin" },
      schema: { params: ExtensionParams, body: ExtensionRequest, response: { 200: ExtensionResponse } },
    },
    async (request) => ({
      extension: await phoneSystem.updateExtension(
        request.account,
        request.params.id,
        request.params.extensionId,
        request.body,
      ),
    }),
  );

  app.delete(
    "/api/grasshopper/numbers/:id/extensions/:extensionId",
    { config: { role: "admin" }, schema: { params: ExtensionParams, response: { 200: OkResponse } } },
    async (request) => {
      await phoneSystem.removeExtension(request.account, request.params.id, request.params.extensionId);
      return { success: true as const };
    },
  );

  app.post(
    "/api/grasshopper/setup-routing",
    { config: { role: "admin" }, schema: { response: { 200: SetupRoutingResponse } } },
    async (request) => ({ success: true as const, applied: await phoneSystem.setupRouting(request.account) }),
  );

  app.get(
    "/api/grasshopper/analytics",
    { config: { role: "agent" }, schema: { response: { 200: AnalyticsResponse } } },
    async (request) => ({ success: true as const, analytics: await phoneSystem.analytics(request.account) }),
  );

  app.get(
    "/api/grasshopper/voicemails",
    {
      config: { role: "agent" },
      schema: { querystring: VoicemailsQuery, response: { 200: VoicemailsResponse } },
    },
    async (request) => ({
      success: true as const,
      voicemails: await phoneSystem.voicemails(request.account, request.query),
    }),
  );

  /** The recording, for a session of the workspace only (never a public address). */
  app.get(
    "/api/grasshopper/voicemails/:id/audio",
    { config: { role: "agent" }, schema: { params: VoicemailIdParams } },
    async (request, reply) => {
      const audio = await phoneSystem.voicemailAudio(request.account, request.params.id);
      return reply
        .type("audio/wav")
        .header("cache-control", "private, no-store")
        .header("content-disposition", `inline; filename="voicemail-${request.params.id}.wav"`)
        .send(audio);
    },
  );

  /** Click-to-call: any member may call a contact from the workspace's business number. */
  app.post(
    "/api/grasshopper/call",
    {
      config: { role: "agent" },
      schema: { body: BusinessCallRequest, response: { 200: BusinessCallResponse } },
    },
    async (request) => phoneSystem.call(request.account, request.body),
  );
};

const NumberWebhookParams = z.object({ numberId: z.uuid() });
const CallIdQuery = z.object({ callId: z.uuid().optional() });
const BridgeQuery = z.object({ callId: z.uuid() });

/**
 * The business numbers' carrier webhooks (Twilio's, and the simulator's, which speaks the same
 * protocol). Public routes: each proves itself with X-Twilio-Signature under the number's
 * workspace's carrier, and answers 403 when it does not match.
 */
export const phoneSystemWebhookRoutes: FastifyPluginAsyncZod<{
  phoneSystem: PhoneSystemService;
  config: Config;
}> = async (app, deps) => {
  const { config } = deps;
  const hooks = deps.phoneSystem.webhooks;
  acceptCarrierWebhooks(app);
  const options = { config: { public: true } } as const;
  const twiml = "text/xml; charset=utf-8";

  app.post(
    "/api/grasshopper/twilio/voice/:numberId",
    { ...options, schema: { body: FormParams, params: NumberWebhookParams } },
    async (request, reply) =>
      reply.type(twiml).send(await hooks.voice(webhookRequest(request, config), request.params.numberId)),
  );

  app.post(
    "/api/grasshopper/twilio/extension/:numberId",
    { ...options, schema: { body: FormParams, params: NumberWebhookParams } },
    async (request, reply) =>
      reply.type(twiml).send(await hooks.extension(webhookRequest(request, config), request.params.numberId)),
  );

  app.post(
    "/api/grasshopper/twilio/dial/:numberId",
    { ...options, schema: { body: FormParams, params: NumberWebhookParams } },
    async (request, reply) =>
      reply.type(twiml).send(await hooks.dial(webhookRequest(request, config), request.params.numberId)),
  );

  app.post(
    "/api/grasshopper/twilio/voicemail/:numberId",
    { ...options, schema: { body: FormParams, params: NumberWebhookParams } },
    async (request, reply) =>
      reply.type(twiml).send(await hooks.voicemail(webhookRequest(request, config), request.params.numberId)),
  );

  app.post(
    "/api/grasshopper/twilio/status/:numberId",
    { ...options, schema: { body: FormParams, params: NumberWebhookParams, querystring: CallIdQuery } },
    async (request, reply) => {
      await hooks.status(webhookRequest(request, config), request.params.numberId, request.query.callId);
      return reply.code(204).send();
    },
  );

  app.post(
    "/api/grasshopper/twilio/bridge/:numberId",
    { ...options, schema: { body: FormParams, params: NumberWebhookParams, querystring: BridgeQuery } },
    async (request, reply) =>
      reply
        .type(twiml)
        .send(
          await hooks.bridge(webhookRequest(request, config), request.params.numberId, request.query.callId),
        ),
  );

  app.post(
    "/api/grasshopper/twilio/bridge-result/:numberId",
    { ...options, schema: { body: FormParams, params: NumberWebhookParams, querystring: BridgeQuery } },
    async (request, reply) =>
      reply
        .type(twiml)
        .send(
          await hooks.bridgeResult(
            webhookRequest(request, config),
            request.params.numberId,
            request.query.callId,
          ),
        ),
  );
};
