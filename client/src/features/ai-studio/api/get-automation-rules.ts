import { AutomationRuleListResponse } from "@common/ai-studio";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

/** GET /api/automation-rules: the workspace's rules with their run counts. */
export const AUTOMATION_RULES_URL = "/api/automation-rules";

export const automationRulesQueryOptions = queryOptions({
  queryKey: [AUTOMATION_RULES_URL],
  queryFn: () => getParsed(AutomationRuleListResponse, AUTOMATION_RULES_URL),
});

/** Runs are counted when calls end (a background job): read again every 15 s while shown. */
export const useAutomationRules = () => useQuery({ ...automationRulesQueryOptions, refetchInterval: 15_000 });

export function useRefreshAutomationRules() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [AUTOMATION_RULES_URL] });
}
