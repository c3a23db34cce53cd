import { type AutomationRule, AutomationRuleOut, type AutomationRuleUpdate } from "@common/ai-studio";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { AUTOMATION_RULES_URL, useRefreshAutomationRules } from "./get-automation-rules";

/** PUT /api/automation-rules/:id: the fields sent change. */
export const updateAutomationRule = ({
  id,
  change,
}: {
  id: string;
  change: AutomationRuleUpdate;
}): Promise<AutomationRule> =>
  requestParsed(AutomationRuleOut, "PUT", `${AUTOMATION_RULES_URL}/${id}`, change);

export function useUpdateAutomationRule() {
  const refresh = useRefreshAutomationRules();
  return useMutation({ mutationFn: updateAutomationRule, onSuccess: refresh });
}
