import { useQueryClient } from "@tanstack/react-query";
import { AI_AGENTS_URL } from "../../../lib/shared-api/get-ai-agents";

/** After any change to an agent: the list, the analytics and the extension table (all keyed under it). */
export function useRefreshAiAgents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [AI_AGENTS_URL] });
}
