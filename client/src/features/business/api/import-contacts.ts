import type { ContactImportResponse } from "@common/business";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

/** POST /api/contacts/import {csvData}: the imported count and the rows refused, with why. */
export function useImportContacts() {
  return useMutation({
    mutationFn: (csvData: string) =>
      apiRequest<ContactImportResponse>("POST", "/api/contacts/import", { csvData }),
  });
}
