import { ContactImportResponse } from "@common/contacts";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";

/**
 * POST /api/contacts/import {csvData}: a small file is imported in the request (status
 * completed, the imported count and the rows refused, with why); a large one answers 202 with
 * status queued, its import id and the job to follow (get-import.ts, lib/shared-api/get-job).
 */
export const importContacts = (csvData: string) =>
  requestParsed(ContactImportResponse, "POST", "/api/contacts/import", { csvData });

export function useImportContacts() {
  return useMutation({ mutationFn: importContacts });
}
