import { CampaignActionOut, type CampaignActionResult } from "@common/dialer";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { CAMPAIGNS_URL } from "./get-campaigns";
import { useRefreshDialer } from "./refresh-dialer";

/** POST /api/autodialer/campaigns/:id/pause: the campaign, now paused (calls in progress finish). */
export const pauseCampaign = (id: string): Promise<CampaignActionResult> =>
  requestParsed(CampaignActionOut, "POST", `${CAMPAIGNS_URL}/${encodeURIComponent(id)}/pause`);

export function usePauseCampaign() {
  const refresh = useRefreshDialer();
  return useMutation({ mutationFn: pauseCampaign, onSuccess: refresh });
}
