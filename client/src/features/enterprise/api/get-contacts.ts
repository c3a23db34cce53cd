import { PAGE_HEADERS } from "@common/appointments";
import { ContactOut } from "@common/contacts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { throwIfNotOk } from "../../../lib/api";

/** Every contacts query is keyed under this, so one invalidation refreshes them all. */
const CONTACTS_URL = "/api/contacts";
export const CONTACTS_SHOWN = 50;

/** GET /api/contacts?hasPhone=true: the contacts a campaign can dial, searched on the server. */
async function getCallableContacts(search: string) {
  const query = new URLSearchParams({ hasPhone: "true", doNotCall: "false", limit: String(CONTACTS_SHOWN) });
  if (search.trim()) query.set("search", search.trim());
  const response = await fetch(`${CONTACTS_URL}?${query}`, { credentials: "include" });
  await throwIfNotOk(response);
  return {
    contacts: z.array(ContactOut).parse(await response.json()),
    total: Number(response.headers.get(PAGE_HEADERS.total) ?? 0),
  };
}

export const callableContactsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [CONTACTS_URL, "enterprise-campaign", search.trim()],
    queryFn: () => getCallableContacts(search),
    placeholderData: keepPreviousData,
  });

export const useCallableContacts = (search: string) => useQuery(callableContactsQueryOptions(search));
