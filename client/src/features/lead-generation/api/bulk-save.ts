import { BulkSaveResponse, type LeadToSave } from "@common/lead-generation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { CONTACTS_URL, LEADS_URL } from "./keys";

/** POST /api/leads/bulk-save {leads} → {saved, skipped}; the server keeps those with a phone. */
export const bulkSaveLeads = (leads: LeadToSave[]) =>
  requestParsed(BulkSaveResponse, "POST", `${LEADS_URL}/bulk-save`, { leads });

export function useBulkSaveLeads() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bulkSaveLeads,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [LEADS_URL] });
      void client.invalidateQueries({ queryKey: [CONTACTS_URL] });
    },
  });
}
