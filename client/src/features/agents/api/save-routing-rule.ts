import {
  type RoutingRule,
  type RoutingRuleCreate,
  RoutingRuleOut,
  type RoutingRuleUpdate,
} from "@common/agents";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { ROUTING_RULES_URL } from "./get-routing-rules";

/** POST /api/routing-rules: a new rule. */
export function createRoutingRule(body: RoutingRuleCreate): Promise<RoutingRule> {
  return requestParsed(RoutingRuleOut, "POST", ROUTING_RULES_URL, body);
}

/** PUT /api/routing-rules/:id: the fields sent change (the Active switch sends { isActive }). */
export function updateRoutingRule({
  id,
  change,
}: {
  id: string;
  change: RoutingRuleUpdate;
}): Promise<RoutingRule> {
  return requestParsed(RoutingRuleOut, "PUT", `${ROUTING_RULES_URL}/${id}`, change);
}

export function useCreateRoutingRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRoutingRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ROUTING_RULES_URL] }),
  });
}

export function useUpdateRoutingRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRoutingRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ROUTING_RULES_URL] }),
  });
}
