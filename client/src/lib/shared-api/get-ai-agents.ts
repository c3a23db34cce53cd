import { AgentListResponse } from "@common/agents";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../api";

/**
 * GET /api/ai-agents: the workspace's AI agents with figures counted from their calls. AI Agents
 * edits them; the conversation previews and agent tests name them. Every query about agents is
 * keyed under this address (analytics too), so one invalidation refreshes them all.
 */
export const AI_AGENTS_URL = "/api/ai-agents";

export const getAiAgents = () => getParsed(AgentListResponse, AI_AGENTS_URL);

export const aiAgentsQueryOptions = queryOptions({ queryKey: [AI_AGENTS_URL], queryFn: getAiAgents });

export const useAiAgents = () => useQuery(aiAgentsQueryOptions);
