import { type Agent, AgentOut } from "@common/agents";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { AI_AGENTS_URL } from "../../../lib/shared-api/get-ai-agents";
import { useRefreshAiAgents } from "./refresh-ai-agents";

/** POST /api/ai-agents/:id/toggle: Pause an active agent, Activate a paused or inactive one. */
export function toggleAiAgent(id: string): Promise<Agent> {
  return requestParsed(AgentOut, "POST", `${AI_AGENTS_URL}/${id}/toggle`);
}

export function useToggleAiAgent() {
  const refresh = useRefreshAiAgents();
  return useMutation({ mutationFn: toggleAiAgent, onSuccess: refresh });
}
