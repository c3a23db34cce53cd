import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AgentAnalyticsOut,
  AgentCreate,
  AgentIdParams,
  AgentListResponse,
  AgentOut,
  AgentUpdate,
  ConversationFlowCreate,
  ConversationFlowIdParams,
  ConversationFlowListResponse,
  ConversationFlowOut,
  ConversationFlowUpdate,
  DeleteAgentResponse,
  RoutingRuleCreate,
  RoutingRuleIdParams,
  RoutingRuleListResponse,
  RoutingRuleOut,
  RoutingRuleUpdate,
} from "../../../common/agents";
import { presentAgent, presentAnalytics, presentFlow, presentRule } from "./presenter";
import type { AgentService } from "./service";

const Deleted = DeleteAgentResponse;

/** AI agents, routing rules and conversation flows: members read, admins change. */
export const agentRoutes: FastifyPluginAsyncZod<{ agents: AgentService }> = async (app, { agents }) => {
  app.get(
    "/api/ai-agents",
    { config: { role: "agent" }, schema: { response: { 200: AgentListResponse } } },
    async (request) => {
      const { rows, figures } = await agents.listAgents(request.account);
      return rows.map((row) => presentAgent(row, figures.get(row.id)));
    },
  );

  app.get(
    "/api/ai-agents/analytics",
    { config: { role: "agent" }, schema: { response: { 200: AgentAnalyticsOut } } },
    async (request) => {
      return presentAnalytics(await agents.analytics(request.account));
    },
  );

  app.get(
    "/api/ai-agents/:id",
    { config: { role: "agent" }, schema: { params: AgentIdParams, response: { 200: AgentOut } } },
    async (request) => {
      const { row, figures } = await agents.getAgent(request.account, request.params.id);
      return presentAgent(row, figures);
    },
  );

  app.post(
    "/api/ai-agents",
    { config: { role: "admin" }, schema: { body: AgentCreate, response: { 201: AgentOut } } },
    async (request, reply) =>
      reply.code(201).send(presentAgent(await agents.createAgent(request.account, request.body))),
  );

  // The screens edit with PUT; the spec names PATCH with settings too: both change the fields sent.
  for (const method of ["PUT", "PATCH"] as const) {
    app.route({
      method,
      url: "/api/ai-agents/:id",
      config: { role: "admin" },
      schema: { params: AgentIdParams, body: AgentUpdate, response: { 200: AgentOut } },
      handler: async (request) =>
        presentAgent(await agents.updateAgent(request.account, request.params.id, request.body)),
    });
  }

  /** Pause/Activate: active -> paused, anything else -> active. */
  app.post(
    "/api/ai-agents/:id/toggle",
    { config: { role: "admin" }, schema: { params: AgentIdParams, response: { 200: AgentOut } } },
    async (request) => presentAgent(await agents.toggleAgent(request.account, request.params.id)),
  );

  app.delete(
    "/api/ai-agents/:id",
    { config: { role: "admin" }, schema: { params: AgentIdParams, response: { 200: Deleted } } },
    async (request) => {
      const row = await agents.removeAgent(request.account, request.params.id);
      return { deleted: true as const, id: row.id };
    },
  );

  // --- routing rules ---
  app.get(
    "/api/routing-rules",
    { config: { role: "agent" }, schema: { response: { 200: RoutingRuleListResponse } } },
    async (request) => (await agents.listRules(request.account)).map(presentRule),
  );
  app.get(
    "/api/routing-rules/:id",
    { config: { role: "agent" }, schema: { params: RoutingRuleIdParams, response: { 200: RoutingRuleOut } } },
    async (request) => presentRule(await agents.getRule(request.account, request.params.id)),
  );
  app.post(
    "/api/routing-rules",
    { config: { role: "admin" }, schema: { body: RoutingRuleCreate, response: { 201: RoutingRuleOut } } },
    async (request, reply) =>
      reply.code(201).send(presentRule(await agents.createRule(request.account, request.body))),
  );
  app.put(
    "/api/routing-rules/:id",
    {
      config: { role: "admin" },
      schema: { params: RoutingRuleIdParams, body: RoutingRuleUpdate, response: { 200: RoutingRuleOut } },
    },
    async (request) => presentRule(await agents.updateRule(request.account, request.params.id, request.body)),
  );
  app.delete(
    "/api/routing-rules/:id",
    { config: { role: "admin" }, schema: { params: RoutingRuleIdParams, response: { 200: Deleted } } },
    async (request) => {
      const row = await agents.removeRule(request.account, request.params.id);
      return { deleted: true as const, id: row.id };
    },
  );

  // --- conversation flows ---
  app.get(
    "/api/conversation-flows",
    { config: { role: "agent" }, schema: { response: { 200: ConversationFlowListResponse } } },
    async (request) => (await agents.listFlows(request.account)).map(presentFlow),
  );
  app.get(
    "/api/conversation-flows/:id",
    {
      config: { role: "agent" },
      schema: { params: ConversationFlowIdParams, response: { 200: ConversationFlowOut } },
    },
    async (request) => presentFlow(await agents.getFlow(request.account, request.params.id)),
  );
  app.post(
    "/api/conversation-flows",
    {
      config: { role: "admin" },
      schema: { body: ConversationFlowCreate, response: { 201: ConversationFlowOut } },
    },
    async (request, reply) =>
      reply.code(201).send(presentFlow(await agents.createFlow(request.account, request.body))),
  );
  app.put(
    "/api/conversation-flows/:id",
    {
      config: { role: "admin" },
      schema: {
        params: ConversationFlowIdParams,
        body: ConversationFlowUpdate,
        response: { 200: ConversationFlowOut },
      },
    },
    async (request) => presentFlow(await agents.updateFlow(request.account, request.params.id, request.body)),
  );
  app.delete(
    "/api/conversation-flows/:id",
    { config: { role: "admin" }, schema: { params: ConversationFlowIdParams, response: { 200: Deleted } } },
    async (request) => {
      const row = await agents.removeFlow(request.account, request.params.id);
      return { deleted: true as const, id: row.id };
    },
  );
};
