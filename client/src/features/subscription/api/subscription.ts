import type { SubscriptionResponse } from "@common/billing";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** GET /api/subscription: plan, status, this month's usage, the plan's features and access. */
export const SUBSCRIPTION_URL = "/api/subscription";

export const subscriptionQuery = queryOptions<SubscriptionResponse>({ queryKey: [SUBSCRIPTION_URL] });

export const useSubscription = () => useQuery(subscriptionQuery);
