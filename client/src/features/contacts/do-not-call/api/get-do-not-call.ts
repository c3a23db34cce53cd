import { PAGE_HEADERS } from "@common/appointments";
import { type DoNotCallEntry, DoNotCallOut } from "@common/contacts";
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { z } from "zod";
import { throwIfNotOk } from "../../../../lib/api";
import { CONTACTS_URL } from "../../api/get-contacts";

/** GET, POST /api/do-not-call; DELETE /api/do-not-call/:id; POST .../import; GET .../export. */
export const DO_NOT_CALL_URL = "/api/do-not-call";

/**
 * The list's queries are keyed under the contacts' key: a contact's do-not-call switch adds or
 * removes an entry, and every contact change already refreshes [CONTACTS_URL].
 */
export const DO_NOT_CALL_KEY = [CONTACTS_URL, "do-not-call"] as const;

/** Entries per "Load more". */
export const DO_NOT_CALL_PER_PAGE = 25;

export type DoNotCallPage = { entries: DoNotCallEntry[]; page: number; total: number; totalPages: number };

/** One page, newest first, matching `search` (typed text or digits); totals in the headers. */
export async function getDoNotCallPage(search: string, page: number, limit: number): Promise<DoNotCallPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  const trimmed = search.trim();
  if (trimmed) query.set("search", trimmed);
  const response = await fetch(`${DO_NOT_CALL_URL}?${query}`, { credentials: "include" });
  await throwIfNotOk(response);
  const number = (name: string) => Number(response.headers.get(name) ?? 0);
  return {
    entries: z.array(DoNotCallOut).parse(await response.json()),
    page: number(PAGE_HEADERS.page) || page,
    total: number(PAGE_HEADERS.total),
    totalPages: number(PAGE_HEADERS.totalPages),
  };
}

export const doNotCallQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...DO_NOT_CALL_KEY, search.trim()],
    queryFn: ({ pageParam }) => getDoNotCallPage(search, pageParam, DO_NOT_CALL_PER_PAGE),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    // A new search keeps the old list on screen (dimmed) until the answer comes.
    placeholderData: keepPreviousData,
  });

/** The matching entries so far, "Load more" for the next page, and how many match in all. */
export function useDoNotCall(search: string) {
  const query = useInfiniteQuery(doNotCallQueryOptions(search));
  const pages = query.data?.pages ?? [];
  return { query, entries: pages.flatMap((page) => page.entries), total: pages.at(-1)?.total ?? 0 };
}

/** After a change to the list: every search of it. */
export function useRefreshDoNotCall() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: DO_NOT_CALL_KEY });
}
