import type { ReportExportView } from "@common/reports";
import { ChartColumn, Download, RefreshCw } from "lucide-react";
import { Button } from "../../components/ui/button";
import { useUser } from "../../lib/auth/use-user";
import { saveFile } from "../../lib/download";
import { serverMessage, toast, toastError } from "../../lib/toast";
import { useExportReport } from "./api/export-report";
import { useReport } from "./api/get-report";
import { RangeForm } from "./components/range-form";
import { DaysChart, HoursChart, OutcomesChart } from "./components/report-charts";
import { AgentTable, CampaignTable } from "./components/report-tables";
import { SummaryCards } from "./components/summary-cards";
import { shortDay } from "./report-format";
import { useReportParams } from "./use-report-params";

const EXPORTS: { view: ReportExportView; label: string }[] = [
  { view: "campaigns", label: "Campaigns CSV" },
  { view: "agents", label: "Agents CSV" },
  { view: "days", label: "Days CSV" },
];

/**
 * Reports: the workspace's calling over a range of days in its time zone, per campaign and per
 * agent (reps and AI agents), with the figures a call centre runs on (contact rate, talk, wait
 * and wrap-up time, conversions, abandonment against the 3% rule, calls per hour), charts by
 * day, hour and outcome, and each table as CSV. Counted by the server when asked.
 */
export function ReportsPage() {
  const { user } = useUser();
  const timeZone = user?.timezone ?? "UTC";
  const { params, setParams } = useReportParams(timeZone);
  const report = useReport(params);
  const exporter = useExportReport();
  const data = report.data;

  const download = (view: ReportExportView) =>
    exporter.mutate(
      { params, view },
      {
        onSuccess: ({ blob, filename }) => {
          saveFile(blob, filename);
          toast({ title: "Export Complete", description: `Saved ${filename}` });
        },
        onError: (error) => toastError("Export Failed", "The report could not be exported", error),
      },
    );

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-3">
          <ChartColumn className="size-8 text-primary" aria-hidden />
          <div>
            <h1 className="text-2xl font-bold">Reports</h1>
            <p className="text-muted-foreground">
              Calling per campaign and per agent, in your workspace's time ({timeZone})
            </p>
          </div>
        </div>
        <Button variant="outline" onClick={() => void report.refetch()} disabled={report.isFetching}>
          <RefreshCw className={report.isFetching ? "size-4 animate-spin" : "size-4"} aria-hidden />
          Refresh
        </Button>
      </div>

      <RangeForm
        params={params}
        onChange={setParams}
        campaigns={data?.campaignChoices ?? []}
        timeZone={timeZone}
      />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" role="status" aria-live="polite">
          {report.isPending
            ? "Counting the calls..."
            : data
              ? `${shortDay(data.range.from)} to ${shortDay(data.range.to)}${
                  data.range.campaignId
                    ? `, ${data.campaigns[0]?.name ?? "one campaign"}`
                    : ", every campaign and the calls outside them"
                }`
              : ""}
        </p>
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">Download the report as CSV</legend>
          {EXPORTS.map(({ view, label }) => (
            <Button
              key={view}
              size="sm"
              variant="outline"
              disabled={exporter.isPending}
              onClick={() => download(view)}
            >
              <Download className="size-4" aria-hidden /> {label}
            </Button>
          ))}
        </fieldset>
      </div>

      {report.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {serverMessage(report.error) ?? "The report could not be loaded. Press Refresh to try again."}
        </p>
      ) : null}

      {data ? (
        <>
          <SummaryCards totals={data.totals} />
          <DaysChart days={data.days} />
          <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
            <HoursChart hours={data.hours} />
            <OutcomesChart outcomes={data.totals.outcomes} />
          </div>
          <CampaignTable rows={data.campaigns} />
          <AgentTable rows={data.agents} />
        </>
      ) : null}
    </div>
  );
}
