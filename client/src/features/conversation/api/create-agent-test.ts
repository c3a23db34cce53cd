import { type AgentTest, type AgentTestCreate, AgentTestOut } from "@common/agents";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { AGENT_TESTS_URL } from "./get-agent-tests";

/** POST /api/agent-tests: a new test case. */
export function createAgentTest(body: AgentTestCreate): Promise<AgentTest> {
  return requestParsed(AgentTestOut, "POST", AGENT_TESTS_URL, body);
}

export function useCreateAgentTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgentTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [AGENT_TESTS_URL] }),
  });
}
