import { and, asc, count, desc, eq, inArray, isNotNull, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { generatedLeads, leadCampaigns, leadExports } from "../../db/schema";

export type CampaignRow = typeof leadCampaigns.$inferSelect;
export type NewCampaign = Omit<
  typeof leadCampaigns.$inferInsert,
  "id" | "workspaceId" | "createdAt" | "updatedAt"
>;
export type ExportRow = typeof leadExports.$inferSelect;

/** Lead generation's own tables; every query is filtered by the workspace. */
export function leadGenerationRepository(db: Db) {
  return {
    async createCampaign(workspaceId: string, fields: NewCampaign): Promise<CampaignRow> {
      const [row] = await db
        .insert(leadCampaigns)
        .values({ ...fields, workspaceId })
        .returning();
      if (!row) throw new Error("the campaign was not written");
      return row;
    },

    listCampaigns(workspaceId: string, limit: number): Promise<CampaignRow[]> {
      return db
        .select()
        .from(leadCampaigns)
        .where(eq(leadCampaigns.workspaceId, workspaceId))
        .orderBy(desc(leadCampaigns.createdAt), desc(leadCampaigns.id))
        .limit(limit);
    },

    async getCampaign(workspaceId: string, id: string): Promise<CampaignRow | undefined> {
      const [row] = await db
        .select()
        .from(leadCampaigns)
        .where(and(eq(leadCampaigns.workspaceId, workspaceId), eq(leadCampaigns.id, id)));
      return row;
    },

    async updateCampaign(
      workspaceId: string,
      id: string,
      fields: Partial<NewCampaign>,
    ): Promise<CampaignRow | undefined> {
      const [row] = await db
        .update(leadCampaigns)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(leadCampaigns.workspaceId, workspaceId), eq(leadCampaigns.id, id)))
        .returning();
      return row;
    },

    /** A run's outcome added to the campaign's counts in one statement (two runs may overlap). */
    async recordRun(
      workspaceId: string,
      id: string,
      run: { added: number; skipped: number; at: Date; error: string | null; nextRunAt: Date | null },
    ): Promise<CampaignRow | undefined> {
      const [row] = await db
        .update(leadCampaigns)
        .set({
          leadsGenerated: sql`${leadCampaigns.leadsGenerated} + ${run.added}`,
          duplicatesSkipped: sql`${leadCampaigns.duplicatesSkipped} + ${run.skipped}`,
          runs: sql`${leadCampaigns.runs} + 1`,
          lastRunAt: run.at,
          lastError: run.error,
          nextRunAt: run.nextRunAt,
          updatedAt: run.at,
        })
        .where(and(eq(leadCampaigns.workspaceId, workspaceId), eq(leadCampaigns.id, id)))
        .returning();
      return row;
    },

    /** Active campaigns whose next run is due, every workspace's (the schedule's sweep). */
    dueCampaigns(now: Date, limit: number): Promise<Pick<CampaignRow, "id" | "workspaceId" | "nextRunAt">[]> {
      return db
        .select({
          id: leadCampaigns.id,
          workspaceId: leadCampaigns.workspaceId,
          nextRunAt: leadCampaigns.nextRunAt,
        })
        .from(leadCampaigns)
        .where(
          and(
            eq(leadCampaigns.status, "active"),
            isNotNull(leadCampaigns.nextRunAt),
            lte(leadCampaigns.nextRunAt, now),
          ),
        )
        .orderBy(asc(leadCampaigns.nextRunAt))
        .limit(limit);
    },

    /**
     * Takes a business for the workspace: answers the row's id, or null when the business (its
     * place) or its phone number was taken before. The unique indexes decide, so two saves or two
     * servers racing cannot both take it.
     */
    async reserve(
      workspaceId: string,
      lead: { placeKey: string; phoneE164: string | null; campaignId: string | null },
    ): Promise<string | null> {
      const [row] = await db
        .insert(generatedLeads)
        .values({ workspaceId, ...lead })
        .onConflictDoNothing()
        .returning({ id: generatedLeads.id });
      return row?.id ?? null;
    },

    async release(workspaceId: string, id: string): Promise<void> {
      await db
        .delete(generatedLeads)
        .where(and(eq(generatedLeads.workspaceId, workspaceId), eq(generatedLeads.id, id)));
    },

    async attachContact(workspaceId: string, id: string, contactId: string): Promise<void> {
      await db
        .update(generatedLeads)
        .set({ contactId })
        .where(and(eq(generatedLeads.workspaceId, workspaceId), eq(generatedLeads.id, id)));
    },

    /** The contacts each of these campaigns added, as (campaign, contact) pairs. */
    async campaignContacts(
      workspaceId: string,
      campaignIds: string[],
    ): Promise<{ group: string; contactId: string }[]> {
      if (campaignIds.length === 0) return [];
      const rows = await db
        .select({ group: generatedLeads.campaignId, contactId: generatedLeads.contactId })
        .from(generatedLeads)
        .where(
          and(
            eq(generatedLeads.workspaceId, workspaceId),
            inArray(generatedLeads.campaignId, campaignIds),
            isNotNull(generatedLeads.contactId),
          ),
        );
      return rows.flatMap((row) =>
        row.group && row.contactId ? [{ group: row.group, contactId: row.contactId }] : [],
      );
    },

    /** Which of these places the workspace has taken already. */
    async takenPlaces(workspaceId: string, placeKeys: string[]): Promise<Set<string>> {
      if (placeKeys.length === 0) return new Set();
      const rows = await db
        .select({ placeKey: generatedLeads.placeKey })
        .from(generatedLeads)
        .where(and(eq(generatedLeads.workspaceId, workspaceId), inArray(generatedLeads.placeKey, placeKeys)));
      return new Set(rows.map((row) => row.placeKey));
    },

    async stats(workspaceId: string, recentSince: Date) {
      const [campaigns] = await db
        .select({
          total: count(),
          active: sql<number>`count(*) filter (where ${leadCampaigns.status} = 'active')`.mapWith(Number),
        })
        .from(leadCampaigns)
        .where(eq(leadCampaigns.workspaceId, workspaceId));
      const [leads] = await db
        .select({
          total: count(),
          recent: sql<number>`count(*) filter (where ${generatedLeads.createdAt} >= ${recentSince})`.mapWith(
            Number,
          ),
        })
        .from(generatedLeads)
        .where(and(eq(generatedLeads.workspaceId, workspaceId), isNotNull(generatedLeads.contactId)));
      return {
        totalCampaigns: campaigns?.total ?? 0,
        activeCampaigns: campaigns?.active ?? 0,
        totalLeadsGenerated: leads?.total ?? 0,
        recentLeads: leads?.recent ?? 0,
      };
    },

    async createExport(workspaceId: string, fileName: string, leads: unknown[]): Promise<ExportRow> {
      const [row] = await db.insert(leadExports).values({ workspaceId, fileName, leads }).returning();
      if (!row) throw new Error("the export was not written");
      return row;
    },

    async getExport(workspaceId: string, id: string): Promise<ExportRow | undefined> {
      const [row] = await db
        .select()
        .from(leadExports)
        .where(and(eq(leadExports.workspaceId, workspaceId), eq(leadExports.id, id)));
      return row;
    },

    /** Exports older than `before`, every workspace's (the sweep keeps them a week). */
    async deleteExportsBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(leadExports)
        .where(lt(leadExports.createdAt, before))
        .returning({ id: leadExports.id });
      return rows.length;
    },
  };
}

export type LeadGenerationRepository = ReturnType<typeof leadGenerationRepository>;
