import { ConversationFlowListResponse } from "@common/agents";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

/** Conversation flows: trigger words that make an agent answer with a set response and next action. */
export const CONVERSATION_FLOWS_URL = "/api/conversation-flows";

/** GET /api/conversation-flows. */
export const getConversationFlows = () => getParsed(ConversationFlowListResponse, CONVERSATION_FLOWS_URL);

export const conversationFlowsQueryOptions = queryOptions({
  queryKey: [CONVERSATION_FLOWS_URL],
  queryFn: getConversationFlows,
});

export const useConversationFlows = () => useQuery(conversationFlowsQueryOptions);
