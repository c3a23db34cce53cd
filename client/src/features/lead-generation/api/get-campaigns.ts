import { LEADS_REFRESH_MS, LeadCampaignOut } from "@common/lead-generation";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { getParsed } from "../../../lib/api";
import { LEADS_URL } from "./keys";

/** GET /api/leads/campaigns, refreshed every 30 s. */
export const campaignsQueryOptions = queryOptions({
  queryKey: [LEADS_URL, "campaigns"],
  queryFn: () => getParsed(z.array(LeadCampaignOut), `${LEADS_URL}/campaigns`),
  refetchInterval: LEADS_REFRESH_MS,
});

export const useCampaigns = () => useQuery(campaignsQueryOptions);
