import { type AiFlow, AiFlowOut, type AiFlowUpdate } from "@common/ai-studio";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { AI_FLOWS_URL, useRefreshAiFlows } from "./get-ai-flows";

/** PUT /api/ai-flows/:id: the fields sent change. */
export const updateAiFlow = ({ id, change }: { id: string; change: AiFlowUpdate }): Promise<AiFlow> =>
  requestParsed(AiFlowOut, "PUT", `${AI_FLOWS_URL}/${id}`, change);

export function useUpdateAiFlow() {
  const refresh = useRefreshAiFlows();
  return useMutation({ mutationFn: updateAiFlow, onSuccess: refresh });
}
