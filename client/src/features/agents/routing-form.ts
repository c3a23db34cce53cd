import {
  type ConversationFlow,
  ConversationFlowCreate,
  NEXT_ACTIONS,
  type NextAction,
  type RoutingRule,
  RoutingRuleCreate,
} from "@common/agents";
import type { Classification } from "@common/calls";
import type { z } from "zod";
import { type FieldErrors, fieldErrors } from "../../lib/forms/field-errors";

export type Direction = "any" | "inbound" | "outbound";

/** What rules and flows share: when they apply. */
export type ConditionsState = { direction: Direction; extension: string; classifications: Classification[] };

export type RuleFormState = {
  name: string;
  keywords: string;
  agentId: string;
  priority: string;
  isActive: boolean;
} & ConditionsState;

export type FlowFormState = {
  name: string;
  trigger: string;
  agentId: string;
  response: string;
  nextAction: NextAction;
  priority: string;
  isActive: boolean;
} & ConditionsState;

const conditionsOf = (item: RoutingRule | ConversationFlow | null): ConditionsState => ({
  direction: item?.conditions.direction ?? "any",
  extension: item?.conditions.extension ?? "",
  classifications: item ? [...item.conditions.classifications] : [],
});

export const ruleFormState = (rule: RoutingRule | null, firstAgentId: string): RuleFormState => ({
  name: rule?.name ?? "",
  keywords: rule?.keywords.join(", ") ?? "",
  agentId: rule?.agentId ?? firstAgentId,
  priority: String(rule?.priority ?? 0),
  isActive: rule?.isActive ?? true,
  ...conditionsOf(rule),
});

export const flowFormState = (flow: ConversationFlow | null, firstAgentId: string): FlowFormState => ({
  name: flow?.name ?? "",
  trigger: flow?.trigger.join(", ") ?? "",
  agentId: flow?.agentId ?? firstAgentId,
  response: flow?.response ?? "",
  nextAction: flow?.nextAction ?? NEXT_ACTIONS[0],
  priority: String(flow?.priority ?? 0),
  isActive: flow?.isActive ?? true,
  ...conditionsOf(flow),
});

const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
const conditionsBody = (form: ConditionsState) => ({
  direction: form.direction,
  extension: form.extension.trim() || null,
  classifications: form.classifications,
});

export const ruleBody = (form: RuleFormState) =>
  ({
    name: form.name,
    keywords: form.keywords,
    agentId: form.agentId,
    priority: numberOf(form.priority),
    conditions: conditionsBody(form),
    isActive: form.isActive,
  }) satisfies z.input<typeof RoutingRuleCreate>;

export const flowBody = (form: FlowFormState) =>
  ({
    name: form.name,
    trigger: form.trigger,
    agentId: form.agentId,
    response: form.response,
    nextAction: form.nextAction,
    priority: numberOf(form.priority),
    conditions: conditionsBody(form),
    isActive: form.isActive,
  }) satisfies z.input<typeof ConversationFlowCreate>;

export function checkRule(form: RuleFormState) {
  const body = ruleBody(form);
  const parsed = RoutingRuleCreate.safeParse(body);
  return parsed.success
    ? ({ ok: true, body } as const)
    : ({ ok: false, errors: fieldErrors(parsed.error) } as const);
}

export function checkFlow(form: FlowFormState) {
  const body = flowBody(form);
  const parsed = ConversationFlowCreate.safeParse(body);
  return parsed.success
    ? ({ ok: true, body } as const)
    : ({ ok: false, errors: fieldErrors(parsed.error) } as const);
}

export type { FieldErrors };
