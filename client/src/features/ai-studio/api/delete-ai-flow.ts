import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { AI_FLOWS_URL, useRefreshAiFlows } from "./get-ai-flows";

/** DELETE /api/ai-flows/:id. */
export const deleteAiFlow = (id: string) => apiRequest<void>("DELETE", `${AI_FLOWS_URL}/${id}`);

export function useDeleteAiFlow() {
  const refresh = useRefreshAiFlows();
  return useMutation({ mutationFn: deleteAiFlow, onSuccess: refresh });
}
