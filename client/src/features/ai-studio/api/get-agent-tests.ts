import { AgentTestListResponse } from "@common/agents";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

/** GET /api/agent-tests: the workspace's agent test cases (written and run on Agent Tests). */
export const AGENT_TESTS_URL = "/api/agent-tests";

export const agentTestsQueryOptions = queryOptions({
  queryKey: [AGENT_TESTS_URL],
  queryFn: () => getParsed(AgentTestListResponse, AGENT_TESTS_URL),
});

export const useAgentTests = () => useQuery(agentTestsQueryOptions);
