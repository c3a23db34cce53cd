import type { SubscriptionResponse } from "@common/billing";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** GET /api/subscription (the subscription screen's cache key): whether voice cloning is included. */
export const planAccessQuery = queryOptions<SubscriptionResponse>({ queryKey: ["/api/subscription"] });

export const usePlanAccess = () => useQuery(planAccessQuery);
