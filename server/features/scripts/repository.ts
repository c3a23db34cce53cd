import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { advisoryLock } from "../../db/locks";
import { aiScripts, scriptTemplateUsage } from "../../db/schema";

export type ScriptRow = typeof aiScripts.$inferSelect;
export type NewScript = Omit<typeof aiScripts.$inferInsert, "id" | "workspaceId" | "createdAt" | "updatedAt">;
export type ScriptPatch = Partial<NewScript>;

/** ai_scripts and script_template_usage: every script query filtered by the workspace. */
export function scriptRepository(db: Db) {
  return {
    /** Serialises default-script changes of one workspace until the transaction ends. */
    async lockWorkspace(workspaceId: string): Promise<void> {
      await advisoryLock(db, "aiScripts", workspaceId);
    },

    /** The default first, then the newest. */
    list(workspaceId: string): Promise<ScriptRow[]> {
      return db
        .select()
        .from(aiScripts)
        .where(eq(aiScripts.workspaceId, workspaceId))
        .orderBy(desc(aiScripts.isDefault), desc(aiScripts.createdAt), desc(aiScripts.id));
    },

    async get(workspaceId: string, id: string): Promise<ScriptRow | undefined> {
      const [row] = await db
        .select()
        .from(aiScripts)
        .where(and(eq(aiScripts.workspaceId, workspaceId), eq(aiScripts.id, id)));
      return row;
    },

    /** The workspace's switched-on scripts, the default first, then the newest. */
    activeScripts(workspaceId: string): Promise<ScriptRow[]> {
      return db
        .select()
        .from(aiScripts)
        .where(and(eq(aiScripts.workspaceId, workspaceId), eq(aiScripts.isActive, true)))
        .orderBy(desc(aiScripts.isDefault), desc(aiScripts.updatedAt), desc(aiScripts.id));
    },

    async defaultScript(workspaceId: string): Promise<ScriptRow | undefined> {
      const [row] = await db
        .select()
        .from(aiScripts)
        .where(and(eq(aiScripts.workspaceId, workspaceId), eq(aiScripts.isDefault, true)));
      return row;
    },

    async count(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(aiScripts)
        .where(eq(aiScripts.workspaceId, workspaceId));
      return row?.n ?? 0;
    },

    /** Clears the workspace's default, so another can take its place. */
    async unsetDefault(workspaceId: string, exceptId?: string): Promise<void> {
      await db
        .update(aiScripts)
        .set({ isDefault: false, updatedAt: sql`now()` })
        .where(
          and(
            eq(aiScripts.workspaceId, workspaceId),
            eq(aiScripts.isDefault, true),
            ...(exceptId ? [sql`${aiScripts.id} <> ${exceptId}`] : []),
          ),
        );
    },

    async insert(workspaceId: string, fields: NewScript): Promise<ScriptRow> {
      const [row] = await db
        .insert(aiScripts)
        .values({ ...fields, workspaceId })
        .returning();
      if (!row) throw new Error("ai_scripts insert returned nothing");
      return row;
    },

    async update(workspaceId: string, id: string, patch: ScriptPatch): Promise<ScriptRow | undefined> {
      const [row] = await db
        .update(aiScripts)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(and(eq(aiScripts.workspaceId, workspaceId), eq(aiScripts.id, id)))
        .returning();
      return row;
    },

    async remove(workspaceId: string, id: string): Promise<ScriptRow | undefined> {
      const [row] = await db
        .delete(aiScripts)
        .where(and(eq(aiScripts.workspaceId, workspaceId), eq(aiScripts.id, id)))
        .returning();
      return row;
    },

    /** Every template's usage count (templates are global: the count is every workspace's). */
    async usageCounts(): Promise<Map<string, number>> {
      const rows = await db.select().from(scriptTemplateUsage);
      return new Map(rows.map((row) => [row.templateId, row.usageCount]));
    },

    async countUse(templateId: string): Promise<number> {
      const [row] = await db
        .insert(scriptTemplateUsage)
        .values({ templateId, usageCount: 1 })
        .onConflictDoUpdate({
          target: scriptTemplateUsage.templateId,
          set: { usageCount: sql`${scriptTemplateUsage.usageCount} + 1`, updatedAt: sql`now()` },
        })
        .returning();
      return row?.usageCount ?? 1;
    },
  };
}

export type ScriptRepository = ReturnType<typeof scriptRepository>;
