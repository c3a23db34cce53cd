import { type AgentTest, AgentTestOut, type AgentTestUpdate } from "@common/agents";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { AGENT_TESTS_URL } from "./get-agent-tests";

/** PUT /api/agent-tests/:id: the fields sent change. */
export function updateAgentTest({ id, change }: { id: string; change: AgentTestUpdate }): Promise<AgentTest> {
  return requestParsed(AgentTestOut, "PUT", `${AGENT_TESTS_URL}/${id}`, change);
}

export function useUpdateAgentTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgentTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [AGENT_TESTS_URL] }),
  });
}
