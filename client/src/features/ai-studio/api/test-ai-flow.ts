import { type AiFlowTestRequest, AiFlowTestResult } from "@common/ai-studio";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { AI_FLOWS_URL } from "./get-ai-flows";

/** POST /api/ai-flows/:id/test: whether the words trigger the flow now, and what it would say. */
export const testAiFlow = ({ id, body }: { id: string; body: AiFlowTestRequest }) =>
  requestParsed(AiFlowTestResult, "POST", `${AI_FLOWS_URL}/${id}/test`, body);

export const useTestAiFlow = () => useMutation({ mutationFn: testAiFlow });
