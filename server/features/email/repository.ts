import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  emailCampaigns,
  emailSends,
  emailSettings,
  emailSuppressions,
  emailTemplates,
} from "../../db/schema";

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;
export type EmailCampaignRow = typeof emailCampaigns.$inferSelect;
export type EmailSendRow = typeof emailSends.$inferSelect;
export type EmailSettingsRow = typeof emailSettings.$inferSelect;
export type NewSend = Omit<typeof emailSends.$inferInsert, "id" | "createdAt">;
export type SendCounts = {
  sent: number;
  failed: number;
  bounced: number;
  suppressed: number;
  pending: number;
  opened: number;
  clicked: number;
};
export const NO_SENDS: SendCounts = {
  sent: 0,
  failed: 0,
  bounced: 0,
  suppressed: 0,
  pending: 0,
  opened: 0,
  clicked: 0,
};

/** Email marketing's own tables; every read and write by id is filtered by workspace. */
export function emailRepository(db: Db) {
  return {
    // ---- templates ----
    listTemplates(workspaceId: string) {
      return db
        .select()
        .from(emailTemplates)
        .where(eq(emailTemplates.workspaceId, workspaceId))
        .orderBy(desc(emailTemplates.createdAt), desc(emailTemplates.id));
    },
    async getTemplate(workspaceId: string, id: string) {
      const [row] = await db
        .select()
        .from(emailTemplates)
        .where(and(eq(emailTemplates.workspaceId, workspaceId), eq(emailTemplates.id, id)));
      return row;
    },
    async insertTemplate(values: typeof emailTemplates.$inferInsert) {
      const [row] = await db.insert(emailTemplates).values(values).returning();
      return row as EmailTemplateRow;
    },
    async updateTemplate(
      workspaceId: string,
      id: string,
      values: Partial<typeof emailTemplates.$inferInsert>,
    ) {
      const [row] = await db
        .update(emailTemplates)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(emailTemplates.workspaceId, workspaceId), eq(emailTemplates.id, id)))
        .returning();
      return row;
    },
    async deleteTemplate(workspaceId: string, id: string) {
      const rows = await db
        .delete(emailTemplates)
        .where(and(eq(emailTemplates.workspaceId, workspaceId), eq(emailTemplates.id, id)))
        .returning({ id: emailTemplates.id });
      return rows.length > 0;
    },

    // ---- settings ----
    async getSettings(workspaceId: string) {
      const [row] = await db.select().from(emailSettings).where(eq(emailSettings.workspaceId, workspaceId));
      return row;
    },
    async saveSettings(workspaceId: string, values: Partial<typeof emailSettings.$inferInsert>) {
      const [row] = await db
        .insert(emailSettings)
        .values({ workspaceId, ...values })
        .onConflictDoUpdate({ target: emailSettings.workspaceId, set: { ...values, updatedAt: new Date() } })
        .returning();
      return row as EmailSettingsRow;
    },

    // ---- suppression ----
    async suppress(workspaceId: string, email: string, reason: string) {
      await db
        .insert(emailSuppressions)
        .values({ workspaceId, email: email.toLowerCase(), reason })
        .onConflictDoNothing();
    },
    async suppressedEmails(workspaceId: string): Promise<string[]> {
      const rows = await db
        .select({ email: emailSuppressions.email })
        .from(emailSuppressions)
        .where(eq(emailSuppressions.workspaceId, workspaceId));
      return rows.map((row) => row.email);
    },
    async suppressedAmong(workspaceId: string, emails: string[]): Promise<Set<string>> {
      if (emails.length === 0) return new Set();
      const rows = await db
        .select({ email: emailSuppressions.email })
        .from(emailSuppressions)
        .where(and(eq(emailSuppressions.workspaceId, workspaceId), inArray(emailSuppressions.email, emails)));
      return new Set(rows.map((row) => row.email));
    },
    async countSuppressed(workspaceId: string, reason: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailSuppressions)
        .where(and(eq(emailSuppressions.workspaceId, workspaceId), eq(emailSuppressions.reason, reason)));
      return row?.n ?? 0;
    },

    // ---- campaigns ----
    async insertCampaign(values: typeof emailCampaigns.$inferInsert) {
      const [row] = await db.insert(emailCampaigns).values(values).returning();
      return row as EmailCampaignRow;
    },
    async getCampaign(workspaceId: string, id: string) {
      const [row] = await db
        .select()
        .from(emailCampaigns)
        .where(and(eq(emailCampaigns.workspaceId, workspaceId), eq(emailCampaigns.id, id)));
      return row;
    },
    listCampaigns(workspaceId: string) {
      return db
        .select()
        .from(emailCampaigns)
        .where(eq(emailCampaigns.workspaceId, workspaceId))
        .orderBy(desc(emailCampaigns.createdAt), desc(emailCampaigns.id))
        .limit(100);
    },
    async setCampaign(workspaceId: string, id: string, values: Partial<typeof emailCampaigns.$inferInsert>) {
      const [row] = await db
        .update(emailCampaigns)
        .set(values)
        .where(and(eq(emailCampaigns.workspaceId, workspaceId), eq(emailCampaigns.id, id)))
        .returning();
      return row;
    },
    /** Moves the campaign only from one of `from` (pause only a sending campaign, and so on). */
    async moveCampaign(
      workspaceId: string,
      id: string,
      from: string[],
      values: Partial<typeof emailCampaigns.$inferInsert>,
    ) {
      const [row] = await db
        .update(emailCampaigns)
        .set(values)
        .where(
          and(
            eq(emailCampaigns.workspaceId, workspaceId),
            eq(emailCampaigns.id, id),
            inArray(emailCampaigns.status, from),
          ),
        )
        .returning();
      return row;
    },

    // ---- sends ----
    async insertSends(rows: NewSend[]) {
      if (rows.length === 0) return 0;
      const inserted = await db
        .insert(emailSends)
        .values(rows)
        .onConflictDoNothing({ target: [emailSends.campaignId, emailSends.contactId] })
        .returning({ id: emailSends.id });
      return inserted.length;
    },
    async countsByCampaign(campaignIds: string[]): Promise<Map<string, SendCounts>> {
      const counts = new Map<string, SendCounts>();
      if (campaignIds.length === 0) return counts;
      const rows = await db
        .select({
          campaignId: emailSends.campaignId,
          sent: sql<number>`count(*) filter (where ${emailSends.status} = 'sent')::int`,
          failed: sql<number>`count(*) filter (where ${emailSends.status} = 'failed')::int`,
          bounced: sql<number>`count(*) filter (where ${emailSends.status} = 'bounced')::int`,
          suppressed: sql<number>`count(*) filter (where ${emailSends.status} = 'suppressed')::int`,
          pending: sql<number>`count(*) filter (where ${emailSends.status} in ('pending', 'sending'))::int`,
          opened: sql<number>`count(${emailSends.openedAt})::int`,
          clicked: sql<number>`count(${emailSends.clickedAt})::int`,
        })
        .from(emailSends)
        .where(inArray(emailSends.campaignId, campaignIds))
        .groupBy(emailSends.campaignId);
      for (const id of campaignIds) counts.set(id, { ...NO_SENDS });
      for (const { campaignId, ...row } of rows) counts.set(campaignId, row);
      return counts;
    },
    async workspaceCounts(workspaceId: string) {
      const [row] = await db
        .select({
          sent: sql<number>`count(*) filter (where ${emailSends.status} = 'sent')::int`,
          failed: sql<number>`count(*) filter (where ${emailSends.status} = 'failed')::int`,
          bounced: sql<number>`count(*) filter (where ${emailSends.status} = 'bounced')::int`,
          suppressed: sql<number>`count(*) filter (where ${emailSends.status} = 'suppressed')::int`,
          opened: sql<number>`count(${emailSends.openedAt})::int`,
          clicked: sql<number>`count(${emailSends.clickedAt})::int`,
        })
        .from(emailSends)
        .where(eq(emailSends.workspaceId, workspaceId));
      const [campaigns] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailCampaigns)
        .where(eq(emailCampaigns.workspaceId, workspaceId));
      return {
        campaigns: campaigns?.n ?? 0,
        sent: row?.sent ?? 0,
        failed: row?.failed ?? 0,
        bounced: row?.bounced ?? 0,
        suppressed: row?.suppressed ?? 0,
        opened: row?.opened ?? 0,
        clicked: row?.clicked ?? 0,
      };
    },
    /** Messages the workspace had accepted since `since` (the hourly cap). */
    async sentSince(workspaceId: string, since: Date) {
      const [row] = await db
        .select({
          n: sql<number>`count(*)::int`,
          oldest: sql<string | null>`min(${emailSends.sentAt})::text`,
        })
        .from(emailSends)
        .where(and(eq(emailSends.workspaceId, workspaceId), gt(emailSends.sentAt, since)));
      return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
    },
    /**
     * Claims the next pending sends of a campaign: locked FOR UPDATE SKIP LOCKED and moved to
     * "sending" in one statement, so two workers never take the same row.
     */
    async claimSends(campaignId: string, limit: number, claimedBy: string): Promise<EmailSendRow[]> {
      const result = await db.execute(sql`
        update email_sends set status = 'sending', attempts = attempts + 1, claimed_at = now(),
          claimed_by = ${claimedBy}
        where id in (
          select id from email_sends
          where campaign_id = ${campaignId} and status = 'pending'
          order by created_at, id
          limit ${limit}
          for update skip locked
        )
        returning id`);
      const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
      if (ids.length === 0) return [];
      return db
        .select()
        .from(emailSends)
        .where(inArray(emailSends.id, ids))
        .orderBy(emailSends.createdAt, emailSends.id);
    },
    /**
     * Sends left "sending" since before `claimedBefore` go back to pending: their worker died
     * (a delivery gives up well before). A live worker's rows are never taken from it.
     */
    async releaseStale(campaignId: string, claimedBefore: Date) {
      await db
        .update(emailSends)
        .set({ status: "pending" })
        .where(
          and(
            eq(emailSends.campaignId, campaignId),
            eq(emailSends.status, "sending"),
            sql`${emailSends.claimedAt} < ${claimedBefore.toISOString()}::timestamptz`,
          ),
        );
    },
    /**
     * Sends still "sending" under an earlier attempt of `jobId` go back to pending: a job's next
     * attempt starts only once the last one's server died or its lease ran out (server/jobs).
     */
    async releaseEarlierAttempts(campaignId: string, jobId: string, current: string) {
      await db
        .update(emailSends)
        .set({ status: "pending" })
        .where(
          and(
            eq(emailSends.campaignId, campaignId),
            eq(emailSends.status, "sending"),
            sql`${emailSends.claimedBy} like ${`${jobId.replace(/[\\%_]/g, "\\$&")}:%`}`,
            sql`${emailSends.claimedBy} <> ${current}`,
          ),
        );
    },
    async countInFlight(campaignId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailSends)
        .where(and(eq(emailSends.campaignId, campaignId), eq(emailSends.status, "sending")));
      return row?.n ?? 0;
    },
    /** The next run of a campaign (resume, retry): an older run's job stops at its next batch. */
    async nextRun(workspaceId: string, id: string, from: string[]) {
      const [row] = await db
        .update(emailCampaigns)
        .set({ status: "queued", completedAt: null, run: sql`${emailCampaigns.run} + 1` })
        .where(
          and(
            eq(emailCampaigns.workspaceId, workspaceId),
            eq(emailCampaigns.id, id),
            inArray(emailCampaigns.status, from),
          ),
        )
        .returning();
      return row;
    },
    // ---- tracking ----
    async getSend(workspaceId: string, id: string) {
      const [row] = await db
        .select()
        .from(emailSends)
        .where(and(eq(emailSends.workspaceId, workspaceId), eq(emailSends.id, id)));
      return row;
    },
    /** The first open only; false when the workspace has no such send. */
    async recordOpen(workspaceId: string, id: string, at: Date) {
      const [row] = await db
        .update(emailSends)
        .set({ openedAt: sql`coalesce(${emailSends.openedAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(emailSends.workspaceId, workspaceId), eq(emailSends.id, id)))
        .returning({ id: emailSends.id });
      return row !== undefined;
    },
    /** The first click only; a click is an open too (images are often blocked). */
    async recordClick(workspaceId: string, id: string, at: Date) {
      const when = sql`${at.toISOString()}::timestamptz`;
      await db
        .update(emailSends)
        .set({
          clickedAt: sql`coalesce(${emailSends.clickedAt}, ${when})`,
          openedAt: sql`coalesce(${emailSends.openedAt}, ${when})`,
        })
        .where(and(eq(emailSends.workspaceId, workspaceId), eq(emailSends.id, id)));
    },
    async finishSend(id: string, values: { status: string; error?: string | null; sentAt?: Date | null }) {
      await db.update(emailSends).set(values).where(eq(emailSends.id, id));
    },
    async resetSends(campaignId: string, from: string[], to: string) {
      const rows = await db
        .update(emailSends)
        .set({ status: to, error: null })
        .where(and(eq(emailSends.campaignId, campaignId), inArray(emailSends.status, from)))
        .returning({ id: emailSends.id });
      return rows.length;
    },
  };
}
export type EmailRepository = ReturnType<typeof emailRepository>;
