import { type Agent, AgentOut, type AgentUpdate } from "@common/agents";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { AI_AGENTS_URL } from "../../../lib/shared-api/get-ai-agents";
import { useRefreshAiAgents } from "./refresh-ai-agents";

/** PUT /api/ai-agents/:id: edit sends the form; Pause/Activate sends { status }. */
export function updateAiAgent({ id, change }: { id: string; change: AgentUpdate }): Promise<Agent> {
  return requestParsed(AgentOut, "PUT", `${AI_AGENTS_URL}/${id}`, change);
}

export function useUpdateAiAgent() {
  const refresh = useRefreshAiAgents();
  return useMutation({ mutationFn: updateAiAgent, onSuccess: refresh });
}
