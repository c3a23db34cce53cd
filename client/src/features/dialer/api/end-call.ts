import { AgentConsoleOut, type EndCallRequest } from "@common/dialer";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { CONSOLE_URL, consoleQueryOptions } from "./get-console";
import { useRefreshDialer } from "./refresh-dialer";

/**
 * POST /api/autodialer/console/calls/:attemptId/end: hangs up (when still live) and records the
 * disposition, notes and any callback; answers the console as it now is (the agent available).
 */
export const endCall = ({ attemptId, body }: { attemptId: string; body: EndCallRequest }) =>
  requestParsed(AgentConsoleOut, "POST", `${CONSOLE_URL}/calls/${encodeURIComponent(attemptId)}/end`, body);

export function useEndDialerCall() {
  const queryClient = useQueryClient();
  const refresh = useRefreshDialer();
  return useMutation({
    mutationFn: endCall,
    onSuccess: (console) => {
      queryClient.setQueryData(consoleQueryOptions.queryKey, console);
      return refresh();
    },
  });
}
