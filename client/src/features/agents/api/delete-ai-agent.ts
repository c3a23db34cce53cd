import { DeleteAgentResponse } from "@common/agents";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { AI_AGENTS_URL } from "../../../lib/shared-api/get-ai-agents";
import { useRefreshAiAgents } from "./refresh-ai-agents";

/** DELETE /api/ai-agents/:id. */
export function deleteAiAgent(id: string) {
  return requestParsed(DeleteAgentResponse, "DELETE", `${AI_AGENTS_URL}/${id}`);
}

export function useDeleteAiAgent() {
  const refresh = useRefreshAiAgents();
  return useMutation({ mutationFn: deleteAiAgent, onSuccess: refresh });
}
