import { type CampaignCreate, LeadCampaignOut } from "@common/lead-generation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { LEADS_URL } from "./keys";

/** POST /api/leads/campaigns {name, searchCriteria, autoStart}. */
export const createCampaign = (body: CampaignCreate) =>
  requestParsed(LeadCampaignOut, "POST", `${LEADS_URL}/campaigns`, body);

export function useCreateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: () => client.invalidateQueries({ queryKey: [LEADS_URL] }),
  });
}
