import { PAGE_HEADERS } from "@common/appointments";
import { type Campaign, CampaignOut } from "@common/dialer";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { throwIfNotOk } from "../../../lib/api";

/** Every autodialer route lives under this address, and every query of this feature is keyed under it. */
export const DIALER_URL = "/api/autodialer";
export const CAMPAIGNS_URL = `${DIALER_URL}/campaigns`;

/** Campaigns per page of the dashboard's list. */
export const CAMPAIGNS_PER_PAGE = 20;

export type CampaignsPage = { campaigns: Campaign[]; page: number; total: number; totalPages: number };

/** GET /api/autodialer/campaigns: one page, newest first; the totals come in the page headers. */
export async function getCampaignsPage(page: number, limit = CAMPAIGNS_PER_PAGE): Promise<CampaignsPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  const response = await fetch(`${CAMPAIGNS_URL}?${query}`, { credentials: "include" });
  await throwIfNotOk(response);
  const campaigns = z.array(CampaignOut).parse(await response.json());
  // A server that sends no paging headers sent the whole list.
  const header = (name: string) => response.headers.get(name);
  const total = Number(header(PAGE_HEADERS.total) ?? campaigns.length);
  return {
    campaigns,
    page: Number(header(PAGE_HEADERS.page) ?? page) || page,
    total,
    totalPages: Number(header(PAGE_HEADERS.totalPages) ?? 1) || 1,
  };
}

export const campaignsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [CAMPAIGNS_URL, "list", page],
    queryFn: () => getCampaignsPage(page),
    // Turning the page keeps the old one on screen until the next arrives.
    placeholderData: keepPreviousData,
  });

/**
 * The campaigns list. Spec 3 §9: it refreshes every 30 s; while a campaign runs, every 5 s, so
 * its counters move as the dialer works.
 */
export function useCampaigns(page: number) {
  return useQuery({
    ...campaignsQueryOptions(page),
    refetchInterval: (query) =>
      query.state.data?.campaigns.some((campaign) => campaign.status === "active") ? 5_000 : 30_000,
  });
}
