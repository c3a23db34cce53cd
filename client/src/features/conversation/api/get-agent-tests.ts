import { AgentTestListResponse } from "@common/agents";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

/** The agent test suite; every query of it is keyed under this address. */
export const AGENT_TESTS_URL = "/api/agent-tests";

/** GET /api/agent-tests: the workspace's test cases with their last run. */
export const getAgentTests = () => getParsed(AgentTestListResponse, AGENT_TESTS_URL);

export const agentTestsQueryOptions = queryOptions({ queryKey: [AGENT_TESTS_URL], queryFn: getAgentTests });

export const useAgentTests = () => useQuery(agentTestsQueryOptions);
