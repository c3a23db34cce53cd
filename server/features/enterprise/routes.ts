import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AnalyticsQuery,
  ENQUIRY_SENT,
  EnquiryCreated,
  EnquiryList,
  EnquiryListQuery,
  EnterpriseAnalytics,
  EnterpriseBulkCallRequest,
  EnterpriseCallStats,
  EnterpriseEnquiryRequest,
  StartCampaignRequest,
  StartCampaignResponse,
} from "../../../common/enterprise";
import { JobAccepted } from "../../../common/jobs";
import { safeString } from "../../../common/text";
import { requireAdmin } from "../../http/guards";
import { requireFeature } from "../../http/plan-gate";
import type { BillingService } from "../billing/service";
import { presentEnquiry } from "./presenter";
import type { EnterpriseService } from "./service";

export type EnterpriseRouteDeps = {
  enterprise: EnterpriseService;
  billing: Pick<BillingService, "requireFeature">;
};

/** An optional Idempotency-Key header: the same key is the same job (a retried request). */
const IdempotencyHeaders = z.object({
  "idempotency-key": safeString("The Idempotency-Key header").trim().min(8).max(100).optional(),
});

/**
 * Enterprise calling. Monitoring is for every member; starting a
 * campaign is a supervisor's (admin, as creating one on the Autodialer); the bulk call is behind
 * the same plan gate as /business-plan's. The contact-sales enquiry is anyone's; the list of
 * enquiries is the platform administrator's (users.role = admin), across workspaces.
 */
export const enterpriseRoutes: FastifyPluginAsyncZod<EnterpriseRouteDeps> = async (app, deps) => {
  const { enterprise } = deps;

  app.get(
    "/api/enterprise/call-stats",
    { config: { role: "agent" }, schema: { response: { 200: EnterpriseCallStats } } },
    async (request) => enterprise.callStats(request.account),
  );

  app.get(
    "/api/enterprise/analytics",
    {
      config: { role: "agent" },
      schema: { querystring: AnalyticsQuery, response: { 200: EnterpriseAnalytics } },
    },
    async (request) => enterprise.analytics(request.account, request.query.timeRange),
  );

  app.post(
    "/api/enterprise/start-campaign",
    {
      config: { role: "admin" },
      schema: { body: StartCampaignRequest, response: { 201: StartCampaignResponse } },
    },
    async (request, reply) =>
      reply.code(201).send(await enterprise.startCampaign(request.account, request.body)),
  );

  /** 202 with the calls.bulk job; its result carries results.successful (GET /api/jobs/:id). */
  app.post(
    "/api/enterprise/bulk-call",
    {
      config: { role: "agent" },
      preHandler: requireFeature(deps.billing, "businessFeatures"),
      schema: {
        body: EnterpriseBulkCallRequest,
        headers: IdempotencyHeaders,
        response: { 202: JobAccepted },
      },
    },
    async (request, reply) => {
      const key = request.headers["idempotency-key"] ?? randomUUID();
      const jobId = await enterprise.startBulkCall(request.account, request.body, key);
      return reply.code(202).send({ jobId });
    },
  );

  app.post(
    "/api/enterprise/enquiries",
    {
      config: { role: "agent" },
      schema: { body: EnterpriseEnquiryRequest, response: { 201: EnquiryCreated } },
    },
    async (request, reply) => {
      const row = await enterprise.sendEnquiry(request.account, request.body);
      return reply.code(201).send({ enquiry: presentEnquiry(row), message: ENQUIRY_SENT });
    },
  );

  /**
   * The platform administrator's list (the admin console shows it). Any signed-in person passes
   * the workspace role; requireAdmin then refuses everyone but users.role = admin with 403.
   */
  app.get(
    "/api/admin/enterprise-enquiries",
    {
      config: { role: "agent" },
      preHandler: requireAdmin,
      schema: { querystring: EnquiryListQuery, response: { 200: EnquiryList } },
    },
    async (request) => {
      const { page, limit, status } = request.query;
      const { rows, total } = await enterprise.listEnquiries(page, limit, status);
      return { enquiries: rows.map(presentEnquiry), total, page, limit };
    },
  );
};
