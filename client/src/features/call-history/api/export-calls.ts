import { useMutation } from "@tanstack/react-query";
import { format } from "date-fns";
import { throwIfNotOk } from "../../../lib/api";
import { type HistoryParams, historyQueryString } from "../history-query";

export type ExportedFile = { blob: Blob; filename: string };

/** The filename from a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function filenameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*\s*=\s*(?:UTF-8'[^']*')?("?)([^";]+)\1/i.exec(header);
  if (encoded?.[2]) {
    try {
      return decodeURIComponent(encoded[2]);
    } catch {
      // Fall through to the plain filename.
    }
  }
  const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(header);
  return plain?.[2]?.trim() || undefined;
}

export function exportCallsUrl(params: Omit<HistoryParams, "page">): string {
  const query = historyQueryString(params);
  query.set("format", "csv");
  return `/api/calls/export?${query.toString()}`;
}

/**
 * GET /api/calls/export?format=csv with the screen's filter, search and sort (spec 1 §7.2). Read
 * as a blob so a failure can be told apart from a file; throws ApiError on a non-OK answer.
 */
export async function exportCalls(params: Omit<HistoryParams, "page">): Promise<ExportedFile> {
  const response = await fetch(exportCallsUrl(params), { credentials: "include" });
  await throwIfNotOk(response);
  const blob = await response.blob();
  const filename =
    filenameFromDisposition(response.headers.get("content-disposition")) ??
    `call-history-${format(new Date(), "yyyy-MM-dd")}.csv`;
  return { blob, filename };
}

export function useExportCalls() {
  return useMutation({ mutationFn: exportCalls });
}
