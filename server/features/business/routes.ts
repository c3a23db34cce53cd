import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { BulkCallRequest } from "../../../common/business";
import { JobAccepted } from "../../../common/jobs";
import { safeString } from "../../../common/text";
import { requireFeature } from "../../http/plan-gate";
import type { BillingService } from "../billing/service";
import type { BusinessService } from "./service";

/** An optional Idempotency-Key header: the same key is the same job (a retried request). */
const IdempotencyHeaders = z.object({
  "idempotency-key": safeString("The Idempotency-Key header").trim().min(8).max(100).optional(),
});

/**
 * Business features (/business-plan): plan business or pro only. The
 * screen's CSV import, POST /api/contacts/import, is the contacts importer's
 * (features/contacts/import-routes.ts), behind the same gate.
 */
export type BusinessRouteDeps = {
  business: BusinessService;
  billing: Pick<BillingService, "requireFeature">;
};

export const businessRoutes: FastifyPluginAsyncZod<BusinessRouteDeps> = async (app, deps) => {
  const { business } = deps;

  /**
   * Bulk calling: 202 with a job id at once; the job (server/jobs/kinds/bulk-call.ts) places one
   * outbound call per number through the phone service, and the screen follows its progress on
   * GET /api/jobs/:id and /api/events. Its result is the per-number answer the spec's screen shows.
   */
  app.post(
    "/api/calls/bulk",
    {
      config: { role: "agent" },
      preHandler: requireFeature(deps.billing, "businessFeatures"),
      schema: { body: BulkCallRequest, headers: IdempotencyHeaders, response: { 202: JobAccepted } },
    },
    async (request, reply) => {
      // A browser retrying the same request sends the same key and gets the same job back.
      const key = request.headers["idempotency-key"] ?? randomUUID();
      const jobId = await business.startBulkCall(request.account, request.body, `bulk:${key}`);
      return reply.code(202).send({ jobId });
    },
  );
};
