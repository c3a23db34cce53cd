import { useMutation } from "@tanstack/react-query";
import { type ExportedFile, exportCsv } from "../../../lib/download";
import { type HistoryParams, historyQueryString } from "../history-query";

export function exportCallsUrl(params: Omit<HistoryParams, "page">): string {
  const query = historyQueryString(params);
  query.set("format", "csv");
  return `/api/calls/export?${query.toString()}`;
}

/**
 * GET /api/calls/export?format=csv with the screen's filter, search and sort. Read
 * as a blob so a failure can be told apart from a file; throws ApiError on a non-OK answer.
 */
export const exportCalls = (params: Omit<HistoryParams, "page">): Promise<ExportedFile> =>
  exportCsv(exportCallsUrl(params), "call-history");

export function useExportCalls() {
  return useMutation({ mutationFn: exportCalls });
}
