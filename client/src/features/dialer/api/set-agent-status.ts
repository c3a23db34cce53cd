import { AgentConsoleOut, type AgentStatusUpdate } from "@common/dialer";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { CONSOLE_URL, consoleQueryOptions } from "./get-console";
import { useRefreshDialer } from "./refresh-dialer";

/** PUT /api/autodialer/console/status: the agent's own status and the campaign they work. */
export const setAgentStatus = (body: AgentStatusUpdate) =>
  requestParsed(AgentConsoleOut, "PUT", `${CONSOLE_URL}/status`, body);

export function useSetAgentStatus() {
  const queryClient = useQueryClient();
  const refresh = useRefreshDialer();
  return useMutation({
    mutationFn: setAgentStatus,
    onSuccess: (console) => {
      queryClient.setQueryData(consoleQueryOptions.queryKey, console);
      return refresh();
    },
  });
}
