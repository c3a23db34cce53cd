import { DeleteAgentResponse } from "@common/agents";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { TELECOM_AGENTS_URL } from "./get-telecom-agents";

/** DELETE /api/agents/:id. */
export function deleteTelecomAgent(id: string) {
  return requestParsed(DeleteAgentResponse, "DELETE", `${TELECOM_AGENTS_URL}/${id}`);
}

export function useDeleteTelecomAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTelecomAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TELECOM_AGENTS_URL] }),
  });
}
