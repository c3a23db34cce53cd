import { AgentConsoleOut } from "@common/dialer";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";
import { DIALER_URL } from "./get-campaigns";

/** GET /api/autodialer/console: the signed-in agent, their call, the preview lead and callbacks. */
export const CONSOLE_URL = `${DIALER_URL}/console`;

export const consoleQueryOptions = queryOptions({
  queryKey: [CONSOLE_URL],
  queryFn: () => getParsed(AgentConsoleOut, CONSOLE_URL),
});

/**
 * The console. Live events refresh it the moment a call connects; the poll is the fallback, quick
 * while the agent waits for a call or is on one, slow while away.
 */
export function useAgentConsole() {
  return useQuery({
    ...consoleQueryOptions,
    refetchInterval: (query) => {
      const status = query.state.data?.agent.status;
      return status === "available" || status === "on_call" || query.state.data?.currentCall ? 3_000 : 15_000;
    },
  });
}
