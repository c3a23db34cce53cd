import { LeadsAddResult, type LeadsImport } from "@common/dialer";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { CAMPAIGNS_URL } from "./get-campaigns";
import { useRefreshDialer } from "./refresh-dialer";

/**
 * POST /api/autodialer/campaigns/:id/import-leads: contacts from the lead manager (the chosen
 * ones, or with no ids every contact that has a phone number).
 */
export const importLeads = ({ campaignId, body }: { campaignId: string; body: LeadsImport }) =>
  requestParsed(
    LeadsAddResult,
    "POST",
    `${CAMPAIGNS_URL}/${encodeURIComponent(campaignId)}/import-leads`,
    body,
  );

export function useImportLeads() {
  const refresh = useRefreshDialer();
  return useMutation({ mutationFn: importLeads, onSuccess: refresh });
}
