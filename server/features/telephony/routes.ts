import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  SimulatedInboundRequest,
  TelephonyState,
  TwilioConnectRequest,
  TwilioNumberRequest,
  TwilioTestResult,
} from "../../../common/telephony";
import type { Config } from "../../config";
import type { TelephonyService } from "./service";
import { acceptCarrierWebhooks, FormParams, webhookRequest } from "./webhook-http";

/** The account's phone service: the Twilio connection, its number, and simulated incoming calls. */
export const telephonyRoutes: FastifyPluginAsyncZod<{ telephony: TelephonyService }> = async (app, deps) => {
  const { telephony } = deps;
  const stateReply = { response: { 200: TelephonyState } };

  app.get("/api/telephony", { config: { role: "agent" }, schema: stateReply }, async (request) =>
    telephony.state(request.account),
  );

  /** Connects Twilio: the token is checked for form, sealed with APP_SECRET, and never sent back. */
  app.put(
    "/api/telephony/twilio",
    { config: { role: "admin" }, schema: { body: TwilioConnectRequest, ...stateReply } },
    async (request) => telephony.connectTwilio(request.account, request.body),
  );

  /** Chooses another of the account's Twilio numbers without entering the token again. */
  app.patch(
    "/api/telephony/twilio",
    { config: { role: "admin" }, schema: { body: TwilioNumberRequest, ...stateReply } },
    async (request) => telephony.chooseTwilioNumber(request.account, request.body.phoneNumber),
  );

  app.delete("/api/telephony/twilio", { config: { role: "admin" }, schema: stateReply }, async (request) =>
    telephony.disconnectTwilio(request.account),
  );

  app.post(
    "/api/telephony/twilio/test",
    { config: { role: "admin" }, schema: { response: { 200: TwilioTestResult } } },
    async (request) => telephony.testTwilio(request.account, new Date()),
  );

  app.post(
    "/api/telephony/simulator/calls",
    {
      config: { role: "agent" },
      schema: {
        body: SimulatedInboundRequest,
        response: { 202: z.object({ callSid: z.string(), to: z.string() }) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await telephony.simulateInbound(request.account, request.body)),
  );

  app.addHook("preClose", async () => {
    telephony.close();
  });
};

const GatherQuery = z.object({
  turn: z.coerce.number().int().min(1).max(100_000),
  silence: z.coerce.number().int().min(1).max(10).optional(),
  wait: z.coerce.number().int().min(1).max(100).optional(),
});
const CallIdParams = z.object({ callId: z.uuid() });
const CallIdQuery = z.object({ callId: z.uuid().optional() });
/** The voice webhook: a call of ours, or a business number's extension handing over to an AI agent. */
const VoiceQuery = CallIdQuery.extend({ agentId: z.uuid().optional() });

/**
 * Twilio's webhooks (and the simulator's, which speaks the same protocol). Public routes: no
 * session, so every one proves itself with X-Twilio-Signature under the account's auth token,
 * computed over PUBLIC_URL plus the path, and answers 403 when it does not match.
 */
export const telephonyWebhookRoutes: FastifyPluginAsyncZod<{
  telephony: TelephonyService;
  config: Config;
}> = async (app, deps) => {
  const { telephony, config } = deps;

  acceptCarrierWebhooks(app);
  const webhook = (request: FastifyRequest) => webhookRequest(request, config);
  const options = { config: { public: true } } as const;

  app.post(
    "/api/telephony/twilio/voice",
    { ...options, schema: { body: FormParams, querystring: VoiceQuery } },
    async (request, reply) =>
      reply
        .type("text/xml; charset=utf-8")
        .send(await telephony.voice(webhook(request), request.query.callId, request.query.agentId)),
  );

  app.post(
    "/api/telephony/twilio/gather/:callId",
    { ...options, schema: { body: FormParams, params: CallIdParams, querystring: GatherQuery } },
    async (request, reply) =>
      reply
        .type("text/xml; charset=utf-8")
        .send(await telephony.gather(webhook(request), request.params.callId, request.query)),
  );

  app.post(
    "/api/telephony/twilio/dial/:callId",
    { ...options, schema: { body: FormParams, params: CallIdParams } },
    async (request, reply) =>
      reply
        .type("text/xml; charset=utf-8")
        .send(await telephony.dial(webhook(request), request.params.callId)),
  );

  app.post(
    "/api/telephony/twilio/status",
    { ...options, schema: { body: FormParams, querystring: CallIdQuery } },
    async (request, reply) => {
      await telephony.status(webhook(request), request.query.callId);
      return reply.code(204).send();
    },
  );

  app.post(
    "/api/telephony/twilio/recording",
    { ...options, schema: { body: FormParams } },
    async (request, reply) => {
      await telephony.recording(webhook(request));
      return reply.code(204).send();
    },
  );
};
