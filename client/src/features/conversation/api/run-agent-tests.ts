import { type AgentTestRunRequest, AgentTestRunResponse } from "@common/agents";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { AGENT_TESTS_URL } from "./get-agent-tests";

/** POST /api/agent-tests/run: runs the chosen cases (every case without ids) and records each outcome. */
export function runAgentTests(body: AgentTestRunRequest) {
  return requestParsed(AgentTestRunResponse, "POST", `${AGENT_TESTS_URL}/run`, body ?? {});
}

export function useRunAgentTests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAgentTests,
    // Each case's last run changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [AGENT_TESTS_URL] }),
  });
}
