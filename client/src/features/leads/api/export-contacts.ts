import { useMutation } from "@tanstack/react-query";
import { type ExportedFile, exportCsv } from "../../../lib/download";

/** GET /api/contacts/export?format=csv: downloaded as contacts-<date>.csv. */
export const exportContacts = (): Promise<ExportedFile> =>
  exportCsv("/api/contacts/export?format=csv", "contacts");

export const useExportContacts = () => useMutation({ mutationFn: exportContacts });
