import { Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import type { HistoryFilter, HistoryOutcome, TestCallView } from "../history-query";
import {
  FILTER_OPTIONS,
  OUTCOME_OPTIONS,
  SEARCH_MAX,
  SORT_OPTIONS,
  TEST_CALL_OPTIONS,
} from "../use-history-params";

/** How long typing must pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The search box (debounced), the type and outcome filters, the sort order and whether test calls show. */
export function HistoryFilters({
  search,
  filter,
  outcome,
  sort,
  tests,
  onSearch,
  onFilter,
  onOutcome,
  onSort,
  onTests,
}: {
  search: string;
  filter: HistoryFilter;
  outcome: HistoryOutcome;
  sort: string;
  tests: TestCallView;
  onSearch: (search: string) => void;
  onFilter: (filter: HistoryFilter) => void;
  onOutcome: (outcome: HistoryOutcome) => void;
  onSort: (sort: string) => void;
  onTests: (tests: TestCallView) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(search);

  // The address changed by itself (back, forward, a link): show its search.
  useEffect(() => setDraft(search), [search]);

  useEffect(() => {
    if (draft === search) return;
    const timer = window.setTimeout(() => onSearch(draft), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, search, onSearch]);

  return (
    <search
      aria-label="Find calls"
      className="grid gap-3 sm:grid-cols-2 md:grid-cols-4 md:items-end xl:grid-cols-[minmax(0,1fr)_10rem_10rem_10rem_11rem]"
    >
      <div className="grid gap-1.5 sm:col-span-2 md:col-span-4 xl:col-span-1">
        <Label htmlFor={`${id}-search`}>Search</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={`${id}-search`}
            type="search"
            className="pl-9"
            placeholder="Search by phone number, caller name, or classification..."
            maxLength={SEARCH_MAX}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              // Enter searches at once instead of waiting for the pause.
              if (event.key === "Enter" && draft !== search) onSearch(draft);
            }}
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-filter`}>Call type</Label>
        <NativeSelect
          id={`${id}-filter`}
          value={filter}
          onChange={(event) => onFilter(event.target.value as HistoryFilter)}
        >
          {FILTER_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-outcome`}>Outcome</Label>
        <NativeSelect
          id={`${id}-outcome`}
          value={outcome}
          onChange={(event) => onOutcome(event.target.value as HistoryOutcome)}
        >
          {OUTCOME_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-sort`}>Sort by</Label>
        <NativeSelect id={`${id}-sort`} value={sort} onChange={(event) => onSort(event.target.value)}>
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-tests`}>Test calls</Label>
        <NativeSelect
          id={`${id}-tests`}
          value={tests}
          onChange={(event) => onTests(event.target.value as TestCallView)}
        >
          {TEST_CALL_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </search>
  );
}
