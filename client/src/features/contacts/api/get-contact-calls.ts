import { ContactCallsResponse } from "@common/calls";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";
import { CONTACTS_URL } from "./get-contacts";

/** A contact's history shows this many calls a page. */
export const CONTACT_CALLS_PAGE_SIZE = 10;

/** GET /api/contacts/:id/calls: a page of the calls to and from the contact, with what each came to. */
export const contactCallsUrl = (id: string, page: number) =>
  `${CONTACTS_URL}/${encodeURIComponent(id)}/calls?page=${page}&limit=${CONTACT_CALLS_PAGE_SIZE}`;

export const contactCallsQueryOptions = (id: string, page: number) =>
  queryOptions({
    // Under the contacts' key, so whatever refreshes the contacts refreshes their histories.
    queryKey: [CONTACTS_URL, id, "calls", page],
    queryFn: () => getParsed(ContactCallsResponse, contactCallsUrl(id, page)),
    placeholderData: keepPreviousData,
  });

/** The contact's calls, while its history is open (id null: closed). */
export function useContactCalls(id: string | null, page: number) {
  return useQuery({ ...contactCallsQueryOptions(id ?? "", page), enabled: id !== null });
}
