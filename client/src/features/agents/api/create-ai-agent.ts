import { type Agent, type AgentCreate, AgentOut } from "@common/agents";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { AI_AGENTS_URL } from "../../../lib/shared-api/get-ai-agents";
import { useRefreshAiAgents } from "./refresh-ai-agents";

/** POST /api/ai-agents: the new agent (inactive, with the next free extension unless one is given). */
export function createAiAgent(body: AgentCreate): Promise<Agent> {
  return requestParsed(AgentOut, "POST", AI_AGENTS_URL, body);
}

export function useCreateAiAgent() {
  const refresh = useRefreshAiAgents();
  return useMutation({ mutationFn: createAiAgent, onSuccess: refresh });
}
