import { type AnalyzeConversationRequest, ConversationAnalysisOut } from "@common/ai-studio";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";

/** POST /api/ai-studio/analyze-conversation: the engine's reading of a message and its reply. */
export const analyzeConversation = (body: AnalyzeConversationRequest) =>
  requestParsed(ConversationAnalysisOut, "POST", "/api/ai-studio/analyze-conversation", body);

export const useAnalyzeConversation = () => useMutation({ mutationFn: analyzeConversation });
