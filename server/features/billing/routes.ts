import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CancelResponse,
  CheckoutRequest,
  CheckoutResponse,
  CheckoutSessionOut,
  CheckoutSessionParams,
  ConfirmCheckoutResponse,
  PlansResponse,
  SubscriptionResponse,
  UsageHistoryResponse,
  WebhookAck,
} from "../../../common/billing";
import { badRequest } from "../../http/errors";
import { requireFeature } from "../../http/plan-gate";
import { WebhookRejected } from "../../providers/payments/types";
import type { BillingService } from "./service";

const NO_BODY = z.object({}).passthrough().nullish();

export const billingRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (app, deps) => {
  const { billing } = deps;

  app.get(
    "/api/subscription/plans",
    { config: { role: "agent" }, schema: { response: { 200: PlansResponse } } },
    async () => billing.plans(),
  );

  app.get(
    "/api/subscription",
    { config: { role: "agent" }, schema: { response: { 200: SubscriptionResponse } } },
    async (request) => billing.overview(request.account),
  );

  app.post(
    "/api/subscription/checkout",
    { config: { role: "owner" }, schema: { body: CheckoutRequest, response: { 200: CheckoutResponse } } },
    async (request) => {
      const origin = `${request.protocol}://${request.host}`;
      return billing.checkout(request.account, request.body.planId, origin, request.body.metadata);
    },
  );

  app.post(
    "/api/subscription/cancel",
    { config: { role: "owner" }, schema: { body: NO_BODY, response: { 200: CancelResponse } } },
    async (request) => billing.cancel(request.account),
  );

  /** Advanced analytics: usage month by month (pro and the plans above it). */
  app.get(
    "/api/subscription/usage-history",
    {
      config: { role: "agent" },
      preHandler: requireFeature(billing, "advancedAnalytics"),
      schema: { response: { 200: UsageHistoryResponse } },
    },
    async (request) => ({ months: await billing.usageHistory(request.account, 12) }),
  );

  /** The local provider's order page reads and confirms its checkout through these. */
  app.get(
    "/api/checkout/:id",
    {
      config: { role: "owner" },
      schema: { params: CheckoutSessionParams, response: { 200: CheckoutSessionOut } },
    },
    async (request) => billing.checkoutSession(request.account, request.params.id),
  );

  app.post(
    "/api/checkout/:id/confirm",
    {
      config: { role: "owner" },
      schema: { params: CheckoutSessionParams, body: NO_BODY, response: { 200: ConfirmCheckoutResponse } },
    },
    async (request) => billing.confirmLocal(request.account, request.params.id),
  );

  await app.register(stripeWebhookRoute, deps);
};

/**
 * POST /api/payments/stripe/webhook. Public (Stripe has no session): the signature over the raw
 * body is the credential, so this plugin keeps JSON bodies as bytes.
 */
const stripeWebhookRoute: FastifyPluginAsyncZod<{ billing: BillingService }> = async (app, deps) => {
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    "/api/payments/stripe/webhook",
    { config: { public: true }, bodyLimit: 512 * 1024, schema: { response: { 200: WebhookAck } } },
    async (request) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw badRequest("Send the event as application/json");
      const signature = request.headers["stripe-signature"];
      try {
        const result = await deps.billing.stripeWebhook(
          raw,
          Array.isArray(signature) ? signature[0] : signature,
        );
        return { received: true as const, ...(result.duplicate ? { duplicate: true } : {}) };
      } catch (error) {
        if (error instanceof WebhookRejected) throw badRequest(error.message);
        throw error;
      }
    },
  );
};
