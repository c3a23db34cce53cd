import type { Readable } from "node:stream";
import {
  LEADERBOARD_PERIOD_DAYS,
  type Leaderboard,
  type LeaderboardPeriod,
  type Report,
  type ReportExportView,
} from "../../../common/reports";
import type { Account } from "../../domain/account";
import { csvFileStream } from "../../http/csv";
import { type ReportsDeps, reportsContext } from "./context";
import { reportFileName, reportTable } from "./presenter";
import { addDays, todayIn } from "./range";
import { buildReport } from "./report";

export type { ReportsDeps } from "./context";

/**
 * Reports (per campaign and per agent over days in the workspace's zone), the enterprise
 * dashboard's agent leaderboard and the tables as CSV. Every figure is counted from the
 * autodialer's attempts and the calls when asked; nothing is kept.
 */
export function reportsService(deps: ReportsDeps) {
  const ctx = reportsContext(deps);

  return {
    report: (account: Account, query: { from: string; to: string; campaignId?: string | undefined }) =>
      buildReport(ctx, account, query),

    /** Agents by conversions, then connects, then calls, over the period up to today (the workspace's). */
    async leaderboard(account: Account, period: LeaderboardPeriod): Promise<Leaderboard> {
      const to = todayIn(ctx.now(), account.timezone);
      const from = addDays(to, 1 - LEADERBOARD_PERIOD_DAYS[period]);
      const report = await buildReport(ctx, account, { from, to }, false);
      return {
        period,
        from,
        to,
        agents: report.agents.map((agent, index) => ({ ...agent, rank: index + 1 })),
      };
    },

    /** One table of the report as a CSV file, with its name. */
    async exportCsv(
      account: Account,
      query: { from: string; to: string; campaignId?: string | undefined; view: ReportExportView },
    ): Promise<{ fileName: string; body: Readable; report: Report }> {
      const report = await buildReport(ctx, account, query, query.view === "days");
      const { headers, rows } = reportTable(query.view, report);
      return {
        fileName: reportFileName(query.view, report),
        body: csvFileStream(headers, fromArray(rows)),
        report,
      };
    },
  };
}

export type ReportsService = ReturnType<typeof reportsService>;

async function* fromArray<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}
