import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { AUTOMATION_RULES_URL, useRefreshAutomationRules } from "./get-automation-rules";

/** DELETE /api/automation-rules/:id. */
export const deleteAutomationRule = (id: string) =>
  apiRequest<void>("DELETE", `${AUTOMATION_RULES_URL}/${id}`);

export function useDeleteAutomationRule() {
  const refresh = useRefreshAutomationRules();
  return useMutation({ mutationFn: deleteAutomationRule, onSuccess: refresh });
}
