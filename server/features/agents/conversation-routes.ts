import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AgentTestCreate,
  AgentTestIdParams,
  AgentTestListResponse,
  AgentTestOut,
  AgentTestRequest,
  AgentTestRunRequest,
  AgentTestRunResponse,
  AgentTestUpdate,
  ConversationTestRequest,
  ConversationTestResponse,
  DeleteAgentResponse,
} from "../../../common/agents";
import type { ConversationService } from "./conversation-service";
import { presentAgentTest } from "./presenter";
import type { AgentTestService } from "./tests-service";

/**
 * The conversation preview (POST /api/conversation/test and its variant) and the
 * agent test suites. Members preview and run; admins change the cases.
 */
export const conversationRoutes: FastifyPluginAsyncZod<{
  conversation: ConversationService;
  agentTests: AgentTestService;
}> = async (app, { conversation, agentTests }) => {
  app.post(
    "/api/conversation/test",
    {
      config: { role: "agent" },
      schema: { body: ConversationTestRequest, response: { 200: ConversationTestResponse } },
    },
    async (request) => conversation.test(request.account, request.body),
  );

  app.post(
    "/api/ai-agents/test",
    {
      config: { role: "agent" },
      schema: { body: AgentTestRequest, response: { 200: ConversationTestResponse } },
    },
    async (request) =>
      conversation.test(request.account, { ...request.body, agentType: null, extension: null }),
  );

  app.get(
    "/api/agent-tests",
    { config: { role: "agent" }, schema: { response: { 200: AgentTestListResponse } } },
    async (request) => (await agentTests.list(request.account)).map(presentAgentTest),
  );

  app.get(
    "/api/agent-tests/:id",
    { config: { role: "agent" }, schema: { params: AgentTestIdParams, response: { 200: AgentTestOut } } },
    async (request) => presentAgentTest(await agentTests.get(request.account, request.params.id)),
  );

  app.post(
    "/api/agent-tests",
    { config: { role: "admin" }, schema: { body: AgentTestCreate, response: { 201: AgentTestOut } } },
    async (request, reply) =>
      reply.code(201).send(presentAgentTest(await agentTests.create(request.account, request.body))),
  );

  app.put(
    "/api/agent-tests/:id",
    {
      config: { role: "admin" },
      schema: { params: AgentTestIdParams, body: AgentTestUpdate, response: { 200: AgentTestOut } },
    },
    async (request) =>
      presentAgentTest(await agentTests.update(request.account, request.params.id, request.body)),
  );

  app.delete(
    "/api/agent-tests/:id",
    {
      config: { role: "admin" },
      schema: { params: AgentTestIdParams, response: { 200: DeleteAgentResponse } },
    },
    async (request) => {
      const row = await agentTests.remove(request.account, request.params.id);
      return { deleted: true as const, id: row.id };
    },
  );

  /** Runs the cases named, or all of them; each result says what actually happened. */
  app.post(
    "/api/agent-tests/run",
    {
      config: { role: "agent" },
      schema: { body: AgentTestRunRequest, response: { 200: AgentTestRunResponse } },
    },
    async (request) => {
      const started = performance.now();
      const results = await agentTests.run(request.account, request.body.ids);
      const passed = results.filter((result) => result.passed).length;
      return {
        results,
        passed,
        failed: results.length - passed,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
      };
    },
  );

  /** Runs one case. */
  app.post(
    "/api/agent-tests/:id/run",
    {
      config: { role: "agent" },
      schema: { params: AgentTestIdParams, response: { 200: AgentTestRunResponse } },
    },
    async (request) => {
      const started = performance.now();
      const results = await agentTests.run(request.account, [request.params.id]);
      const passed = results.filter((result) => result.passed).length;
      return {
        results,
        passed,
        failed: results.length - passed,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
      };
    },
  );
};
