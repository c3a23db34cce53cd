import { type LeadsAdd, LeadsAddResult } from "@common/dialer";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { CAMPAIGNS_URL } from "./get-campaigns";
import { useRefreshDialer } from "./refresh-dialer";

/** POST /api/autodialer/campaigns/:id/leads: text lines read by the server, with the lines it rejected. */
export const addLeads = ({ campaignId, body }: { campaignId: string; body: LeadsAdd }) =>
  requestParsed(LeadsAddResult, "POST", `${CAMPAIGNS_URL}/${encodeURIComponent(campaignId)}/leads`, body);

export function useAddLeads() {
  const refresh = useRefreshDialer();
  return useMutation({ mutationFn: addLeads, onSuccess: refresh });
}
