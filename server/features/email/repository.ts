import { and, desc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
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
  /** Still to be tried, the retrying ones included. */
  pending: number;
  /** Pending after a temporary failure, waiting for their next try. */
  retrying: number;
  opened: number;
  clicked: number;
};
export const NO_SENDS: SendCounts = {
  sent: 0,
  failed: 0,
  bounced: 0,
  suppressed: 0,
  pending: 0,
  retrying: 0,
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
          retrying: sql<number>`count(*) filter (where ${emailSends.status} = 'pending' and ${emailSends.nextAttemptAt} is not null)::int`,
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
          retrying: sql<number>`count(*) filter (where ${emailSends.status} = 'pending' and ${emailSends.nextAttemptAt} is not null)::int`,
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
        retrying: row?.retrying ?? 0,
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
     * Claims the next pending sends of a campaign that are due (never tried, or deferred until
     * `now` or before): locked FOR UPDATE SKIP LOCKED and moved to "sending" in one statement,
     * so two workers never take the same row.
     */
    async claimSends(
      workspaceId: string,
      campaignId: string,
      limit: number,
      claimedBy: string,
      now: Date,
    ): Promise<EmailSendRow[]> {
      const due = db
        .select({ id: emailSends.id })
        .from(emailSends)
        .where(
          and(
            eq(emailSends.workspaceId, workspaceId),
            eq(emailSends.campaignId, campaignId),
            eq(emailSends.status, "pending"),
            sql`(${emailSends.nextAttemptAt} is null or ${emailSends.nextAttemptAt} <= ${now.toISOString()}::timestamptz)`,
          ),
        )
        .orderBy(emailSends.createdAt, emailSends.id)
        .limit(limit)
        .for("update", { skipLocked: true });
      // One statement: the claimed rows come back whole (RETURNING), in the order they were due.
      const rows = await db
        .update(emailSends)
        .set({
          status: "sending",
          attempts: sql`${emailSends.attempts} + 1`,
          claimedAt: sql`now()`,
          claimedBy,
        })
        .where(inArray(emailSends.id, due))
        .returning();
      return rows.sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      );
    },
    /**
     * Sends left "sending" since before `claimedBefore` by another claimer than `except` (the
     * caller's own attempt) go back to pending: their worker died (a delivery gives up well
     * before).
     */
    async releaseStale(campaignId: string, claimedBefore: Date, except: string) {
      await db
        .update(emailSends)
        .set({ status: "pending" })
        .where(
          and(
            eq(emailSends.campaignId, campaignId),
            eq(emailSends.status, "sending"),
            sql`${emailSends.claimedAt} < ${claimedBefore.toISOString()}::timestamptz`,
            sql`${emailSends.claimedBy} is distinct from ${except}`,
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
    /**
     * A temporary failure: the send goes back to pending until `nextAttemptAt`, with the
     * server's answer, only while it is still the claim `claimedBy` made (a row released to
     * another worker meanwhile, perhaps sent by it, is left alone). In a campaign cancelled
     * while it was on its way it is cancelled instead. False when the claim was no longer its.
     */
    async deferSend(id: string, claimedBy: string, values: { error: string; nextAttemptAt: Date }) {
      const rows = await db
        .update(emailSends)
        .set({
          status: sql`case when (select c.status from email_campaigns c
            where c.id = email_sends.campaign_id) = 'cancelled' then 'cancelled' else 'pending' end`,
          error: values.error,
          nextAttemptAt: values.nextAttemptAt,
        })
        .where(
          and(eq(emailSends.id, id), eq(emailSends.status, "sending"), eq(emailSends.claimedBy, claimedBy)),
        )
        .returning({ id: emailSends.id });
      return rows.length > 0;
    },
    /** When the campaign's earliest deferred send is due; null when none waits. */
    async nextRetryAt(campaignId: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<string | null>`min(${emailSends.nextAttemptAt})::text` })
        .from(emailSends)
        .where(
          and(
            eq(emailSends.campaignId, campaignId),
            eq(emailSends.status, "pending"),
            isNotNull(emailSends.nextAttemptAt),
          ),
        );
      return row?.at ? new Date(row.at) : null;
    },
    async countInFlight(campaignId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailSends)
        .where(and(eq(emailSends.campaignId, campaignId), eq(emailSends.status, "sending")));
      return row?.n ?? 0;
    },
    /** The job now carrying the campaign's run, unless a newer run has begun. */
    async setJobOfRun(workspaceId: string, id: string, run: number, jobId: string) {
      await db
        .update(emailCampaigns)
        .set({ jobId })
        .where(
          and(
            eq(emailCampaigns.workspaceId, workspaceId),
            eq(emailCampaigns.id, id),
            eq(emailCampaigns.run, run),
          ),
        );
    },
    /** A run that left only deferred sends: when the sweep should queue it again (its run, still sending). */
    async setRetryAt(workspaceId: string, id: string, run: number, at: Date) {
      await db
        .update(emailCampaigns)
        .set({ nextRetryAt: at })
        .where(
          and(
            eq(emailCampaigns.workspaceId, workspaceId),
            eq(emailCampaigns.id, id),
            eq(emailCampaigns.run, run),
            eq(emailCampaigns.status, "sending"),
          ),
        );
    },
    /**
     * Campaigns of every workspace still sending whose deferred sends are due by `now` (the
     * retry sweep: a system job; each is then queued in its own workspace).
     */
    dueRetries(now: Date, limit: number) {
      return db
        .select({
          id: emailCampaigns.id,
          workspaceId: emailCampaigns.workspaceId,
          run: emailCampaigns.run,
          nextRetryAt: emailCampaigns.nextRetryAt,
        })
        .from(emailCampaigns)
        .where(
          and(
            eq(emailCampaigns.status, "sending"),
            isNotNull(emailCampaigns.nextRetryAt),
            sql`${emailCampaigns.nextRetryAt} <= ${now.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(emailCampaigns.nextRetryAt)
        .limit(limit);
    },
    /** The next run of a campaign (resume, retry): an older run's job stops at its next batch. */
    async nextRun(workspaceId: string, id: string, from: string[]) {
      const [row] = await db
        .update(emailCampaigns)
        .set({ status: "queued", completedAt: null, nextRetryAt: null, run: sql`${emailCampaigns.run} + 1` })
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
    async finishSend(
      workspaceId: string,
      id: string,
      values: { status: string; error?: string | null; sentAt?: Date | null },
    ) {
      await db
        .update(emailSends)
        .set(values)
        .where(and(eq(emailSends.workspaceId, workspaceId), eq(emailSends.id, id)));
    },
    /**
     * Sends the server accepted, marked sent together in one statement (the sender groups the
     * acceptances that arrive while its previous marking is being written).
     */
    async markSent(workspaceId: string, ids: string[], sentAt: Date) {
      if (ids.length === 0) return;
      await db
        .update(emailSends)
        .set({ status: "sent", sentAt, error: null })
        .where(and(eq(emailSends.workspaceId, workspaceId), inArray(emailSends.id, ids)));
    },
    /** Sends of a batch skipped before delivery (their addresses are suppressed), in one statement. */
    async markSuppressed(workspaceId: string, ids: string[]) {
      if (ids.length === 0) return;
      await db
        .update(emailSends)
        .set({ status: "suppressed" })
        .where(and(eq(emailSends.workspaceId, workspaceId), inArray(emailSends.id, ids)));
    },
    /**
     * Moves a campaign's sends from one of `from` to `to`. `freshTries` (retry failed) also gives
     * them their tries back: no attempts counted, nothing deferred.
     */
    async resetSends(campaignId: string, from: string[], to: string, freshTries = false) {
      const rows = await db
        .update(emailSends)
        .set(
          freshTries
            ? { status: to, error: null, attempts: 0, nextAttemptAt: null }
            : { status: to, error: null },
        )
        .where(and(eq(emailSends.campaignId, campaignId), inArray(emailSends.status, from)))
        .returning({ id: emailSends.id });
      return rows.length;
    },
  };
}
export type EmailRepository = ReturnType<typeof emailRepository>;
