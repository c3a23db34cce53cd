import { useMutation } from "@tanstack/react-query";
import { type ExportedFile, exportCsv } from "../../../../lib/download";
import { DO_NOT_CALL_URL } from "./get-do-not-call";

/** GET /api/do-not-call/export: the whole list as a dated CSV (the server names it). */
export const exportDoNotCall = (): Promise<ExportedFile> =>
  exportCsv(`${DO_NOT_CALL_URL}/export`, "do-not-call");

export function useExportDoNotCall() {
  return useMutation({ mutationFn: exportDoNotCall });
}
