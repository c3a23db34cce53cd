import { type StartCampaignRequest, StartCampaignResponse } from "@common/enterprise";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { CALL_STATS_URL } from "./get-call-stats";

/** POST /api/enterprise/start-campaign {campaignType, contactIds}: a dialer campaign, started. */
export const startCampaign = (body: StartCampaignRequest) =>
  requestParsed(StartCampaignResponse, "POST", "/api/enterprise/start-campaign", body);

export function useStartCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCampaign,
    // The campaign's leads count in the dashboard's figures, and the Autodialer lists it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [CALL_STATS_URL] }),
        queryClient.invalidateQueries({ queryKey: ["/api/autodialer/campaigns"] }),
      ]),
  });
}
