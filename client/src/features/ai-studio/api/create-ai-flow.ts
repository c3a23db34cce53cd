import { type AiFlow, type AiFlowCreate, AiFlowOut } from "@common/ai-studio";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { AI_FLOWS_URL, useRefreshAiFlows } from "./get-ai-flows";

/** POST /api/ai-flows: the new flow. */
export const createAiFlow = (body: AiFlowCreate): Promise<AiFlow> =>
  requestParsed(AiFlowOut, "POST", AI_FLOWS_URL, body);

export function useCreateAiFlow() {
  const refresh = useRefreshAiFlows();
  return useMutation({ mutationFn: createAiFlow, onSuccess: refresh });
}
