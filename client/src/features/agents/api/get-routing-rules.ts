import { RoutingRuleListResponse } from "@common/agents";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

/** Routing rules: keywords (or an extension) that send a call to an agent, the highest priority first. */
export const ROUTING_RULES_URL = "/api/routing-rules";

/** GET /api/routing-rules. */
export const getRoutingRules = () => getParsed(RoutingRuleListResponse, ROUTING_RULES_URL);

export const routingRulesQueryOptions = queryOptions({
  queryKey: [ROUTING_RULES_URL],
  queryFn: getRoutingRules,
});

export const useRoutingRules = () => useQuery(routingRulesQueryOptions);
