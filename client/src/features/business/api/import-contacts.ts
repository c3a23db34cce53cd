import { ContactImportResponse } from "@common/business";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";

/** POST /api/contacts/import {csvData}: the imported count and the rows refused, with why. */
export const importContacts = (csvData: string) =>
  requestParsed(ContactImportResponse, "POST", "/api/contacts/import", { csvData });

export function useImportContacts() {
  return useMutation({ mutationFn: importContacts });
}
