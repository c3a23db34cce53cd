import type {
  Agent,
  AgentAnalytics,
  AgentTest,
  ConversationFlow,
  RoutingConditions,
  RoutingRule,
  TelecomAgent,
} from "../../../common/agents";
import type { CallOutcomeCounts } from "../../../common/calls";
import type { AgentFigures, AgentRow, ConversationFlowRow, RoutingRuleRow } from "./repository";
import type { AgentAnalyticsInput } from "./service";
import type { TelecomAgentRow } from "./telecom-repository";
import type { AgentTestRow } from "./tests-repository";

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

/** An agent's figures as the screens show them, counted from the calls it handled. */
export function agentFigures(figures: AgentFigures | undefined) {
  const f = figures ?? {
    calls: 0,
    ended: 0,
    successful: 0,
    transfers: 0,
    appointments: 0,
    satisfied: 0,
    turns: 0,
    responseMsTotal: 0,
  };
  return {
    callsHandled: f.calls,
    successRate: percent(f.successful, f.ended) ?? 0,
    ended: f.ended,
    transfers: f.transfers,
    performanceMetrics: {
      averageResponseTime: f.turns > 0 ? Math.round(f.responseMsTotal / f.turns) : null,
      satisfactionScore: percent(f.satisfied, f.ended),
      conversionRate: percent(f.appointments, f.calls),
      escalationRate: percent(f.transfers, f.calls),
    },
  };
}

export function presentAgent(row: AgentRow, figures?: AgentFigures): Agent {
  const counted = agentFigures(figures);
  return {
    id: row.id,
    name: row.name,
    extension: row.extension,
    purpose: row.purpose,
    personality: row.personality,
    knowledgeBase: row.knowledgeBase,
    rebuttalPlaybook: row.rebuttalPlaybook,
    closingStyle: row.closingStyle,
    status: row.status as Agent["status"],
    isActive: row.status === "active",
    specialization: row.specialization as Agent["specialization"],
    voice: row.voice as Agent["voice"],
    responseSpeed: row.responseSpeed,
    empathyLevel: row.empathyLevel,
    assertivenessLevel: row.assertivenessLevel,
    maxCallDuration: row.maxCallDuration,
    transferThreshold: row.transferThreshold,
    voiceSettings: row.voiceSettings as Agent["voiceSettings"],
    aiSettings: row.aiSettings,
    performanceMetrics: counted.performanceMetrics,
    languages: row.languages as Agent["languages"],
    primaryLanguage: row.primaryLanguage as Agent["primaryLanguage"],
    callsHandled: counted.callsHandled,
    successRate: counted.successRate,
    script: row.script,
    keywords: row.keywords,
    objectionHandling: row.objectionHandling,
    salesTechniques: row.salesTechniques,
    conversationStyle: row.conversationStyle,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An agent with no ended real call yet: every count 0. */
const NO_OUTCOMES: CallOutcomeCounts = {
  calls: 0,
  answered: 0,
  booked: 0,
  interested: 0,
  qualified: 0,
  callBacks: 0,
  notInterested: 0,
  doNotCall: 0,
  wrongNumber: 0,
  voicemail: 0,
  transferred: 0,
  noOutcome: 0,
  conversionRate: 0,
};

/**
 * Analytics tab: every figure counted from the calls the agents handled, and what
 * their calls came to (booked, call backs, do not call, ... and the conversion rate).
 */
export function presentAnalytics({ rows, figures, outcomes }: AgentAnalyticsInput): AgentAnalytics {
  const byAgent = new Map(figures.map((f) => [f.agentId, f]));
  const agents = rows.map((row) => {
    const counted = agentFigures(byAgent.get(row.id));
    return { row, counted };
  });
  const rated = agents.filter(({ counted }) => counted.ended > 0);
  const best = [...rated].sort(
    (a, b) =>
      b.counted.successRate - a.counted.successRate || b.counted.callsHandled - a.counted.callsHandled,
  )[0];
  const avg = rated.length
    ? rated.reduce((sum, { counted }) => sum + counted.successRate, 0) / rated.length
    : 0;
  return {
    totalAgents: rows.length,
    activeAgents: rows.filter((row) => row.status === "active").length,
    totalCalls: agents.reduce((sum, { counted }) => sum + counted.callsHandled, 0),
    avgSuccessRate: Math.round(avg * 10) / 10,
    bestPerformer: best
      ? {
          id: best.row.id,
          name: best.row.name,
          successRate: best.counted.successRate,
          callsHandled: best.counted.callsHandled,
        }
      : null,
    agents: agents.map(({ row, counted }) => ({
      id: row.id,
      name: row.name,
      extension: row.extension,
      specialization: row.specialization as Agent["specialization"],
      status: row.status as Agent["status"],
      callsHandled: counted.callsHandled,
      successRate: counted.successRate,
      transfers: counted.transfers,
      averageResponseTime: counted.performanceMetrics.averageResponseTime,
      outcomes: outcomes.byAgent.get(row.id) ?? NO_OUTCOMES,
    })),
    outcomes: outcomes.total,
  };
}

const conditionsOut = (conditions: RoutingConditions) => ({
  direction: conditions.direction,
  extension: conditions.extension ?? null,
  classifications: conditions.classifications ?? [],
});

export function presentRule(row: RoutingRuleRow): RoutingRule {
  return {
    id: row.id,
    name: row.name,
    keywords: row.keywords,
    agentId: row.agentId,
    priority: row.priority,
    conditions: conditionsOut(row.conditions),
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentFlow(row: ConversationFlowRow): ConversationFlow {
  return {
    id: row.id,
    name: row.name,
    trigger: row.trigger,
    conditions: conditionsOut(row.conditions),
    agentId: row.agentId,
    response: row.response,
    nextAction: row.nextAction as ConversationFlow["nextAction"],
    priority: row.priority,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentTelecomAgent(row: TelecomAgentRow): TelecomAgent {
  return {
    id: row.id,
    name: row.name,
    specialization: row.specialization as TelecomAgent["specialization"],
    providers: row.providers as TelecomAgent["providers"],
    personality: row.personality,
    script: row.script,
    keywords: row.keywords,
    isActive: row.isActive,
    responseStyle: row.responseStyle as TelecomAgent["responseStyle"],
    maxCallDuration: row.maxCallDuration,
    transferThreshold: row.transferThreshold,
    salesGoals: row.salesGoals,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentAgentTest(row: AgentTestRow): AgentTest {
  return {
    id: row.id,
    name: row.name,
    turns: row.turns,
    expectedAgentId: row.expectedAgentId,
    expectedClassification: row.expectedClassification as AgentTest["expectedClassification"],
    expectTransfer: row.expectTransfer,
    scriptId: row.scriptId,
    direction: row.direction as AgentTest["direction"],
    templateId: row.templateId,
    lastRun: row.lastRun,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
