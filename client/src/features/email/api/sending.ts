import {
  CampaignResultOut,
  type EmailCampaign,
  EmailCampaignList,
  EmailCampaignOut,
  type SendCampaignRequest,
  SendTestOut,
  type SendTestRequest,
} from "@common/email";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getParsed, requestParsed } from "../../../lib/api";
import { EMAIL_URL } from "./keys";

export const CAMPAIGNS_URL = `${EMAIL_URL}/campaigns`;
export const OUTBOX_URL = `${EMAIL_URL}/outbox`;
export const ANALYTICS_URL = `${EMAIL_URL}/analytics`;

/** After a send: the campaigns, analytics and outbox are read again. */
const SENT_KEYS = [CAMPAIGNS_URL, ANALYTICS_URL, OUTBOX_URL];
function useRefreshAfterSend() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) => SENT_KEYS.some((key) => String(query.queryKey[0]).startsWith(key)),
    });
}

/** POST /api/email-marketing/send-test {templateId, testEmail, personalization}. */
export const sendTest = (body: SendTestRequest) =>
  requestParsed(SendTestOut, "POST", `${EMAIL_URL}/send-test`, body);
export function useSendTest() {
  const refresh = useRefreshAfterSend();
  return useMutation({ mutationFn: sendTest, onSuccess: refresh });
}

/** POST /api/email-marketing/send-campaign: 202 with the campaign and the job that sends it. */
export const sendCampaign = (body: SendCampaignRequest) =>
  requestParsed(CampaignResultOut, "POST", `${EMAIL_URL}/send-campaign`, body);
export function useSendCampaign() {
  const refresh = useRefreshAfterSend();
  return useMutation({ mutationFn: sendCampaign, onSuccess: refresh });
}

/** GET /api/email-marketing/campaigns, read every 2 s while one is still sending. */
export const campaignsQueryOptions = queryOptions({
  queryKey: [CAMPAIGNS_URL],
  queryFn: () => getParsed(EmailCampaignList, CAMPAIGNS_URL),
  refetchInterval: (query) =>
    query.state.data?.some((c) => c.status === "queued" || c.status === "sending") ? 2000 : false,
});
export const useCampaigns = () => useQuery(campaignsQueryOptions);

/** GET /api/email-marketing/campaigns/:id: one campaign's counts. */
export const campaignQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [`${CAMPAIGNS_URL}/${id}`],
    queryFn: () => getParsed(EmailCampaignOut, `${CAMPAIGNS_URL}/${id}`),
  });
export const useCampaign = (id: string | null) =>
  useQuery({ ...campaignQueryOptions(id ?? ""), enabled: Boolean(id) });

export type CampaignAction = "pause" | "resume" | "cancel" | "retry-failed";
/** POST /api/email-marketing/campaigns/:id/{pause,resume,cancel,retry-failed}. */
export const campaignAction = ({
  id,
  action,
}: {
  id: string;
  action: CampaignAction;
}): Promise<EmailCampaign> => requestParsed(EmailCampaignOut, "POST", `${CAMPAIGNS_URL}/${id}/${action}`);
export function useCampaignAction() {
  const refresh = useRefreshAfterSend();
  return useMutation({ mutationFn: campaignAction, onSuccess: refresh });
}
