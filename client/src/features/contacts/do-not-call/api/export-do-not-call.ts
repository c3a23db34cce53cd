import { useMutation } from "@tanstack/react-query";
import { format } from "date-fns";
import { throwIfNotOk } from "../../../../lib/api";
import { filenameFromDisposition } from "../../../../lib/download";
import type { ExportedFile } from "../../api/export-contacts";
import { DO_NOT_CALL_URL } from "./get-do-not-call";

/** GET /api/do-not-call/export: the whole list as a dated CSV (the server names it). */
export async function exportDoNotCall(): Promise<ExportedFile> {
  const response = await fetch(`${DO_NOT_CALL_URL}/export`, { credentials: "include" });
  await throwIfNotOk(response);
  const blob = await response.blob();
  const filename =
    filenameFromDisposition(response.headers.get("content-disposition")) ??
    `do-not-call-${format(new Date(), "yyyy-MM-dd")}.csv`;
  return { blob, filename };
}

export function useExportDoNotCall() {
  return useMutation({ mutationFn: exportDoNotCall });
}
