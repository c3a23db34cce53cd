import type { SubscriptionResponse } from "@common/billing";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** GET /api/subscription (shared cache key with the subscription screen): what the plan allows. */
export const accessQuery = queryOptions<SubscriptionResponse>({ queryKey: ["/api/subscription"] });

export const usePlanAccess = () => useQuery(accessQuery);
