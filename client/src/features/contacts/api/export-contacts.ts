import { useMutation } from "@tanstack/react-query";
import { type ExportedFile, exportCsv } from "../../../lib/download";
import { CONTACTS_URL, type ContactFilters, contactsQueryString } from "./get-contacts";

/**
 * GET /api/contacts/export?format=csv with the list's filters (none: every contact),
 * as a dated file. Read as a blob so a failure can be told apart from a file (ApiError).
 */
export function exportContacts(filters: ContactFilters = {}): Promise<ExportedFile> {
  const { sort: _sort, ...narrowing } = filters;
  const query = contactsQueryString(narrowing);
  query.set("format", "csv");
  return exportCsv(`${CONTACTS_URL}/export?${query}`, "contacts");
}

export function useExportContacts() {
  return useMutation({ mutationFn: exportContacts });
}
