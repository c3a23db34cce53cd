import { type Campaign, CampaignOut, type CampaignUpdate } from "@common/dialer";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { CAMPAIGNS_URL } from "./get-campaigns";
import { useRefreshDialer } from "./refresh-dialer";

/** PATCH /api/autodialer/campaigns/:id with the changed settings. */
export const updateCampaign = ({ id, change }: { id: string; change: CampaignUpdate }): Promise<Campaign> =>
  requestParsed(CampaignOut, "PATCH", `${CAMPAIGNS_URL}/${encodeURIComponent(id)}`, change);

export function useUpdateCampaign() {
  const refresh = useRefreshDialer();
  return useMutation({ mutationFn: updateCampaign, onSuccess: refresh });
}
