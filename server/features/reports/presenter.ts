import {
  AGENT_KIND_LABELS,
  type AgentKind,
  type AgentReportRow,
  type CampaignReportRow,
  REPORT_OUTCOME_CODES,
  REPORT_OUTCOMES,
  type Report,
  type ReportExportView,
  type ReportFigures,
} from "../../../common/reports";

/** The row of the calls outside the autodialer and bulk calls (a contact's Dial, calls in). */
export const OTHER_CALLS_NAME = "Other calls (outside campaigns)";

/** A campaign's row, a bulk call run's (by its name), or the other calls' (neither). */
export function presentCampaignRow(
  campaignId: string | null,
  campaign: { name: string; status: string } | undefined,
  figures: ReportFigures,
  bulkRun: string | null = null,
): CampaignReportRow {
  return {
    campaignId,
    bulkRun,
    name: bulkRun ?? (campaignId ? (campaign?.name ?? "Deleted campaign") : OTHER_CALLS_NAME),
    status: campaign?.status ?? null,
    ...figures,
  };
}

/** An agent's row, named as the team list or the AI agents list names it (gone since: said so). */
export function presentAgentRow(
  kind: AgentKind,
  agentId: string,
  name: string | undefined,
  figures: ReportFigures,
): AgentReportRow {
  return {
    kind,
    agentId,
    name: name ?? (kind === "rep" ? "Former member" : "Deleted AI agent"),
    ...figures,
  };
}

// --- CSV ----------------------------------------------------------------------------------------

const CALL_HEADERS = [
  "Calls",
  "Dials",
  "Contacts (answered by a person)",
  "Contact rate %",
  "Inbound",
  "Connects",
  "Talk time (seconds)",
  "Average talk (seconds)",
  "Average wait (seconds)",
  "Average wrap-up (seconds)",
  "Conversions",
  "Conversion rate %",
];
const ABANDONMENT_HEADERS = [
  "Abandoned",
  "Abandonment rate %",
  "Abandoned in 30 days",
  "Answered by a person in 30 days",
  "30-day abandonment rate %",
];
const PACE_HEADERS = ["Active hours", "Calls per hour"];
const OUTCOME_HEADERS = REPORT_OUTCOME_CODES.map((code) => REPORT_OUTCOMES[code].label);

function callCells(f: ReportFigures): unknown[] {
  return [
    f.calls,
    f.dials,
    f.contacts,
    f.contactRate,
    f.inbound,
    f.connects,
    f.talkSeconds,
    f.avgTalkSeconds,
    f.avgWaitSeconds,
    f.avgWrapUpSeconds,
    f.conversions,
    f.conversionRate,
  ];
}
const abandonmentCells = (f: ReportFigures): unknown[] => [
  f.abandoned,
  f.abandonmentRate,
  f.last30Days?.abandoned ?? "",
  f.last30Days?.answeredByPerson ?? "",
  f.last30Days?.ratePercent ?? "",
];
const paceCells = (f: ReportFigures): unknown[] => [f.activeHours, f.callsPerHour];
const outcomeCells = (f: ReportFigures): unknown[] => REPORT_OUTCOME_CODES.map((code) => f.outcomes[code]);

/** "report-agents-2026-03-01-to-2026-03-31.csv". */
export function reportFileName(view: ReportExportView, report: Report): string {
  return `report-${view}-${report.range.from}-to-${report.range.to}.csv`;
}

/**
 * One table of a report as CSV: its header and its rows, the whole workspace's figures last
 * (campaigns and agents). The cells go through server/http/csv.ts's formula guard on the way out.
 */
export function reportTable(
  view: ReportExportView,
  report: Report,
): { headers: string[]; rows: unknown[][] } {
  switch (view) {
    case "campaigns":
      return {
        headers: [
          "Campaign",
          "Status",
          ...CALL_HEADERS,
          ...ABANDONMENT_HEADERS,
          ...PACE_HEADERS,
          ...OUTCOME_HEADERS,
        ],
        rows: [
          ...report.campaigns.map((row) => [
            row.name,
            row.status ?? "",
            ...callCells(row),
            ...abandonmentCells(row),
            ...paceCells(row),
            ...outcomeCells(row),
          ]),
          [
            "All calls",
            "",
            ...callCells(report.totals),
            ...abandonmentCells(report.totals),
            ...paceCells(report.totals),
            ...outcomeCells(report.totals),
          ],
        ],
      };
    case "agents":
      return {
        headers: ["Agent", "Type", ...CALL_HEADERS, ...PACE_HEADERS, ...OUTCOME_HEADERS],
        rows: report.agents.map((row) => [
          row.name,
          AGENT_KIND_LABELS[row.kind],
          ...callCells(row),
          ...paceCells(row),
          ...outcomeCells(row),
        ]),
      };
    case "days":
      return {
        headers: ["Day", "Calls", "Dials", "Connects", "Conversions", "Talk time (seconds)"],
        rows: report.days.map((day) => [
          day.day,
          day.calls,
          day.dials,
          day.connects,
          day.conversions,
          day.talkSeconds,
        ]),
      };
  }
}
