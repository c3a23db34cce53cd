import { CALL_DISPOSITION_LABELS, CALL_FILTERS, CALL_OUTCOME_FILTERS } from "@common/calls";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type {
  HistoryFilter,
  HistoryOutcome,
  HistoryParams,
  HistorySortBy,
  HistorySortOrder,
  TestCallView,
} from "./history-query";

/** The type filter, in the order the spec lists it, with Important after Legitimate. */
export const FILTER_OPTIONS: { value: HistoryFilter; label: string }[] = [
  { value: "all", label: "All Calls" },
  { value: "spam", label: "Spam" },
  { value: "appointment", label: "Appointments" },
  { value: "support", label: "Support" },
  { value: "sales", label: "Sales" },
  { value: "legitimate", label: "Legitimate" },
  { value: "important", label: "Important" },
];

/** What the calls came to, good news first; then the calls that came to nothing. */
export const OUTCOME_OPTIONS: { value: HistoryOutcome; label: string }[] = [
  { value: "all", label: "All outcomes" },
  ...(
    [
      "booked",
      "qualified",
      "interested",
      "call_back",
      "transferred",
      "not_interested",
      "do_not_call",
      "wrong_number",
      "voicemail",
    ] as const
  ).map((value) => ({ value, label: CALL_DISPOSITION_LABELS[value] })),
  { value: "none", label: "No outcome" },
];

export const SORT_OPTIONS: {
  value: string;
  label: string;
  sortBy: HistorySortBy;
  sortOrder: HistorySortOrder;
}[] = [
  { value: "createdAt:desc", label: "Latest First", sortBy: "createdAt", sortOrder: "desc" },
  { value: "createdAt:asc", label: "Oldest First", sortBy: "createdAt", sortOrder: "asc" },
  { value: "duration:desc", label: "Longest Duration", sortBy: "duration", sortOrder: "desc" },
  { value: "duration:asc", label: "Shortest Duration", sortBy: "duration", sortOrder: "asc" },
  { value: "importance:desc", label: "Highest Priority", sortBy: "importance", sortOrder: "desc" },
];

/** Test calls are hidden unless asked for: the list shows what the figures count. */
export const TEST_CALL_OPTIONS: { value: TestCallView; label: string }[] = [
  { value: "hide", label: "Hidden" },
  { value: "show", label: "Shown with the others" },
  { value: "only", label: "Only test calls" },
];

const DEFAULT_SORT = SORT_OPTIONS[0]!;
/** The API's limit on the search text. */
export const SEARCH_MAX = 100;

export type HistoryChange = Partial<Omit<HistoryParams, "sortBy" | "sortOrder">> & { sort?: string };

/**
 * The screen's page, filter, outcome, search, sort and test-call view live in the address (page,
 * filter, outcome, search, sortBy, sortOrder, tests; defaults left out), so a reload or a shared
 * link shows the same view. Anything that is not a valid value falls back to the default.
 */
export function useHistoryParams(): {
  params: HistoryParams;
  sort: string;
  update: (change: HistoryChange, options?: { replace?: boolean }) => void;
} {
  const [searchParams, setSearchParams] = useSearchParams();

  const params = useMemo<HistoryParams>(() => {
    const rawPage = Number(searchParams.get("page"));
    const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
    const rawFilter = searchParams.get("filter");
    const filter = (CALL_FILTERS as readonly string[]).includes(rawFilter ?? "")
      ? (rawFilter as HistoryFilter)
      : "all";
    const rawOutcome = searchParams.get("outcome");
    const outcome = (CALL_OUTCOME_FILTERS as readonly string[]).includes(rawOutcome ?? "")
      ? (rawOutcome as HistoryOutcome)
      : "all";
    const search = (searchParams.get("search") ?? "").slice(0, SEARCH_MAX);
    const sort =
      SORT_OPTIONS.find(
        (option) =>
          option.sortBy === searchParams.get("sortBy") && option.sortOrder === searchParams.get("sortOrder"),
      ) ?? DEFAULT_SORT;
    const rawTests = searchParams.get("tests");
    const tests = TEST_CALL_OPTIONS.find((option) => option.value === rawTests)?.value ?? "hide";
    return { page, filter, outcome, search, sortBy: sort.sortBy, sortOrder: sort.sortOrder, tests };
  }, [searchParams]);

  const update = useCallback(
    (change: HistoryChange, options?: { replace?: boolean }) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const set = (key: string, value: string, fallback: string) => {
            if (value === fallback) next.delete(key);
            else next.set(key, value);
          };
          if (change.filter !== undefined) set("filter", change.filter, "all");
          if (change.outcome !== undefined) set("outcome", change.outcome, "all");
          if (change.search !== undefined) set("search", change.search, "");
          if (change.tests !== undefined) set("tests", change.tests, "hide");
          if (change.sort !== undefined) {
            const sort = SORT_OPTIONS.find((option) => option.value === change.sort) ?? DEFAULT_SORT;
            if (sort === DEFAULT_SORT) {
              next.delete("sortBy");
              next.delete("sortOrder");
            } else {
              next.set("sortBy", sort.sortBy);
              next.set("sortOrder", sort.sortOrder);
            }
          }
          // A new filter, search or sort starts again at the first page.
          const page =
            change.page ??
            (change.filter !== undefined ||
            change.outcome !== undefined ||
            change.search !== undefined ||
            change.sort !== undefined ||
            change.tests !== undefined
              ? 1
              : undefined);
          if (page !== undefined) set("page", String(page), "1");
          return next;
        },
        { replace: options?.replace ?? false },
      );
    },
    [setSearchParams],
  );

  return { params, sort: `${params.sortBy}:${params.sortOrder}`, update };
}
