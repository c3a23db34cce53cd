import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { telecomAgents } from "../../db/schema";

export type TelecomAgentRow = typeof telecomAgents.$inferSelect;
export type TelecomAgentFields = Omit<
  typeof telecomAgents.$inferInsert,
  "id" | "workspaceId" | "createdAt" | "updatedAt"
>;

/** telecom_agents, every query filtered by the workspace. */
export function telecomAgentRepository(db: Db) {
  return {
    list(workspaceId: string): Promise<TelecomAgentRow[]> {
      return db
        .select()
        .from(telecomAgents)
        .where(eq(telecomAgents.workspaceId, workspaceId))
        .orderBy(asc(telecomAgents.createdAt), asc(telecomAgents.id));
    },
    async count(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(telecomAgents)
        .where(eq(telecomAgents.workspaceId, workspaceId));
      return row?.n ?? 0;
    },
    async insert(workspaceId: string, fields: TelecomAgentFields): Promise<TelecomAgentRow> {
      const [row] = await db
        .insert(telecomAgents)
        .values({ ...fields, workspaceId })
        .returning();
      if (!row) throw new Error("telecom_agents insert returned nothing");
      return row;
    },
    /** Replaces every field of the workspace's agent with this id. */
    async replace(
      workspaceId: string,
      id: string,
      fields: TelecomAgentFields,
    ): Promise<TelecomAgentRow | undefined> {
      const [row] = await db
        .update(telecomAgents)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(and(eq(telecomAgents.workspaceId, workspaceId), eq(telecomAgents.id, id)))
        .returning();
      return row;
    },
    async remove(workspaceId: string, id: string): Promise<TelecomAgentRow | undefined> {
      const [row] = await db
        .delete(telecomAgents)
        .where(and(eq(telecomAgents.workspaceId, workspaceId), eq(telecomAgents.id, id)))
        .returning();
      return row;
    },
  };
}
