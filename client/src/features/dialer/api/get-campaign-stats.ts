import { CampaignStatsOut } from "@common/dialer";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";
import { CAMPAIGNS_URL } from "./get-campaigns";

/** GET /api/autodialer/campaigns/:id/stats: today's figures and the abandonment rates. */
export const campaignStatsUrl = (id: string) => `${CAMPAIGNS_URL}/${encodeURIComponent(id)}/stats`;

export const campaignStatsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [CAMPAIGNS_URL, "stats", id],
    queryFn: () => getParsed(CampaignStatsOut, campaignStatsUrl(id)),
  });

/** A campaign's stats, refreshed every 5 s while it dials and every 30 s otherwise. */
export function useCampaignStats(id: string | null, active: boolean) {
  return useQuery({
    ...campaignStatsQueryOptions(id ?? ""),
    enabled: Boolean(id),
    refetchInterval: active ? 5_000 : 30_000,
  });
}
