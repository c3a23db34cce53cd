import { AgentAnalyticsOut } from "@common/agents";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";
import { AI_AGENTS_URL } from "../../../lib/shared-api/get-ai-agents";

/** GET /api/ai-agents/analytics: counted from the calls the agents handled. */
export const getAgentAnalytics = () => getParsed(AgentAnalyticsOut, `${AI_AGENTS_URL}/analytics`);

export const agentAnalyticsQueryOptions = queryOptions({
  queryKey: [AI_AGENTS_URL, "analytics"],
  queryFn: getAgentAnalytics,
});

export const useAgentAnalytics = () => useQuery(agentAnalyticsQueryOptions);
