import { PAGE_HEADERS } from "@common/appointments";
import { type Contact, ContactOut, type ContactStatus, type LeadSource } from "@common/contacts";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { z } from "zod";
import { throwIfNotOk } from "../../../lib/api";

/** The contacts the lead side reads (GET /api/contacts); every contacts query is keyed under it. */
export const CONTACTS_URL = "/api/contacts";
/** Leads per "Load more". */
export const LEADS_PER_PAGE = 24;

/** The search (name, phone number or company) and the status and source filters combine. */
export type LeadFilters = { search: string; status?: ContactStatus; source?: LeadSource };

export type LeadsPage = { leads: Contact[]; page: number; total: number; totalPages: number };

export async function getLeadsPage(filters: LeadFilters, page: number): Promise<LeadsPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(LEADS_PER_PAGE) });
  const search = filters.search.trim();
  if (search) query.set("search", search);
  if (filters.status) query.set("status", filters.status);
  if (filters.source) query.set("source", filters.source);
  const response = await fetch(`${CONTACTS_URL}?${query}`, { credentials: "include" });
  await throwIfNotOk(response);
  const number = (name: string) => Number(response.headers.get(name) ?? 0);
  return {
    leads: z.array(ContactOut).parse(await response.json()),
    page: number(PAGE_HEADERS.page) || page,
    total: number(PAGE_HEADERS.total),
    totalPages: number(PAGE_HEADERS.totalPages),
  };
}

/** The list refreshes every 30 s. */
export const leadsQueryOptions = (filters: LeadFilters) =>
  infiniteQueryOptions({
    queryKey: [CONTACTS_URL, "leads", filters],
    queryFn: ({ pageParam }) => getLeadsPage(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    refetchInterval: 30_000,
    placeholderData: keepPreviousData,
  });

export function useLeads(filters: LeadFilters) {
  const query = useInfiniteQuery(leadsQueryOptions(filters));
  const pages = query.data?.pages ?? [];
  return { query, leads: pages.flatMap((page) => page.leads), total: pages.at(-1)?.total ?? 0 };
}
