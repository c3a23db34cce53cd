import { type Campaign, CampaignOut } from "@common/dialer";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { getParsed } from "../../../lib/api";

/** Every autodialer route lives under this address, and every query of this feature is keyed under it. */
export const DIALER_URL = "/api/autodialer";
export const CAMPAIGNS_URL = `${DIALER_URL}/campaigns`;

/** GET /api/autodialer/campaigns: the workspace's campaigns with their counters, newest first. */
export const getCampaigns = (): Promise<Campaign[]> => getParsed(z.array(CampaignOut), CAMPAIGNS_URL);

export const campaignsQueryOptions = queryOptions({
  queryKey: [CAMPAIGNS_URL, "list"],
  queryFn: getCampaigns,
});

/**
 * The campaigns. The spec: lists refresh every 30 s; while a campaign runs, every 5 s, so its
 * counters move as the dialer works.
 */
export function useCampaigns() {
  return useQuery({
    ...campaignsQueryOptions,
    refetchInterval: (query) =>
      query.state.data?.some((campaign) => campaign.status === "active") ? 5_000 : 30_000,
  });
}
