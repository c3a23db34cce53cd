import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AiFlowCreate,
  AiFlowIdParams,
  AiFlowListResponse,
  AiFlowOut,
  AiFlowTestRequest,
  AiFlowTestResult,
  AiFlowUpdate,
  AnalyzeConversationRequest,
  AutomationRuleCreate,
  AutomationRuleIdParams,
  AutomationRuleListResponse,
  AutomationRuleOut,
  AutomationRuleUpdate,
  ConversationAnalysisOut,
  GeneratedAudioParams,
  GeneratedVoiceOut,
  GenerateVoiceRequest,
  PerformanceMetricsOut,
  VoiceCloneIdParams,
  VoiceCloneListResponse,
  VoiceCloneOut,
} from "../../../common/ai-studio";
import { CreateVoiceProfile, MAX_SAMPLE_BYTES } from "../../../common/voice";
import { requireFeature } from "../../http/plan-gate";
import type { BillingService } from "../billing/service";
import { presentAiFlow, presentAutomationRule, presentVoiceClone } from "./presenter";
import type { AiStudioService } from "./service";

export type AiStudioRouteDeps = {
  studio: AiStudioService;
  billing: Pick<BillingService, "requireFeature">;
};

/** POST /api/voice-clones: a voice profile by another name (voice clone). */
const VoiceCloneCreate = CreateVoiceProfile.omit({ voiceName: true }).extend({
  name: CreateVoiceProfile.shape.voiceName,
});

const NoBody = z.object({}).passthrough().nullish();

/**
 * AI Studio ("AI studio"). Reading and trying things (tests, the
 * analysis, a spoken sample, the figures) is for every member; changing what the assistant
 * does on calls (flows, rules, voices) needs an admin.
 */
export const aiStudioRoutes: FastifyPluginAsyncZod<AiStudioRouteDeps> = async (app, deps) => {
  const { studio } = deps;
  const cloning = requireFeature(deps.billing, "voiceCloning");

  // --- AI flows -----------------------------------------------------------------------------
  app.get(
    "/api/ai-flows",
    { config: { role: "agent" }, schema: { response: { 200: AiFlowListResponse } } },
    async (request) => (await studio.listFlows(request.account)).map(presentAiFlow),
  );

  app.post(
    "/api/ai-flows",
    { config: { role: "admin" }, schema: { body: AiFlowCreate, response: { 201: AiFlowOut } } },
    async (request, reply) =>
      reply.code(201).send(presentAiFlow(await studio.createFlow(request.account, request.body))),
  );

  app.put(
    "/api/ai-flows/:id",
    {
      config: { role: "admin" },
      schema: { params: AiFlowIdParams, body: AiFlowUpdate, response: { 200: AiFlowOut } },
    },
    async (request) =>
      presentAiFlow(await studio.updateFlow(request.account, request.params.id, request.body)),
  );

  app.delete(
    "/api/ai-flows/:id",
    { config: { role: "admin" }, schema: { params: AiFlowIdParams } },
    async (request, reply) => {
      await studio.deleteFlow(request.account, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    "/api/ai-flows/:id/test",
    {
      config: { role: "agent" },
      schema: { params: AiFlowIdParams, body: AiFlowTestRequest, response: { 200: AiFlowTestResult } },
    },
    async (request) => studio.testFlow(request.account, request.params.id, request.body),
  );

  // --- Voice clones (the workspace's voice profiles) ------------------------------------------
  app.get(
    "/api/voice-clones",
    { config: { role: "agent" }, schema: { response: { 200: VoiceCloneListResponse } } },
    async (request) => (await studio.listClones(request.account)).map(presentVoiceClone),
  );

  app.post(
    "/api/voice-clones",
    {
      config: { role: "admin" },
      preHandler: cloning,
      // Room for a sample at the limit as base64, so an oversized one gets the clear message.
      bodyLimit: Math.ceil(MAX_SAMPLE_BYTES * 2),
      schema: {
        body: VoiceCloneCreate,
        response: { 201: VoiceCloneOut.extend({ notice: z.string().nullable() }) },
      },
    },
    async (request, reply) => {
      const { row, notice } = await studio.createClone(request.account, request.body);
      return reply.code(201).send({ ...presentVoiceClone(row), notice });
    },
  );

  app.put(
    "/api/voice-clones/:id/activate",
    {
      config: { role: "admin" },
      preHandler: cloning,
      schema: { params: VoiceCloneIdParams, body: NoBody, response: { 200: VoiceCloneOut } },
    },
    async (request) => presentVoiceClone(await studio.activateClone(request.account, request.params.id)),
  );

  app.delete(
    "/api/voice-clones/:id",
    { config: { role: "admin" }, schema: { params: VoiceCloneIdParams } },
    async (request, reply) => {
      await studio.removeClone(request.account, request.params.id);
      return reply.code(204).send();
    },
  );

  // --- Automation rules ---------------------------------------------------------------------
  app.get(
    "/api/automation-rules",
    { config: { role: "agent" }, schema: { response: { 200: AutomationRuleListResponse } } },
    async (request) => (await studio.listRules(request.account)).map(presentAutomationRule),
  );

  app.post(
    "/api/automation-rules",
    {
      config: { role: "admin" },
      schema: { body: AutomationRuleCreate, response: { 201: AutomationRuleOut } },
    },
    async (request, reply) =>
      reply.code(201).send(presentAutomationRule(await studio.createRule(request.account, request.body))),
  );

  app.put(
    "/api/automation-rules/:id",
    {
      config: { role: "admin" },
      schema: {
        params: AutomationRuleIdParams,
        body: AutomationRuleUpdate,
        response: { 200: AutomationRuleOut },
      },
    },
    async (request) =>
      presentAutomationRule(await studio.updateRule(request.account, request.params.id, request.body)),
  );

  app.post(
    "/api/automation-rules/:id/toggle",
    {
      config: { role: "admin" },
      schema: { params: AutomationRuleIdParams, body: NoBody, response: { 200: AutomationRuleOut } },
    },
    async (request) => presentAutomationRule(await studio.toggleRule(request.account, request.params.id)),
  );

  app.delete(
    "/api/automation-rules/:id",
    { config: { role: "admin" }, schema: { params: AutomationRuleIdParams } },
    async (request, reply) => {
      await studio.deleteRule(request.account, request.params.id);
      return reply.code(204).send();
    },
  );

  // --- Analysis, voice samples, figures -------------------------------------------------------
  app.post(
    "/api/ai-studio/analyze-conversation",
    {
      config: { role: "agent" },
      schema: { body: AnalyzeConversationRequest, response: { 200: ConversationAnalysisOut } },
    },
    async (request) => studio.analyzeConversation(request.account, request.body.message),
  );

  app.post(
    "/api/ai-studio/generate-voice",
    {
      config: { role: "agent" },
      schema: { body: GenerateVoiceRequest, response: { 200: GeneratedVoiceOut } },
    },
    async (request) => studio.generateVoice(request.account, request.body),
  );

  app.get(
    "/api/ai-studio/audio/:id",
    { config: { role: "agent" }, schema: { params: GeneratedAudioParams } },
    async (request, reply) => {
      const audio = await studio.readSample(request.account, request.params.id);
      return reply
        .header("content-type", "audio/wav")
        .header("cache-control", "private, no-store")
        .send(audio);
    },
  );

  app.get(
    "/api/ai-studio/performance-metrics",
    { config: { role: "agent" }, schema: { response: { 200: PerformanceMetricsOut } } },
    async (request) => studio.performanceMetrics(request.account),
  );
};
