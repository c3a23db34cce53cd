import {
  type BulkAction,
  BulkActionOut,
  type BulkActionResult,
  type ContactSelection,
  LastBulkOut,
} from "@common/contacts-bulk";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import { getParsed, requestParsed, throwIfNotOk } from "../../../lib/api";
import { type ExportedFile, filenameFromDisposition } from "../../../lib/download";
import { CONTACTS_URL } from "./get-contacts";

/**
 * Bulk actions on a selection of contacts (POST /api/contacts/bulk), the workspace's last one
 * (GET /api/contacts/bulk/last: followed every second while it runs, for its progress) and its
 * undo, and the selection's CSV (POST /api/contacts/bulk/export).
 */
const BULK_URL = `${CONTACTS_URL}/bulk`;

const RUNNING = new Set(["queued", "running", "undoing"]);
export const isRunning = (action: BulkActionResult | null | undefined) =>
  Boolean(action && RUNNING.has(action.status));

export const lastBulkQueryOptions = queryOptions({
  queryKey: [CONTACTS_URL, "bulk", "last"],
  queryFn: async () => (await getParsed(LastBulkOut, `${BULK_URL}/last`)).action,
  refetchInterval: (query) => (isRunning(query.state.data) ? 1000 : false),
});

export const useLastBulk = () => useQuery(lastBulkQueryOptions);

/** Starts an action; a small one answers finished, a large one queued (its progress follows). */
export function useStartBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { selection: ContactSelection; action: BulkAction }) =>
      requestParsed(BulkActionOut, "POST", BULK_URL, body),
    onSuccess: (action) => {
      queryClient.setQueryData(lastBulkQueryOptions.queryKey, action);
      // Every list, count and segment of contacts (all keyed under /api/contacts).
      void queryClient.invalidateQueries({ queryKey: [CONTACTS_URL] });
    },
  });
}

export function useUndoBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requestParsed(BulkActionOut, "POST", `${BULK_URL}/${id}/undo`),
    onSuccess: (action) => {
      queryClient.setQueryData(lastBulkQueryOptions.queryKey, action);
      void queryClient.invalidateQueries({ queryKey: [CONTACTS_URL] });
    },
  });
}

/** The selection's contacts as a CSV file, read as a blob (a refusal is told apart from a file). */
export async function exportSelection(selection: ContactSelection): Promise<ExportedFile> {
  const response = await fetch(`${BULK_URL}/export`, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ selection }),
  });
  await throwIfNotOk(response);
  const blob = await response.blob();
  const filename =
    filenameFromDisposition(response.headers.get("content-disposition")) ??
    `contacts-${format(new Date(), "yyyy-MM-dd")}.csv`;
  return { blob, filename };
}

export const useExportSelection = () => useMutation({ mutationFn: exportSelection });
