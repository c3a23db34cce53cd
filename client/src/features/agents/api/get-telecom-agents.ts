import { TelecomAgentListResponse } from "@common/agents";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

/** The telecom sales agents of /agent-manager. */
export const TELECOM_AGENTS_URL = "/api/agents";

/** GET /api/agents: the workspace's telecom agents. */
export const getTelecomAgents = () => getParsed(TelecomAgentListResponse, TELECOM_AGENTS_URL);

export const telecomAgentsQueryOptions = queryOptions({
  queryKey: [TELECOM_AGENTS_URL],
  queryFn: getTelecomAgents,
});

export const useTelecomAgents = () => useQuery(telecomAgentsQueryOptions);
