import { type Campaign, type CampaignCreate, CampaignOut } from "@common/dialer";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { CAMPAIGNS_URL } from "./get-campaigns";
import { useRefreshDialer } from "./refresh-dialer";

/** POST /api/autodialer/campaigns: the new campaign (paused until started). */
export const createCampaign = (body: CampaignCreate): Promise<Campaign> =>
  requestParsed(CampaignOut, "POST", CAMPAIGNS_URL, body);

export function useCreateCampaign() {
  const refresh = useRefreshDialer();
  return useMutation({ mutationFn: createCampaign, onSuccess: refresh });
}
