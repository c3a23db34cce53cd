import type { PlansResponse } from "@common/billing";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** GET /api/subscription/plans: every plan keyed by id, prices from the server. */
export const plansQuery = queryOptions<PlansResponse>({
  queryKey: ["/api/subscription/plans"],
  staleTime: 5 * 60_000,
});

export const usePlans = () => useQuery(plansQuery);
