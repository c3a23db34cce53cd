import { CallListResponse } from "@common/calls";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";
import { HISTORY_PAGE_SIZE, type HistoryParams, historyQueryString } from "../history-query";

/** GET /api/calls?page&limit=10&filter&search&sortBy&sortOrder, and which test calls. */
export function callHistoryUrl(params: HistoryParams): string {
  const query = historyQueryString(params);
  query.set("page", String(params.page));
  query.set("limit", String(HISTORY_PAGE_SIZE));
  return `/api/calls?${query.toString()}`;
}

export const getCallHistory = (params: HistoryParams) => getParsed(CallListResponse, callHistoryUrl(params));

/**
 * Keyed by the full URL, so each page, filter and sort is cached on its own. Polled every
 * 30 s and fresh for 15 s; the previous page stays on screen while the next loads.
 */
export const callHistoryQueryOptions = (params: HistoryParams) =>
  queryOptions({
    queryKey: [callHistoryUrl(params)],
    queryFn: () => getCallHistory(params),
    refetchInterval: 30_000,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

export const useCallHistory = (params: HistoryParams) => useQuery(callHistoryQueryOptions(params));
