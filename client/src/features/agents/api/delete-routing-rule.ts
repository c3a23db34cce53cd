import { DeleteAgentResponse } from "@common/agents";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { ROUTING_RULES_URL } from "./get-routing-rules";

/** DELETE /api/routing-rules/:id. */
export function deleteRoutingRule(id: string) {
  return requestParsed(DeleteAgentResponse, "DELETE", `${ROUTING_RULES_URL}/${id}`);
}

export function useDeleteRoutingRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRoutingRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ROUTING_RULES_URL] }),
  });
}
