import type { CALL_FILTERS, CALL_SORTS, CallListResponse, TestCallChoice } from "@common/calls";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

/** Spec 1 §9: the history shows 10 calls a page. */
export const HISTORY_PAGE_SIZE = 10;

export type HistoryFilter = (typeof CALL_FILTERS)[number];
export type HistorySortBy = (typeof CALL_SORTS)[number];
export type HistorySortOrder = "asc" | "desc";
/** Test calls in the list: hidden (the default), shown with the others, or only them. */
export type TestCallView = "hide" | "show" | "only";

const TEST_CALLS_PARAM: Record<TestCallView, TestCallChoice> = {
  hide: "exclude",
  show: "include",
  only: "only",
};

export type HistoryParams = {
  page: number;
  filter: HistoryFilter;
  search: string;
  sortBy: HistorySortBy;
  sortOrder: HistorySortOrder;
  tests: TestCallView;
};

/** The filter, search and sort as query parameters, shared by the list and the CSV export. */
export function historyQueryString(params: Omit<HistoryParams, "page">): URLSearchParams {
  const query = new URLSearchParams({ filter: params.filter });
  const search = params.search.trim();
  if (search) query.set("search", search);
  query.set("sortBy", params.sortBy);
  query.set("sortOrder", params.sortOrder);
  query.set("testCalls", TEST_CALLS_PARAM[params.tests]);
  return query;
}

/** GET /api/calls?page&limit=10&filter&search&sortBy&sortOrder (spec 1 §7.2), and which test calls. */
export function callHistoryUrl(params: HistoryParams): string {
  const query = historyQueryString(params);
  query.set("page", String(params.page));
  query.set("limit", String(HISTORY_PAGE_SIZE));
  return `/api/calls?${query.toString()}`;
}

/**
 * Keyed by the full URL: the default query function GETs the key's first element. Polled every
 * 30 s and fresh for 15 s (spec 1 §7.2); the previous page stays on screen while the next loads.
 */
export const callHistoryQuery = (params: HistoryParams) =>
  queryOptions<CallListResponse>({
    queryKey: [callHistoryUrl(params)],
    refetchInterval: 30_000,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

export const useCallHistory = (params: HistoryParams) => useQuery(callHistoryQuery(params));
