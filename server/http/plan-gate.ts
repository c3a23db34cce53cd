import type { FastifyRequest } from "fastify";
import type { PlanDefinition, PlanFeatureKey } from "../../common/plans";

/** What the gate needs: the billing service's check (see features/billing/service.ts). */
export type PlanChecker = {
  requireFeature(account: FastifyRequest["account"], feature: PlanFeatureKey): Promise<PlanDefinition>;
};

/**
 * A preHandler that refuses the route with 402 and the upgrade message when the account's plan
 * does not include the feature. Runs after the session guard, before the handler.
 */
export function requireFeature(billing: PlanChecker, feature: PlanFeatureKey) {
  return async (request: FastifyRequest): Promise<void> => {
    await billing.requireFeature(request.account, feature);
  };
}
