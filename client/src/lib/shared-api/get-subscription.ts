import { SubscriptionResponse } from "@common/billing";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { getParsed } from "../api";

/**
 * GET /api/subscription: plan, status, this month's usage, the plan's features and access. The
 * subscription screen shows it all; Settings and Business Features read what the plan allows.
 * One definition, so the three share one cache entry fetched and parsed one way.
 */
export const SUBSCRIPTION_URL = "/api/subscription";

export const getSubscription = () => getParsed(SubscriptionResponse, SUBSCRIPTION_URL);

export const subscriptionQueryOptions = queryOptions({
  queryKey: [SUBSCRIPTION_URL],
  queryFn: getSubscription,
});

export const useSubscription = () => useQuery(subscriptionQueryOptions);

/** Marks the subscription stale (a payment or cancellation changed it); mounted views re-read it. */
export function useRefreshSubscription() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: subscriptionQueryOptions.queryKey }),
    [queryClient],
  );
}
