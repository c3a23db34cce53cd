import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { advisoryLock } from "../../db/locks";
import { agentCallOutcomes, aiAgents, conversationFlows, routingRules } from "../../db/schema";

export type AgentRow = typeof aiAgents.$inferSelect;
export type NewAgent = Omit<typeof aiAgents.$inferInsert, "id" | "workspaceId" | "createdAt" | "updatedAt">;
export type AgentPatch = Partial<NewAgent>;
export type RoutingRuleRow = typeof routingRules.$inferSelect;
export type NewRoutingRule = Omit<
  typeof routingRules.$inferInsert,
  "id" | "workspaceId" | "createdAt" | "updatedAt"
>;
export type ConversationFlowRow = typeof conversationFlows.$inferSelect;
export type NewConversationFlow = Omit<
  typeof conversationFlows.$inferInsert,
  "id" | "workspaceId" | "createdAt" | "updatedAt"
>;
export type OutcomeRow = typeof agentCallOutcomes.$inferSelect;

/** Per-agent figures counted from agent_call_outcomes. */
export type AgentFigures = {
  agentId: string;
  calls: number;
  /** Calls that have ended (successful is set). */
  ended: number;
  successful: number;
  transfers: number;
  appointments: number;
  /** Ended calls whose caller was not left negative. */
  satisfied: number;
  turns: number;
  responseMsTotal: number;
};

/** ai_agents, routing_rules, conversation_flows and agent_call_outcomes; every query filtered by the workspace. */
export function agentRepository(db: Db) {
  return {
    /** Serialises extension assignment in one workspace until the transaction ends. */
    async lockWorkspace(workspaceId: string): Promise<void> {
      await advisoryLock(db, "aiAgents", workspaceId);
    },

    /** Lowest extension first (the order the screens and routing ties use). */
    listAgents(workspaceId: string): Promise<AgentRow[]> {
      return db
        .select()
        .from(aiAgents)
        .where(eq(aiAgents.workspaceId, workspaceId))
        .orderBy(asc(sql`length(${aiAgents.extension})`), asc(aiAgents.extension), asc(aiAgents.createdAt));
    },

    async getAgent(workspaceId: string, id: string): Promise<AgentRow | undefined> {
      const [row] = await db
        .select()
        .from(aiAgents)
        .where(and(eq(aiAgents.workspaceId, workspaceId), eq(aiAgents.id, id)));
      return row;
    },

    async countAgents(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(aiAgents)
        .where(eq(aiAgents.workspaceId, workspaceId));
      return row?.n ?? 0;
    },

    /** The highest extension made only of digits, as a number (null when there is none). */
    async highestExtension(workspaceId: string): Promise<number | null> {
      const [row] = await db
        .select({ top: sql<string | null>`max(${aiAgents.extension}::bigint)::text` })
        .from(aiAgents)
        .where(and(eq(aiAgents.workspaceId, workspaceId), sql`${aiAgents.extension} ~ '^[0-9]{1,15}$'`));
      return row?.top ? Number(row.top) : null;
    },

    async extensionTaken(workspaceId: string, extension: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: aiAgents.id })
        .from(aiAgents)
        .where(
          and(
            eq(aiAgents.workspaceId, workspaceId),
            eq(aiAgents.extension, extension),
            ...(exceptId ? [sql`${aiAgents.id} <> ${exceptId}`] : []),
          ),
        );
      return Boolean(row);
    },

    async insertAgent(workspaceId: string, fields: NewAgent): Promise<AgentRow> {
      const [row] = await db
        .insert(aiAgents)
        .values({ ...fields, workspaceId })
        .returning();
      if (!row) throw new Error("ai_agents insert returned nothing");
      return row;
    },

    async updateAgent(workspaceId: string, id: string, patch: AgentPatch): Promise<AgentRow | undefined> {
      const [row] = await db
        .update(aiAgents)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(and(eq(aiAgents.workspaceId, workspaceId), eq(aiAgents.id, id)))
        .returning();
      return row;
    },

    /** Pause/Activate in one statement: active becomes paused, anything else active. */
    async toggleAgent(workspaceId: string, id: string): Promise<AgentRow | undefined> {
      const [row] = await db
        .update(aiAgents)
        .set({
          status: sql`case when ${aiAgents.status} = 'active' then 'paused' else 'active' end`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(aiAgents.workspaceId, workspaceId), eq(aiAgents.id, id)))
        .returning();
      return row;
    },

    async removeAgent(workspaceId: string, id: string): Promise<AgentRow | undefined> {
      const [row] = await db
        .delete(aiAgents)
        .where(and(eq(aiAgents.workspaceId, workspaceId), eq(aiAgents.id, id)))
        .returning();
      return row;
    },

    // --- routing rules ---
    listRules(workspaceId: string): Promise<RoutingRuleRow[]> {
      return db
        .select()
        .from(routingRules)
        .where(eq(routingRules.workspaceId, workspaceId))
        .orderBy(sql`${routingRules.priority} desc`, asc(routingRules.createdAt));
    },
    async countRules(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(routingRules)
        .where(eq(routingRules.workspaceId, workspaceId));
      return row?.n ?? 0;
    },
    async insertRule(workspaceId: string, fields: NewRoutingRule): Promise<RoutingRuleRow> {
      const [row] = await db
        .insert(routingRules)
        .values({ ...fields, workspaceId })
        .returning();
      if (!row) throw new Error("routing_rules insert returned nothing");
      return row;
    },
    async updateRule(
      workspaceId: string,
      id: string,
      patch: Partial<NewRoutingRule>,
    ): Promise<RoutingRuleRow | undefined> {
      const [row] = await db
        .update(routingRules)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(and(eq(routingRules.workspaceId, workspaceId), eq(routingRules.id, id)))
        .returning();
      return row;
    },
    async getRule(workspaceId: string, id: string): Promise<RoutingRuleRow | undefined> {
      const [row] = await db
        .select()
        .from(routingRules)
        .where(and(eq(routingRules.workspaceId, workspaceId), eq(routingRules.id, id)));
      return row;
    },
    async removeRule(workspaceId: string, id: string): Promise<RoutingRuleRow | undefined> {
      const [row] = await db
        .delete(routingRules)
        .where(and(eq(routingRules.workspaceId, workspaceId), eq(routingRules.id, id)))
        .returning();
      return row;
    },

    // --- conversation flows ---
    listFlows(workspaceId: string): Promise<ConversationFlowRow[]> {
      return db
        .select()
        .from(conversationFlows)
        .where(eq(conversationFlows.workspaceId, workspaceId))
        .orderBy(sql`${conversationFlows.priority} desc`, asc(conversationFlows.createdAt));
    },
    async countFlows(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(conversationFlows)
        .where(eq(conversationFlows.workspaceId, workspaceId));
      return row?.n ?? 0;
    },
    async insertFlow(workspaceId: string, fields: NewConversationFlow): Promise<ConversationFlowRow> {
      const [row] = await db
        .insert(conversationFlows)
        .values({ ...fields, workspaceId })
        .returning();
      if (!row) throw new Error("conversation_flows insert returned nothing");
      return row;
    },
    async getFlow(workspaceId: string, id: string): Promise<ConversationFlowRow | undefined> {
      const [row] = await db
        .select()
        .from(conversationFlows)
        .where(and(eq(conversationFlows.workspaceId, workspaceId), eq(conversationFlows.id, id)));
      return row;
    },
    async updateFlow(
      workspaceId: string,
      id: string,
      patch: Partial<NewConversationFlow>,
    ): Promise<ConversationFlowRow | undefined> {
      const [row] = await db
        .update(conversationFlows)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(and(eq(conversationFlows.workspaceId, workspaceId), eq(conversationFlows.id, id)))
        .returning();
      return row;
    },
    async removeFlow(workspaceId: string, id: string): Promise<ConversationFlowRow | undefined> {
      const [row] = await db
        .delete(conversationFlows)
        .where(and(eq(conversationFlows.workspaceId, workspaceId), eq(conversationFlows.id, id)))
        .returning();
      return row;
    },

    // --- call outcomes ---
    /**
     * Records (or moves) which agent handles a call, adding a turn and its reply time. The call
     * keeps one row: the agent routed last is the one that handled it.
     */
    async recordTurn(
      workspaceId: string,
      turn: {
        callId: string;
        agentId: string;
        routingReason: string;
        classification: string | null;
        sentiment: string | null;
        transferred: boolean;
        appointmentBooked: boolean;
        responseMs: number;
      },
    ): Promise<void> {
      const ms = Math.max(0, Math.min(Math.round(turn.responseMs), 600_000));
      await db
        .insert(agentCallOutcomes)
        .values({
          workspaceId,
          callId: turn.callId,
          agentId: turn.agentId,
          routingReason: turn.routingReason,
          classification: turn.classification,
          sentiment: turn.sentiment,
          transferred: turn.transferred,
          appointmentBooked: turn.appointmentBooked,
          turns: 1,
          responseMsTotal: ms,
        })
        .onConflictDoUpdate({
          target: agentCallOutcomes.callId,
          // A call of another workspace is never touched (the call id is the workspace's own).
          setWhere: eq(agentCallOutcomes.workspaceId, workspaceId),
          set: {
            agentId: turn.agentId,
            routingReason: turn.routingReason,
            classification: turn.classification,
            sentiment: turn.sentiment,
            transferred: sql`${agentCallOutcomes.transferred} or ${turn.transferred}`,
            appointmentBooked: sql`${agentCallOutcomes.appointmentBooked} or ${turn.appointmentBooked}`,
            turns: sql`${agentCallOutcomes.turns} + 1`,
            responseMsTotal: sql`least(${agentCallOutcomes.responseMsTotal} + ${ms}, 2000000000)`,
            updatedAt: sql`now()`,
          },
        });
    },

    /** How the call ended, for its agent's success rate. */
    async recordEnd(
      workspaceId: string,
      callId: string,
      end: { successful: boolean; classification: string | null; transferred: boolean },
    ): Promise<void> {
      await db
        .update(agentCallOutcomes)
        .set({
          successful: end.successful,
          ...(end.classification ? { classification: end.classification } : {}),
          transferred: sql`${agentCallOutcomes.transferred} or ${end.transferred}`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(agentCallOutcomes.workspaceId, workspaceId), eq(agentCallOutcomes.callId, callId)));
    },

    async outcomeOf(workspaceId: string, callId: string): Promise<OutcomeRow | undefined> {
      const [row] = await db
        .select()
        .from(agentCallOutcomes)
        .where(and(eq(agentCallOutcomes.workspaceId, workspaceId), eq(agentCallOutcomes.callId, callId)));
      return row;
    },

    /** Every agent's figures in one pass over the workspace's outcomes. */
    async figures(workspaceId: string): Promise<AgentFigures[]> {
      const o = agentCallOutcomes;
      return db
        .select({
          agentId: o.agentId,
          calls: sql<number>`count(*)::int`,
          ended: sql<number>`(count(*) filter (where ${o.successful} is not null))::int`,
          successful: sql<number>`(count(*) filter (where ${o.successful}))::int`,
          transfers: sql<number>`(count(*) filter (where ${o.transferred}))::int`,
          appointments: sql<number>`(count(*) filter (where ${o.appointmentBooked}))::int`,
          satisfied: sql<number>`(count(*) filter (where ${o.successful} is not null and coalesce(${o.sentiment}, 'neutral') <> 'negative'))::int`,
          turns: sql<number>`coalesce(sum(${o.turns}), 0)::int`,
          responseMsTotal: sql<number>`coalesce(sum(${o.responseMsTotal}), 0)::float8`,
        })
        .from(o)
        .where(eq(o.workspaceId, workspaceId))
        .groupBy(o.agentId);
    },
  };
}

export type AgentRepository = ReturnType<typeof agentRepository>;
