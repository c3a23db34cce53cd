import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { agentTests } from "../../db/schema";

export type AgentTestRow = typeof agentTests.$inferSelect;
export type NewAgentTest = Omit<
  typeof agentTests.$inferInsert,
  "id" | "workspaceId" | "createdAt" | "updatedAt"
>;

/** agent_tests, every query filtered by the workspace. */
export function agentTestRepository(db: Db) {
  return {
    list(workspaceId: string, ids?: readonly string[]): Promise<AgentTestRow[]> {
      return db
        .select()
        .from(agentTests)
        .where(
          and(eq(agentTests.workspaceId, workspaceId), ...(ids ? [inArray(agentTests.id, [...ids])] : [])),
        )
        .orderBy(asc(agentTests.createdAt), asc(agentTests.id));
    },
    async get(workspaceId: string, id: string): Promise<AgentTestRow | undefined> {
      const [row] = await db
        .select()
        .from(agentTests)
        .where(and(eq(agentTests.workspaceId, workspaceId), eq(agentTests.id, id)));
      return row;
    },
    async count(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(agentTests)
        .where(eq(agentTests.workspaceId, workspaceId));
      return row?.n ?? 0;
    },
    async insert(workspaceId: string, rows: NewAgentTest[]): Promise<AgentTestRow[]> {
      if (rows.length === 0) return [];
      return db
        .insert(agentTests)
        .values(rows.map((row) => ({ ...row, workspaceId })))
        .returning();
    },
    async update(
      workspaceId: string,
      id: string,
      patch: Partial<NewAgentTest>,
    ): Promise<AgentTestRow | undefined> {
      const [row] = await db
        .update(agentTests)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(and(eq(agentTests.workspaceId, workspaceId), eq(agentTests.id, id)))
        .returning();
      return row;
    },
    /** The last run's outcome (not an edit: updated_at stays). */
    async setLastRun(
      workspaceId: string,
      id: string,
      lastRun: NonNullable<AgentTestRow["lastRun"]>,
    ): Promise<void> {
      await db
        .update(agentTests)
        .set({ lastRun })
        .where(and(eq(agentTests.workspaceId, workspaceId), eq(agentTests.id, id)));
    },
    async remove(workspaceId: string, id: string): Promise<AgentTestRow | undefined> {
      const [row] = await db
        .delete(agentTests)
        .where(and(eq(agentTests.workspaceId, workspaceId), eq(agentTests.id, id)))
        .returning();
      return row;
    },
  };
}
