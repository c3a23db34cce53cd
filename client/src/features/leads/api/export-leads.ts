import { useMutation } from "@tanstack/react-query";
import { type ExportedFile, exportCsv } from "../../../lib/download";

/** GET /api/leads/export?format=csv: the lead side of the contacts, as leads-<date>.csv. */
export const exportLeads = (): Promise<ExportedFile> => exportCsv("/api/leads/export?format=csv", "leads");

export const useExportLeads = () => useMutation({ mutationFn: exportLeads });
