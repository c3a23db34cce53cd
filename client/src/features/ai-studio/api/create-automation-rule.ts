import { type AutomationRule, type AutomationRuleCreate, AutomationRuleOut } from "@common/ai-studio";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { AUTOMATION_RULES_URL, useRefreshAutomationRules } from "./get-automation-rules";

/** POST /api/automation-rules: the new rule. */
export const createAutomationRule = (body: AutomationRuleCreate): Promise<AutomationRule> =>
  requestParsed(AutomationRuleOut, "POST", AUTOMATION_RULES_URL, body);

export function useCreateAutomationRule() {
  const refresh = useRefreshAutomationRules();
  return useMutation({ mutationFn: createAutomationRule, onSuccess: refresh });
}
