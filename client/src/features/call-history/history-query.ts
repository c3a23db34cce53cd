import type { CALL_FILTERS, CALL_SORTS, CallOutcomeFilter, TestCallChoice } from "@common/calls";

// The history's filter, search, sort and page: kept in the address (use-history-params.ts), sent
// with the list (api/get-call-history.ts) and the CSV export (api/export-calls.ts).

/** The history shows 10 calls a page. */
export const HISTORY_PAGE_SIZE = 10;

export type HistoryFilter = (typeof CALL_FILTERS)[number];
/** What the calls came to: every call, one outcome, or the calls with none. */
export type HistoryOutcome = CallOutcomeFilter;
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
  outcome: HistoryOutcome;
  search: string;
  sortBy: HistorySortBy;
  sortOrder: HistorySortOrder;
  tests: TestCallView;
};

/** The filter, outcome, search and sort as query parameters, shared by the list and the CSV export. */
export function historyQueryString(params: Omit<HistoryParams, "page">): URLSearchParams {
  const query = new URLSearchParams({ filter: params.filter });
  if (params.outcome !== "all") query.set("outcome", params.outcome);
  const search = params.search.trim();
  if (search) query.set("search", search);
  query.set("sortBy", params.sortBy);
  query.set("sortOrder", params.sortOrder);
  query.set("testCalls", TEST_CALLS_PARAM[params.tests]);
  return query;
}
