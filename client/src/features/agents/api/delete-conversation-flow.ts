import { DeleteAgentResponse } from "@common/agents";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { CONVERSATION_FLOWS_URL } from "./get-conversation-flows";

/** DELETE /api/conversation-flows/:id. */
export function deleteConversationFlow(id: string) {
  return requestParsed(DeleteAgentResponse, "DELETE", `${CONVERSATION_FLOWS_URL}/${id}`);
}

export function useDeleteConversationFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversationFlow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONVERSATION_FLOWS_URL] }),
  });
}
