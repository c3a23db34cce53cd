import {
  type ConversationFlow,
  type ConversationFlowCreate,
  ConversationFlowOut,
  type ConversationFlowUpdate,
} from "@common/agents";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { CONVERSATION_FLOWS_URL } from "./get-conversation-flows";

/** POST /api/conversation-flows: a new flow. */
export function createConversationFlow(body: ConversationFlowCreate): Promise<ConversationFlow> {
  return requestParsed(ConversationFlowOut, "POST", CONVERSATION_FLOWS_URL, body);
}

/** PUT /api/conversation-flows/:id: the fields sent change. */
export function updateConversationFlow({
  id,
  change,
}: {
  id: string;
  change: ConversationFlowUpdate;
}): Promise<ConversationFlow> {
  return requestParsed(ConversationFlowOut, "PUT", `${CONVERSATION_FLOWS_URL}/${id}`, change);
}

export function useCreateConversationFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConversationFlow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONVERSATION_FLOWS_URL] }),
  });
}

export function useUpdateConversationFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConversationFlow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONVERSATION_FLOWS_URL] }),
  });
}
