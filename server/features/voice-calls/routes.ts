import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ActiveVoiceCallsResponse,
  CurrentDemoResponse,
  OutboundCallRequest,
  OutboundCallResponse,
  ProcessDemoAnswer,
  ProcessDemoRequest,
  StartDemoRequest,
  StartDemoResponse,
  StartSystemTestRequest,
  SystemTestStats,
} from "../../../common/telephony";
import type { VoiceCallService } from "./service";

/** Real voice calls, the voice call demo, and the call system test. */
export const voiceCallRoutes: FastifyPluginAsyncZod<{ voiceCalls: VoiceCallService }> = async (app, deps) => {
  const voice = deps.voiceCalls;

  app.post(
    "/api/voice/outbound",
    {
      config: { role: "agent" },
      schema: { body: OutboundCallRequest, response: { 200: OutboundCallResponse } },
    },
    async (request) => voice.outbound(request.account, request.body),
  );

  app.get(
    "/api/voice/active-calls",
    { config: { role: "agent" }, schema: { response: { 200: ActiveVoiceCallsResponse } } },
    async (request) => ({
      activeCalls: await voice.activeCalls(request.account),
    }),
  );

  app.post(
    "/api/conversation/start-demo",
    { config: { role: "agent" }, schema: { body: StartDemoRequest, response: { 200: StartDemoResponse } } },
    async (request) => voice.startDemo(request.account, request.body.phoneNumber),
  );

  app.get(
    "/api/conversation/demo",
    { config: { role: "agent" }, schema: { response: { 200: CurrentDemoResponse } } },
    async (request) => voice.currentDemo(request.account),
  );

  app.post(
    "/api/conversation/process",
    {
      config: { role: "agent" },
      schema: { body: ProcessDemoRequest, response: { 200: ProcessDemoAnswer } },
    },
    async (request) => voice.processDemo(request.account, request.body.callId, request.body.message),
  );

  app.post(
    "/api/call-system-test/start",
    {
      config: { role: "agent" },
      schema: { body: StartSystemTestRequest, response: { 201: SystemTestStats } },
    },
    async (request, reply) =>
      reply.code(201).send(await voice.startSystemTest(request.account, request.body)),
  );

  app.get(
    "/api/call-system-test/stats",
    {
      config: { role: "agent" },
      schema: {
        querystring: z.object({
          runId: z
            .string()
            .regex(/^[0-9a-f]{12}$/, "runId is not valid")
            .optional(),
        }),
        response: { 200: SystemTestStats },
      },
    },
    async (request) => voice.stats(request.account, request.query.runId),
  );
};
