import { type CampaignDoNotCallCreate, CampaignDoNotCallOut } from "@common/dialer";
import { useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest, getParsed, requestParsed } from "../../../lib/api";
import { CAMPAIGNS_URL } from "./get-campaigns";
import { useRefreshDialer } from "./refresh-dialer";

const listUrl = (campaignId: string) => `${CAMPAIGNS_URL}/${encodeURIComponent(campaignId)}/do-not-call`;

/** GET /api/autodialer/campaigns/:id/do-not-call: the numbers this campaign never dials, newest first. */
export function useCampaignDoNotCall(campaignId: string) {
  return useQuery({
    queryKey: [CAMPAIGNS_URL, "do-not-call", campaignId],
    queryFn: () => getParsed(z.array(CampaignDoNotCallOut), listUrl(campaignId)),
  });
}

/** POST /api/autodialer/campaigns/:id/do-not-call: a number added (or the entry it already had). */
export function useAddCampaignDoNotCall(campaignId: string) {
  const refresh = useRefreshDialer();
  return useMutation({
    mutationFn: (body: CampaignDoNotCallCreate) =>
      requestParsed(CampaignDoNotCallOut, "POST", listUrl(campaignId), body),
    onSuccess: refresh,
  });
}

/** DELETE /api/autodialer/campaigns/:id/do-not-call/:entryId: the number may be dialled again. */
export function useRemoveCampaignDoNotCall(campaignId: string) {
  const refresh = useRefreshDialer();
  return useMutation({
    mutationFn: (entryId: string) =>
      apiRequest<void>("DELETE", `${listUrl(campaignId)}/${encodeURIComponent(entryId)}`),
    onSuccess: refresh,
  });
}
