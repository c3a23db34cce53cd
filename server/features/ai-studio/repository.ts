import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { advisoryLock } from "../../db/locks";
import { aiFlows, automationRules } from "../../db/schema";

export type AiFlowRow = typeof aiFlows.$inferSelect;
export type NewAiFlow = Omit<typeof aiFlows.$inferInsert, "id" | "workspaceId" | "createdAt" | "updatedAt">;
export type AutomationRuleRow = typeof automationRules.$inferSelect;
export type NewAutomationRule = Omit<
  typeof automationRules.$inferInsert,
  "id" | "workspaceId" | "createdAt" | "updatedAt" | "runCount" | "lastRunAt" | "lastOutcome" | "lastFailed"
>;

/** One run of a rule on a finished call, written with the job's completion. */
export type RuleRun = { ruleId: string; at: Date; outcome: string; failed: boolean };

/** AI Studio's own tables, every query filtered by the workspace. */
export function aiStudioRepository(db: Db) {
  /** Serialises creates per workspace so the count and the insert are one step (the limits). */
  const lock = (name: "aiFlows" | "automationRules", workspaceId: string) =>
    advisoryLock(db, name, workspaceId);

  return {
    // --- flows --------------------------------------------------------------------------
    listFlows(workspaceId: string): Promise<AiFlowRow[]> {
      return db
        .select()
        .from(aiFlows)
        .where(eq(aiFlows.workspaceId, workspaceId))
        .orderBy(asc(aiFlows.createdAt), asc(aiFlows.id));
    },

    activeFlows(workspaceId: string): Promise<AiFlowRow[]> {
      return db
        .select()
        .from(aiFlows)
        .where(and(eq(aiFlows.workspaceId, workspaceId), eq(aiFlows.isActive, true)))
        .orderBy(asc(aiFlows.createdAt), asc(aiFlows.id));
    },

    async getFlow(workspaceId: string, id: string): Promise<AiFlowRow | undefined> {
      const [row] = await db
        .select()
        .from(aiFlows)
        .where(and(eq(aiFlows.workspaceId, workspaceId), eq(aiFlows.id, id)));
      return row;
    },

    /** Inserts unless the workspace already has `limit` flows (undefined then). */
    insertFlowWithin(workspaceId: string, limit: number, fields: NewAiFlow): Promise<AiFlowRow | undefined> {
      return db.transaction(async (tx) => {
        const repo = aiStudioRepository(tx);
        await repo.lockFor("aiFlows", workspaceId);
        const [counted] = await tx
          .select({ n: count() })
          .from(aiFlows)
          .where(eq(aiFlows.workspaceId, workspaceId));
        if ((counted?.n ?? 0) >= limit) return undefined;
        const [row] = await tx
          .insert(aiFlows)
          .values({ ...fields, workspaceId })
          .returning();
        return row;
      });
    },

    async updateFlow(
      workspaceId: string,
      id: string,
      fields: Partial<NewAiFlow>,
    ): Promise<AiFlowRow | undefined> {
      const [row] = await db
        .update(aiFlows)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(aiFlows.workspaceId, workspaceId), eq(aiFlows.id, id)))
        .returning();
      return row;
    },

    async deleteFlow(workspaceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(aiFlows)
        .where(and(eq(aiFlows.workspaceId, workspaceId), eq(aiFlows.id, id)))
        .returning({ id: aiFlows.id });
      return rows.length > 0;
    },

    // --- automation rules ---------------------------------------------------------------
    listRules(workspaceId: string): Promise<AutomationRuleRow[]> {
      return db
        .select()
        .from(automationRules)
        .where(eq(automationRules.workspaceId, workspaceId))
        .orderBy(asc(automationRules.createdAt), asc(automationRules.id));
    },

    activeRules(workspaceId: string): Promise<AutomationRuleRow[]> {
      return db
        .select()
        .from(automationRules)
        .where(and(eq(automationRules.workspaceId, workspaceId), eq(automationRules.isActive, true)))
        .orderBy(asc(automationRules.createdAt), asc(automationRules.id));
    },

    async getRule(workspaceId: string, id: string): Promise<AutomationRuleRow | undefined> {
      const [row] = await db
        .select()
        .from(automationRules)
        .where(and(eq(automationRules.workspaceId, workspaceId), eq(automationRules.id, id)));
      return row;
    },

    insertRuleWithin(
      workspaceId: string,
      limit: number,
      fields: NewAutomationRule,
    ): Promise<AutomationRuleRow | undefined> {
      return db.transaction(async (tx) => {
        const repo = aiStudioRepository(tx);
        await repo.lockFor("automationRules", workspaceId);
        const [counted] = await tx
          .select({ n: count() })
          .from(automationRules)
          .where(eq(automationRules.workspaceId, workspaceId));
        if ((counted?.n ?? 0) >= limit) return undefined;
        const [row] = await tx
          .insert(automationRules)
          .values({ ...fields, workspaceId })
          .returning();
        return row;
      });
    },

    async updateRule(
      workspaceId: string,
      id: string,
      fields: Partial<NewAutomationRule>,
    ): Promise<AutomationRuleRow | undefined> {
      const [row] = await db
        .update(automationRules)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(automationRules.workspaceId, workspaceId), eq(automationRules.id, id)))
        .returning();
      return row;
    },

    async deleteRule(workspaceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(automationRules)
        .where(and(eq(automationRules.workspaceId, workspaceId), eq(automationRules.id, id)))
        .returning({ id: automationRules.id });
      return rows.length > 0;
    },

    /** Counts the runs (a rule deleted meanwhile is skipped). Inside the job's completion. */
    async recordRuns(workspaceId: string, runs: RuleRun[]): Promise<void> {
      for (const run of runs) {
        await db
          .update(automationRules)
          .set({
            runCount: sql`least(${automationRules.runCount} + 1, 2147483647)`,
            lastRunAt: run.at,
            lastOutcome: run.outcome.slice(0, 500),
            lastFailed: run.failed,
          })
          .where(
            and(eq(automationRules.workspaceId, workspaceId), inArray(automationRules.id, [run.ruleId])),
          );
      }
    },

    lockFor: lock,
  };
}

export type AiStudioRepository = ReturnType<typeof aiStudioRepository>;
