import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AgentConsoleOut,
  AgentStatusUpdate,
  AttemptIdParams,
  CallbackRequest,
  CampaignActionOut,
  CampaignCreate,
  CampaignDoNotCallCreate,
  CampaignDoNotCallOut,
  CampaignDoNotCallParams,
  CampaignIdParams,
  CampaignOut,
  CampaignStatsOut,
  CampaignUpdate,
  CurrentCallOut,
  DialerAgentOut,
  EndCallRequest,
  HandOverRequest,
  HoldRequest,
  LeadCallsOut,
  LeadIdParams,
  LeadListQuery,
  LeadOut,
  LeadPage,
  LeadsAdd,
  LeadsAddResult,
  LeadsImport,
  ListenOut,
  MonitorRequest,
  SayRequest,
  SoftphoneCallOut,
  SoftphoneTokenOut,
  SupervisorViewOut,
  TransferRequest,
} from "../../../common/dialer";
import type { Config } from "../../config";
import { acceptCarrierWebhooks, FormParams, webhookRequest } from "../telephony/webhook-http";
import { presentCallback, presentCampaign, presentDoNotCall, presentLead } from "./presenter";
import type { DialerService } from "./service";

export type DialerRouteDeps = { dialer: DialerService };

/**
 * Autodialer, under /api/autodialer: every member reads campaigns, stats and agents
 * and works the agent console (role agent); supervisors (admin) create and change campaigns,
 * add and import leads, start and pause, and keep the campaign's do-not-call list.
 */
export const dialerRoutes: FastifyPluginAsyncZod<DialerRouteDeps> = async (app, { dialer }) => {
  const agent = { role: "agent" } as const;
  const admin = { role: "admin" } as const;
  const campaignOut = (result: Awaited<ReturnType<DialerService["get"]>>) =>
    presentCampaign(result.row, result.lineLimit);

  app.get(
    "/api/autodialer/campaigns",
    { config: agent, schema: { response: { 200: z.array(CampaignOut) } } },
    async (request) => {
      const { rows, lineLimit } = await dialer.list(request.account);
      return rows.map((row) => presentCampaign(row, lineLimit));
    },
  );

  app.post(
    "/api/autodialer/campaigns",
    { config: admin, schema: { body: CampaignCreate, response: { 201: CampaignOut } } },
    async (request, reply) =>
      reply.code(201).send(campaignOut(await dialer.create(request.account, request.body))),
  );

  app.get(
    "/api/autodialer/campaigns/:id",
    { config: agent, schema: { params: CampaignIdParams, response: { 200: CampaignOut } } },
    async (request) => campaignOut(await dialer.get(request.account, request.params.id)),
  );

  app.patch(
    "/api/autodialer/campaigns/:id",
    {
      config: admin,
      schema: { params: CampaignIdParams, body: CampaignUpdate, response: { 200: CampaignOut } },
    },
    async (request) => campaignOut(await dialer.update(request.account, request.params.id, request.body)),
  );

  app.delete(
    "/api/autodialer/campaigns/:id",
    { config: admin, schema: { params: CampaignIdParams } },
    async (request, reply) => {
      await dialer.remove(request.account, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    "/api/autodialer/campaigns/:id/stats",
    { config: agent, schema: { params: CampaignIdParams, response: { 200: CampaignStatsOut } } },
    async (request) => dialer.stats(request.account, request.params.id),
  );

  for (const action of ["start", "pause"] as const) {
    app.post(
      `/api/autodialer/campaigns/:id/${action}`,
      { config: admin, schema: { params: CampaignIdParams, response: { 200: CampaignActionOut } } },
      async (request) => {
        const result = await dialer[action](request.account, request.params.id);
        return { message: result.message, campaign: campaignOut(result) };
      },
    );
  }

  app.get(
    "/api/autodialer/campaigns/:id/leads",
    {
      config: agent,
      schema: { params: CampaignIdParams, querystring: LeadListQuery, response: { 200: LeadPage } },
    },
    async (request) => {
      const page = await dialer.leads(request.account, request.params.id, request.query);
      const callbacks = new Map(page.callbacks.map((callback) => [callback.leadId, callback]));
      return {
        total: page.total,
        leads: page.rows.map((row) => {
          const callback = callbacks.get(row.id);
          const agentName = page.names.get(callback?.agentUserId ?? "") ?? null;
          return presentLead(row, callback ? presentCallback(callback, agentName) : null);
        }),
      };
    },
  );

  /** The add-leads dialog: text lines or lead objects. */
  app.post(
    "/api/autodialer/campaigns/:id/leads",
    {
      config: admin,
      schema: { params: CampaignIdParams, body: LeadsAdd, response: { 201: LeadsAddResult } },
    },
    async (request, reply) => {
      const { skipped: _, ...result } = await dialer.addLeads(
        request.account,
        request.params.id,
        request.body,
      );
      return reply.code(201).send(result);
    },
  );

  /** Leads from the lead manager's contacts: those chosen, or every contact with a number. */
  app.post(
    "/api/autodialer/campaigns/:id/import-leads",
    {
      config: admin,
      schema: { params: CampaignIdParams, body: LeadsImport, response: { 201: LeadsAddResult } },
    },
    async (request, reply) => {
      const { skipped: _, ...result } = await dialer.importLeads(
        request.account,
        request.params.id,
        request.body.contactIds,
      );
      return reply.code(201).send(result);
    },
  );

  app.get(
    "/api/autodialer/campaigns/:id/do-not-call",
    { config: agent, schema: { params: CampaignIdParams, response: { 200: z.array(CampaignDoNotCallOut) } } },
    async (request) => (await dialer.doNotCallList(request.account, request.params.id)).map(presentDoNotCall),
  );

  app.post(
    "/api/autodialer/campaigns/:id/do-not-call",
    {
      config: admin,
      schema: {
        params: CampaignIdParams,
        body: CampaignDoNotCallCreate,
        response: { 200: CampaignDoNotCallOut, 201: CampaignDoNotCallOut },
      },
    },
    async (request, reply) => {
      const { row, created } = await dialer.addDoNotCall(
        request.account,
        request.params.id,
        request.body.phoneNumber,
      );
      return reply.code(created ? 201 : 200).send(presentDoNotCall(row));
    },
  );

  app.delete(
    "/api/autodialer/campaigns/:id/do-not-call/:entryId",
    { config: admin, schema: { params: CampaignDoNotCallParams } },
    async (request, reply) => {
      await dialer.removeDoNotCall(request.account, request.params.id, request.params.entryId);
      return reply.code(204).send();
    },
  );

  app.get(
    "/api/autodialer/agents",
    { config: agent, schema: { response: { 200: z.array(DialerAgentOut) } } },
    async (request) => dialer.agents(request.account),
  );

  // --- the agent console: the signed-in member's own ------------------------------------------

  app.get(
    "/api/autodialer/console",
    { config: agent, schema: { response: { 200: AgentConsoleOut } } },
    async (request) => dialer.console(request.account),
  );

  app.put(
    "/api/autodialer/console/status",
    { config: agent, schema: { body: AgentStatusUpdate, response: { 200: AgentConsoleOut } } },
    async (request) => dialer.setStatus(request.account, request.body),
  );

  app.post(
    "/api/autodialer/console/calls/:attemptId/end",
    {
      config: agent,
      schema: { params: AttemptIdParams, body: EndCallRequest, response: { 200: AgentConsoleOut } },
    },
    async (request) => dialer.endCall(request.account, request.params.attemptId, request.body),
  );

  app.post(
    "/api/autodialer/leads/:leadId/callback",
    { config: agent, schema: { params: LeadIdParams, body: CallbackRequest, response: { 200: LeadOut } } },
    async (request) => dialer.scheduleCallback(request.account, request.params.leadId, request.body),
  );

  /** Preview and manual modes: the agent dials the lead; the runtime places the queued call. */
  app.post(
    "/api/autodialer/leads/:leadId/dial",
    { config: agent, schema: { params: LeadIdParams, response: { 201: CurrentCallOut } } },
    async (request, reply) =>
      reply.code(201).send(await dialer.dialLead(request.account, request.params.leadId)),
  );

  // --- the agent desktop --------------------------------------------------------------------

  /** The contact card's past calls with the lead's person (their contact's and their number's). */
  app.get(
    "/api/autodialer/leads/:leadId/calls",
    { config: agent, schema: { params: LeadIdParams, response: { 200: LeadCallsOut } } },
    async (request) => dialer.leadCalls(request.account, request.params.leadId),
  );

  /** On the simulator: a cold transfer to another rep, who takes the call on their console. */
  app.post(
    "/api/autodialer/console/calls/:attemptId/hand-over",
    {
      config: agent,
      schema: { params: AttemptIdParams, body: HandOverRequest, response: { 200: AgentConsoleOut } },
    },
    async (request) => dialer.handOver(request.account, request.params.attemptId, request.body.agentId),
  );

  /** On the simulator: what the rep says (a script step, or their own words); the callee answers. */
  app.post(
    "/api/autodialer/console/calls/:attemptId/say",
    {
      config: agent,
      schema: {
        params: AttemptIdParams,
        body: SayRequest,
        response: { 200: z.object({ lines: z.array(z.string()) }) },
      },
    },
    async (request) => dialer.say(request.account, request.params.attemptId, request.body.text),
  );

  /** A Twilio Voice access token for the rep's browser softphone (409 without a Twilio connection). */
  app.post(
    "/api/autodialer/console/softphone/token",
    { config: agent, schema: { response: { 200: SoftphoneTokenOut } } },
    async (request) => dialer.softphoneToken(request.account),
  );

  app.post(
    "/api/autodialer/console/calls/:attemptId/hold",
    {
      config: agent,
      schema: { params: AttemptIdParams, body: HoldRequest, response: { 200: SoftphoneCallOut } },
    },
    async (request) => dialer.hold(request.account, request.params.attemptId, request.body.hold),
  );

  app.post(
    "/api/autodialer/console/calls/:attemptId/transfer",
    {
      config: agent,
      schema: { params: AttemptIdParams, body: TransferRequest, response: { 200: SoftphoneCallOut } },
    },
    async (request) => dialer.transfer(request.account, request.params.attemptId, request.body),
  );

  app.post(
    "/api/autodialer/console/calls/:attemptId/transfer/complete",
    { config: agent, schema: { params: AttemptIdParams, response: { 200: SoftphoneCallOut } } },
    async (request) => dialer.completeTransfer(request.account, request.params.attemptId),
  );

  app.delete(
    "/api/autodialer/console/calls/:attemptId/transfer",
    { config: agent, schema: { params: AttemptIdParams, response: { 200: SoftphoneCallOut } } },
    async (request) => dialer.cancelTransfer(request.account, request.params.attemptId),
  );

  // --- supervisors: every rep's state and call; listen, whisper, barge in ---------------------

  app.get(
    "/api/autodialer/supervisor",
    { config: admin, schema: { response: { 200: SupervisorViewOut } } },
    async (request) => dialer.supervisor(request.account),
  );

  app.post(
    "/api/autodialer/supervisor/calls/:attemptId/monitor",
    {
      config: admin,
      schema: { params: AttemptIdParams, body: MonitorRequest, response: { 200: SoftphoneCallOut } },
    },
    async (request) => dialer.monitor(request.account, request.params.attemptId, request.body.mode),
  );

  /** On the simulator: follow a call's words read-only (the live events bring each new line). */
  app.get(
    "/api/autodialer/supervisor/calls/:attemptId/listen",
    { config: admin, schema: { params: AttemptIdParams, response: { 200: ListenOut } } },
    async (request) => dialer.listen(request.account, request.params.attemptId),
  );

  app.delete(
    "/api/autodialer/supervisor/calls/:attemptId/monitor",
    { config: admin, schema: { params: AttemptIdParams, response: { 200: SoftphoneCallOut } } },
    async (request) => dialer.stopMonitoring(request.account, request.params.attemptId),
  );
};

/**
 * The softphone's TwiML app asks this when a softphone dials out. Public: it proves itself with
 * X-Twilio-Signature under the workspace's Twilio account, 403 otherwise.
 */
export const dialerWebhookRoutes: FastifyPluginAsyncZod<DialerRouteDeps & { config: Config }> = async (
  app,
  { dialer, config },
) => {
  acceptCarrierWebhooks(app);
  app.post(
    "/api/telephony/twilio/softphone/:workspaceId",
    {
      config: { public: true },
      schema: {
        body: FormParams,
        params: z.object({ workspaceId: z.uuid("That workspace id is not valid") }),
      },
    },
    async (request, reply) =>
      reply
        .type("text/xml; charset=utf-8")
        .send(await dialer.softphoneVoice(webhookRequest(request, config), request.params.workspaceId)),
  );
};
