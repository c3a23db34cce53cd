import { type CampaignUpdate, LeadCampaignOut } from "@common/lead-generation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { LEADS_URL } from "./keys";

/** PATCH /api/leads/campaigns/:id: pause, resume or change how often it repeats. */
export const updateCampaign = ({ id, change }: { id: string; change: CampaignUpdate }) =>
  requestParsed(LeadCampaignOut, "PATCH", `${LEADS_URL}/campaigns/${id}`, change);

export function useUpdateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCampaign,
    onSettled: () => client.invalidateQueries({ queryKey: [LEADS_URL] }),
  });
}
