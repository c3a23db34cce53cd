import { type LeadListQuery, LeadPage, type LeadStatus } from "@common/dialer";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";
import { CAMPAIGNS_URL } from "./get-campaigns";

/** Leads per page of a campaign's lead list. */
export const LEADS_PER_PAGE = 25;

/** GET /api/autodialer/campaigns/:id/leads?status&page&limit: one page and the total. */
export function getCampaignLeads(id: string, query: LeadListQuery) {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  params.set("page", String(query.page ?? 1));
  params.set("limit", String(query.limit ?? LEADS_PER_PAGE));
  return getParsed(LeadPage, `${CAMPAIGNS_URL}/${encodeURIComponent(id)}/leads?${params}`);
}

export const campaignLeadsQueryOptions = (id: string, status: LeadStatus | undefined, page: number) =>
  queryOptions({
    queryKey: [CAMPAIGNS_URL, "leads", id, status ?? "all", page],
    queryFn: () => getCampaignLeads(id, { status, page, limit: LEADS_PER_PAGE }),
    placeholderData: keepPreviousData,
  });

/** A campaign's leads, paged and filtered by the server; every 10 s while the campaign dials. */
export function useCampaignLeads(id: string, status: LeadStatus | undefined, page: number, active: boolean) {
  return useQuery({
    ...campaignLeadsQueryOptions(id, status, page),
    refetchInterval: active ? 10_000 : false,
  });
}
