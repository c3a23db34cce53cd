import { PAGE_HEADERS } from "@common/appointments";
import { type Contact, ContactOut } from "@common/contacts";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { z } from "zod";
import { throwIfNotOk } from "../../../lib/api";

/**
 * GET /api/contacts?hasPhone=true&doNotCall=false&search: the lead manager's contacts a campaign
 * can import, searched and paged by the server. Keyed under /api/contacts (the contacts
 * feature's key) so a change there refreshes this picker too.
 */
const CONTACTS_URL = "/api/contacts";
export const CONTACTS_PER_PAGE = 25;

type ContactsPage = { contacts: Contact[]; page: number; total: number; totalPages: number };

export async function getDialableContacts(search: string, page: number): Promise<ContactsPage> {
  const query = new URLSearchParams({
    hasPhone: "true",
    doNotCall: "false",
    page: String(page),
    limit: String(CONTACTS_PER_PAGE),
  });
  const trimmed = search.trim();
  if (trimmed) query.set("search", trimmed);
  const response = await fetch(`${CONTACTS_URL}?${query}`, { credentials: "include" });
  await throwIfNotOk(response);
  const number = (name: string) => Number(response.headers.get(name) ?? 0);
  return {
    contacts: z.array(ContactOut).parse(await response.json()),
    page: number(PAGE_HEADERS.page) || page,
    total: number(PAGE_HEADERS.total),
    totalPages: number(PAGE_HEADERS.totalPages),
  };
}

export const dialableContactsQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: [CONTACTS_URL, "dialer-import", search.trim()],
    queryFn: ({ pageParam }) => getDialableContacts(search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });

/** The matching contacts so far, "Load more" for the next page, and how many match in all. */
export function useDialableContacts(search: string, enabled: boolean) {
  const query = useInfiniteQuery({ ...dialableContactsQueryOptions(search), enabled });
  const pages = query.data?.pages ?? [];
  return { query, contacts: pages.flatMap((page) => page.contacts), total: pages.at(-1)?.total ?? 0 };
}
