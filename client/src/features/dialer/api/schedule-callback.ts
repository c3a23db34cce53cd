import { type CallbackRequest, LeadOut } from "@common/dialer";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { DIALER_URL } from "./get-campaigns";
import { useRefreshDialer } from "./refresh-dialer";

/** POST /api/autodialer/leads/:leadId/callback: a callback for this agent only or for anyone. */
export const scheduleCallback = ({ leadId, body }: { leadId: string; body: CallbackRequest }) =>
  requestParsed(LeadOut, "POST", `${DIALER_URL}/leads/${encodeURIComponent(leadId)}/callback`, body);

export function useScheduleCallback() {
  const refresh = useRefreshDialer();
  return useMutation({ mutationFn: scheduleCallback, onSuccess: refresh });
}
