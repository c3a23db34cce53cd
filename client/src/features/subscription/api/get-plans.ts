import { PlansResponse } from "@common/billing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

/** GET /api/subscription/plans: every plan keyed by id, prices from the server. */
export const getPlans = () => getParsed(PlansResponse, "/api/subscription/plans");

export const plansQueryOptions = queryOptions({
  queryKey: ["/api/subscription/plans"],
  queryFn: getPlans,
  staleTime: 5 * 60_000,
});

export const usePlans = () => useQuery(plansQueryOptions);
