import { useMutation } from "@tanstack/react-query";
import { format } from "date-fns";
import { throwIfNotOk } from "../../../lib/api";
import { filenameFromDisposition } from "../save-file";
import { CONTACTS_URL } from "./get-contacts";

export type ExportedFile = { blob: Blob; filename: string };

/**
 * GET /api/contacts/export?format=csv (spec 2 §7): every contact of the workspace, as a dated
 * file. Read as a blob so a failure can be told apart from a file; throws ApiError when refused.
 */
export async function exportContacts(): Promise<ExportedFile> {
  const response = await fetch(`${CONTACTS_URL}/export?format=csv`, { credentials: "include" });
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
