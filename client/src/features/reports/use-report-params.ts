import { calendarDay } from "@common/reports";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { ReportParams } from "./api/get-report";
import { DEFAULT_PRESET, presetRange, rangeProblems } from "./range-presets";

/**
 * The report asked for, kept in the address (?from=2026-03-01&to=2026-03-31&campaign=...), so a
 * reload or a shared link shows the same report; a missing or broken range reads as the last 7
 * days in the workspace's zone.
 */
export function useReportParams(timeZone: string): {
  params: ReportParams;
  setParams: (next: Partial<ReportParams>) => void;
} {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo<ReportParams>(() => {
    const from = searchParams.get("from") ?? "";
    const to = searchParams.get("to") ?? "";
    const asked = { from, to };
    const range =
      calendarDay(from) !== null && calendarDay(to) !== null && Object.keys(rangeProblems(asked)).length === 0
        ? asked
        : presetRange(DEFAULT_PRESET, new Date(), timeZone);
    return { ...range, campaignId: searchParams.get("campaign") || null };
  }, [searchParams, timeZone]);

  const setParams = useCallback(
    (next: Partial<ReportParams>) =>
      setSearchParams(
        (current) => {
          const merged = { ...params, ...next };
          const search = new URLSearchParams(current);
          search.set("from", merged.from);
          search.set("to", merged.to);
          if (merged.campaignId) search.set("campaign", merged.campaignId);
          else search.delete("campaign");
          return search;
        },
        { replace: true },
      ),
    [params, setSearchParams],
  );
  return { params, setParams };
}
