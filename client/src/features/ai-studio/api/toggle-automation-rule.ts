import { type AutomationRule, AutomationRuleOut } from "@common/ai-studio";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { AUTOMATION_RULES_URL, useRefreshAutomationRules } from "./get-automation-rules";

/** POST /api/automation-rules/:id/toggle: paused becomes active, active paused. */
export const toggleAutomationRule = (id: string): Promise<AutomationRule> =>
  requestParsed(AutomationRuleOut, "POST", `${AUTOMATION_RULES_URL}/${id}/toggle`);

export function useToggleAutomationRule() {
  const refresh = useRefreshAutomationRules();
  return useMutation({ mutationFn: toggleAutomationRule, onSuccess: refresh });
}
