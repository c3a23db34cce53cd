import { useMutation } from "@tanstack/react-query";
import { format } from "date-fns";
import { throwIfNotOk } from "../../../lib/api";
import { filenameFromDisposition } from "../../../lib/download";
import { CONTACTS_URL, type ContactFilters, contactsQueryString } from "./get-contacts";

export type ExportedFile = { blob: Blob; filename: string };

/**
 * GET /api/contacts/export?format=csv (spec 2 §7) with the list's filters (none: every contact),
 * as a dated file. Read as a blob so a failure can be told apart from a file (ApiError).
 */
export async function exportContacts(filters: ContactFilters = {}): Promise<ExportedFile> {
  const { sort: _sort, ...narrowing } = filters;
  const query = contactsQueryString(narrowing);
  query.set("format", "csv");
  const response = await fetch(`${CONTACTS_URL}/export?${query}`, { credentials: "include" });
  await throwIfNotOk(response);
  const blob = await response.blob();
  const filename =
    filenameFromDisposition(response.headers.get("content-disposition")) ??
    `contacts-${format(new Date(), "yyyy-MM-dd")}.csv`;
  return { blob, filename };
}

export function useExportContacts() {
  return useMutation({ mutationFn: exportContacts });
}
