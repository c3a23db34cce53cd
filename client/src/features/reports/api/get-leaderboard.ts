import { Leaderboard, type LeaderboardPeriod } from "@common/reports";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";
import { REPORTS_URL } from "./get-report";

export const leaderboardQueryOptions = (period: LeaderboardPeriod) =>
  queryOptions({
    queryKey: [REPORTS_URL, "leaderboard", period],
    queryFn: () => getParsed(Leaderboard, `${REPORTS_URL}/leaderboard?period=${period}`),
  });

/** GET /api/reports/leaderboard, read again every minute while the dashboard is live. */
export function useLeaderboard(period: LeaderboardPeriod, live: boolean) {
  return useQuery({
    ...leaderboardQueryOptions(period),
    placeholderData: keepPreviousData,
    refetchInterval: live ? 60_000 : false,
  });
}
