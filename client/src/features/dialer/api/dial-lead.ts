import { CurrentCallOut } from "@common/dialer";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { DIALER_URL } from "./get-campaigns";
import { useRefreshDialer } from "./refresh-dialer";

/**
 * POST /api/autodialer/leads/:leadId/dial: preview and manual modes, the agent dials the lead
 * they were shown; the dialer places the call and the console follows it.
 */
export const dialLead = (leadId: string) =>
  requestParsed(CurrentCallOut, "POST", `${DIALER_URL}/leads/${encodeURIComponent(leadId)}/dial`);

export function useDialLead() {
  const refresh = useRefreshDialer();
  return useMutation({ mutationFn: dialLead, onSuccess: refresh });
}
