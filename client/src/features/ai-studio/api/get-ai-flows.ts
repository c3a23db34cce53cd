import { AiFlowListResponse } from "@common/ai-studio";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

/** GET /api/ai-flows ("AI studio"): the workspace's flows, oldest first. */
export const AI_FLOWS_URL = "/api/ai-flows";

export const aiFlowsQueryOptions = queryOptions({
  queryKey: [AI_FLOWS_URL],
  queryFn: () => getParsed(AiFlowListResponse, AI_FLOWS_URL),
});

export const useAiFlows = () => useQuery(aiFlowsQueryOptions);

/** After a change: the list again. */
export function useRefreshAiFlows() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [AI_FLOWS_URL] });
}
