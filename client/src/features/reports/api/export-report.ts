import type { ReportExportView } from "@common/reports";
import { useMutation } from "@tanstack/react-query";
import { type ExportedFile, exportCsv } from "../../../lib/download";
import { REPORTS_URL, type ReportParams, reportSearch } from "./get-report";

export function exportReportUrl(params: ReportParams, view: ReportExportView): string {
  const search = reportSearch(params);
  search.set("view", view);
  return `${REPORTS_URL}/export?${search.toString()}`;
}

/** GET /api/reports/export: one table of the report as a CSV file, read as a blob. */
export const exportReport = ({ params, view }: { params: ReportParams; view: ReportExportView }) =>
  exportCsv(exportReportUrl(params, view), `report-${view}`);

export function useExportReport() {
  return useMutation<ExportedFile, Error, { params: ReportParams; view: ReportExportView }>({
    mutationFn: exportReport,
  });
}
