import { DoNotCallImportResponse } from "@common/contacts";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../../lib/api";
import { DO_NOT_CALL_URL, useRefreshDoNotCall } from "./get-do-not-call";

/** POST /api/do-not-call/import {csvData}: added, already listed, and the rejected lines. */
export const importDoNotCall = (csvData: string) =>
  requestParsed(DoNotCallImportResponse, "POST", `${DO_NOT_CALL_URL}/import`, { csvData });

export function useImportDoNotCall() {
  const refresh = useRefreshDoNotCall();
  return useMutation({ mutationFn: importDoNotCall, onSuccess: refresh });
}
