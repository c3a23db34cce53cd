import { PAGE_HEADERS } from "@common/appointments";
import {
  type Contact,
  ContactOut,
  type ContactSort,
  type ContactStatus,
  type LeadSource,
} from "@common/contacts";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { z } from "zod";
import { throwIfNotOk } from "../../../lib/api";

/** GET and POST /api/contacts; every query of this area is keyed under it. */
export const CONTACTS_URL = "/api/contacts";

/** What the screens filter by; left out means "any". */
export type ContactFilters = {
  search?: string;
  status?: ContactStatus;
  source?: LeadSource;
  tag?: string;
  favorite?: boolean;
  hasPhone?: boolean;
  doNotCall?: boolean;
  /** A saved segment's id: its contacts, narrowed by the other filters. */
  segment?: string;
  sort?: ContactSort;
};

export type ContactsPage = {
  contacts: Contact[];
  page: number;
  total: number;
  totalPages: number;
  /** The total is the planner's estimate (a very large workspace), not an exact count. */
  estimated: boolean;
};

/** Sent with X-Total-Count when the server estimated the total. */
const ESTIMATED_HEADER = "x-total-count-estimated";

/** The filters as query parameters, without the empty ones (shared with the CSV export). */
export function contactsQueryString(filters: ContactFilters): URLSearchParams {
  const query = new URLSearchParams();
  const search = filters.search?.trim();
  if (search) query.set("search", search);
  if (filters.status) query.set("status", filters.status);
  if (filters.source) query.set("source", filters.source);
  const tag = filters.tag?.trim();
  if (tag) query.set("tag", tag);
  if (filters.favorite !== undefined) query.set("favorite", String(filters.favorite));
  if (filters.hasPhone !== undefined) query.set("hasPhone", String(filters.hasPhone));
  if (filters.doNotCall !== undefined) query.set("doNotCall", String(filters.doNotCall));
  if (filters.segment) query.set("segment", filters.segment);
  if (filters.sort) query.set("sort", filters.sort);
  return query;
}

/** One page from the server; the total and the page count come in the response headers. */
export async function getContactsPage(
  filters: ContactFilters,
  page: number,
  limit: number,
): Promise<ContactsPage> {
  const query = contactsQueryString(filters);
  query.set("page", String(page));
  query.set("limit", String(limit));
  const response = await fetch(`${CONTACTS_URL}?${query}`, { credentials: "include" });
  await throwIfNotOk(response);
  const number = (name: string) => Number(response.headers.get(name) ?? 0);
  return {
    contacts: z.array(ContactOut).parse(await response.json()),
    page: number(PAGE_HEADERS.page) || page,
    total: number(PAGE_HEADERS.total),
    totalPages: number(PAGE_HEADERS.totalPages),
    estimated: response.headers.get(ESTIMATED_HEADER) === "true",
  };
}

/** Contacts per "Load more". */
export const CONTACTS_PER_PAGE = 25;

export const contactsQueryOptions = (filters: ContactFilters) =>
  infiniteQueryOptions({
    queryKey: [CONTACTS_URL, "list", filters],
    queryFn: ({ pageParam }) => getContactsPage(filters, pageParam, CONTACTS_PER_PAGE),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    // A new search keeps the old list on screen (dimmed) until the answer comes.
    placeholderData: keepPreviousData,
  });

/** The matching contacts so far, "Load more" for the next page, and how many match in all. */
export function useContacts(filters: ContactFilters) {
  const query = useInfiniteQuery(contactsQueryOptions(filters));
  const pages = query.data?.pages ?? [];
  return {
    query,
    contacts: pages.flatMap((page) => page.contacts),
    total: pages.at(-1)?.total ?? 0,
    estimated: pages.at(-1)?.estimated ?? false,
  };
}
