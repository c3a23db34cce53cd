import type { Account } from "../../domain/account";
import type { CallReportFigures } from "../calls/report-figures";
import type { DialerReportFigures } from "../dialer/report-figures";

/**
 * What the reports use, handed over by the composition root: the autodialer's and the calls'
 * own reads of their tables (each area counts its rows), and the names rows are shown by.
 */
export type ReportsDeps = {
  attempts: Pick<DialerReportFigures, "tallies" | "abandonment" | "campaigns" | "hasCampaign">;
  calls: Pick<CallReportFigures, "tallies">;
  /** The workspace's members (reps), with the name the team list shows. */
  members: (account: Account) => Promise<{ userId: string; name: string }[]>;
  /** The workspace's AI agents. */
  aiAgents: (account: Account) => Promise<{ id: string; name: string }[]>;
  now?: () => Date;
};

export type ReportsContext = Required<ReportsDeps>;

export function reportsContext(deps: ReportsDeps): ReportsContext {
  return { ...deps, now: deps.now ?? (() => new Date()) };
}
