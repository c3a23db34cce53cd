import { LEADS_REFRESH_MS, LeadStats } from "@common/lead-generation";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";
import { LEADS_URL } from "./keys";

/** GET /api/leads/stats ("Lead stats"), refreshed every 30 s. */
export const leadStatsQueryOptions = queryOptions({
  queryKey: [LEADS_URL, "stats"],
  queryFn: () => getParsed(LeadStats, `${LEADS_URL}/stats`),
  refetchInterval: LEADS_REFRESH_MS,
});

export const useLeadStats = () => useQuery(leadStatsQueryOptions);
