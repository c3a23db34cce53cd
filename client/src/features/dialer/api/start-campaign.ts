import { CampaignActionOut, type CampaignActionResult } from "@common/dialer";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { CAMPAIGNS_URL } from "./get-campaigns";
import { useRefreshDialer } from "./refresh-dialer";

/** POST /api/autodialer/campaigns/:id/start: the campaign, now active (or scheduled). */
export const startCampaign = (id: string): Promise<CampaignActionResult> =>
  requestParsed(CampaignActionOut, "POST", `${CAMPAIGNS_URL}/${encodeURIComponent(id)}/start`);

export function useStartCampaign() {
  const refresh = useRefreshDialer();
  return useMutation({ mutationFn: startCampaign, onSuccess: refresh });
}
