import { CampaignRunResponse } from "@common/lead-generation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { CONTACTS_URL, LEADS_URL } from "./keys";

/** POST /api/leads/campaigns/:id/run → {leadsAdded, duplicatesSkipped}; the lists refresh after. */
export const runCampaign = (id: string) =>
  requestParsed(CampaignRunResponse, "POST", `${LEADS_URL}/campaigns/${id}/run`);

export function useRunCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runCampaign,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: [LEADS_URL] });
      void client.invalidateQueries({ queryKey: [CONTACTS_URL] });
    },
  });
}
