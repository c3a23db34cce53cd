import { and, asc, desc, eq, getTableColumns, gte, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  businessCalls,
  businessExtensions,
  businessHours,
  businessNumbers,
  voicemails,
} from "../../db/schema";

export type BusinessNumberRow = typeof businessNumbers.$inferSelect;
export type ExtensionRow = typeof businessExtensions.$inferSelect;
export type HoursRow = typeof businessHours.$inferSelect;
export type NewBusinessNumber = Omit<typeof businessNumbers.$inferInsert, "id" | "workspaceId" | "createdAt">;
export type NewExtension = Pick<
  typeof businessExtensions.$inferInsert,
  "digits" | "name" | "target" | "forwardTo" | "agentId"
>;

/** Unique violation (PostgreSQL 23505), as node-postgres and PGlite report it. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } }).code;
  const causeCode = (error as { cause?: { code?: string } }).cause?.code;
  return code === "23505" || causeCode === "23505";
}

/** The phone system's own tables; every query is filtered by the workspace. */
export function phoneSystemRepository(db: Db) {
  return {
    numbers(workspaceId: string): Promise<BusinessNumberRow[]> {
      return db
        .select()
        .from(businessNumbers)
        .where(eq(businessNumbers.workspaceId, workspaceId))
        .orderBy(asc(businessNumbers.createdAt), asc(businessNumbers.number));
    },

    async number(workspaceId: string, id: string): Promise<BusinessNumberRow | undefined> {
      const [row] = await db
        .select()
        .from(businessNumbers)
        .where(and(eq(businessNumbers.workspaceId, workspaceId), eq(businessNumbers.id, id)));
      return row;
    },

    async addNumber(workspaceId: string, values: NewBusinessNumber): Promise<BusinessNumberRow | undefined> {
      const [row] = await db
        .insert(businessNumbers)
        .values({ ...values, workspaceId })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async updateNumber(
      workspaceId: string,
      id: string,
      values: Partial<NewBusinessNumber>,
    ): Promise<BusinessNumberRow | undefined> {
      const [row] = await db
        .update(businessNumbers)
        .set(values)
        .where(and(eq(businessNumbers.workspaceId, workspaceId), eq(businessNumbers.id, id)))
        .returning();
      return row;
    },

    async removeNumber(workspaceId: string, id: string): Promise<boolean> {
      const removed = await db
        .delete(businessNumbers)
        .where(and(eq(businessNumbers.workspaceId, workspaceId), eq(businessNumbers.id, id)))
        .returning({ id: businessNumbers.id });
      return removed.length > 0;
    },

    extensions(workspaceId: string, numberId: string): Promise<ExtensionRow[]> {
      return db
        .select()
        .from(businessExtensions)
        .where(
          and(
            eq(businessExtensions.workspaceId, workspaceId),
            eq(businessExtensions.businessNumberId, numberId),
          ),
        )
        .orderBy(asc(businessExtensions.digits));
    },

    async addExtension(workspaceId: string, numberId: string, values: NewExtension): Promise<ExtensionRow> {
      const [row] = await db
        .insert(businessExtensions)
        .values({ ...values, workspaceId, businessNumberId: numberId })
        .returning();
      return row as ExtensionRow;
    },

    async updateExtension(
      workspaceId: string,
      numberId: string,
      id: string,
      values: NewExtension,
    ): Promise<ExtensionRow | undefined> {
      const [row] = await db
        .update(businessExtensions)
        .set(values)
        .where(
          and(
            eq(businessExtensions.workspaceId, workspaceId),
            eq(businessExtensions.businessNumberId, numberId),
            eq(businessExtensions.id, id),
          ),
        )
        .returning();
      return row;
    },

    async removeExtension(workspaceId: string, numberId: string, id: string): Promise<boolean> {
      const removed = await db
        .delete(businessExtensions)
        .where(
          and(
            eq(businessExtensions.workspaceId, workspaceId),
            eq(businessExtensions.businessNumberId, numberId),
            eq(businessExtensions.id, id),
          ),
        )
        .returning({ id: businessExtensions.id });
      return removed.length > 0;
    },

    /** Hours of a number already known to be the workspace's. */
    hours(numberId: string): Promise<HoursRow[]> {
      return db
        .select()
        .from(businessHours)
        .where(eq(businessHours.businessNumberId, numberId))
        .orderBy(asc(businessHours.weekday));
    },

    /** Replaces the week's hours of a number already known to be the workspace's. */
    async replaceHours(numberId: string, days: { weekday: number; open: string; close: string }[]) {
      await db.transaction(async (tx) => {
        await tx.delete(businessHours).where(eq(businessHours.businessNumberId, numberId));
        if (days.length > 0)
          await tx.insert(businessHours).values(
            days.map((day) => ({
              businessNumberId: numberId,
              weekday: day.weekday,
              opensAt: day.open,
              closesAt: day.close,
            })),
          );
      });
    },
  };
}

export type PhoneSystemRepository = ReturnType<typeof phoneSystemRepository>;

export type BusinessCallRow = typeof businessCalls.$inferSelect;
export type VoicemailRow = typeof voicemails.$inferSelect;

/**
 * Calls on business numbers and the voicemails left on them. Webhooks arrive without a
 * session: they find the number by its id in their address (then prove themselves with its
 * workspace's carrier); every read by a person is filtered by the workspace.
 */
export function businessCallsRepository(db: Db) {
  return {
    /** The number a webhook's address names, whoever's it is (the webhook proves itself next). */
    async numberForWebhook(id: string): Promise<BusinessNumberRow | undefined> {
      const [row] = await db.select().from(businessNumbers).where(eq(businessNumbers.id, id));
      return row;
    },

    /** Records an incoming call once (per CallSid); answers the row either way. */
    async openInbound(
      workspaceId: string,
      numberId: string,
      callSid: string,
      from: string,
    ): Promise<BusinessCallRow> {
      await db
        .insert(businessCalls)
        .values({ workspaceId, businessNumberId: numberId, callSid, direction: "inbound", otherNumber: from })
        .onConflictDoNothing();
      const [row] = await db.select().from(businessCalls).where(eq(businessCalls.callSid, callSid));
      return row as BusinessCallRow;
    },

    async openOutbound(
      workspaceId: string,
      values: { numberId: string; contactId: string; otherNumber: string; userPhone: string },
    ): Promise<BusinessCallRow> {
      const [row] = await db
        .insert(businessCalls)
        .values({
          workspaceId,
          businessNumberId: values.numberId,
          direction: "outbound",
          otherNumber: values.otherNumber,
          contactId: values.contactId,
          userPhone: values.userPhone,
        })
        .returning();
      return row as BusinessCallRow;
    },

    async callById(workspaceId: string, id: string): Promise<BusinessCallRow | undefined> {
      const [row] = await db
        .select()
        .from(businessCalls)
        .where(and(eq(businessCalls.workspaceId, workspaceId), eq(businessCalls.id, id)));
      return row;
    },

    async callBySid(workspaceId: string, callSid: string): Promise<BusinessCallRow | undefined> {
      const [row] = await db
        .select()
        .from(businessCalls)
        .where(and(eq(businessCalls.workspaceId, workspaceId), eq(businessCalls.callSid, callSid)));
      return row;
    },

    async updateCall(
      workspaceId: string,
      id: string,
      values: Partial<Pick<BusinessCallRow, "callSid" | "outcome" | "extension" | "endedAt" | "duration">>,
    ): Promise<void> {
      await db
        .update(businessCalls)
        .set(values)
        .where(and(eq(businessCalls.workspaceId, workspaceId), eq(businessCalls.id, id)));
    },

    /** Sets the outcome unless a later one is already there (voicemail and answered stay). */
    async settleOutcome(workspaceId: string, id: string, outcome: "answered" | "voicemail" | "missed") {
      await db
        .update(businessCalls)
        .set({ outcome })
        .where(
          and(
            eq(businessCalls.workspaceId, workspaceId),
            eq(businessCalls.id, id),
            inArray(businessCalls.outcome, outcome === "missed" ? ["ringing"] : ["ringing", "missed"]),
          ),
        );
    },

    /** The calls on the workspace's numbers since `since`, for the analytics. */
    callsSince(workspaceId: string, since: Date) {
      return db
        .select({
          outcome: businessCalls.outcome,
          duration: businessCalls.duration,
          otherNumber: businessCalls.otherNumber,
        })
        .from(businessCalls)
        .where(and(eq(businessCalls.workspaceId, workspaceId), gte(businessCalls.startedAt, since)));
    },

    /** Records a voicemail once per recording; undefined when this recording was recorded already. */
    async addVoicemail(values: typeof voicemails.$inferInsert): Promise<VoicemailRow | undefined> {
      const [row] = await db.insert(voicemails).values(values).onConflictDoNothing().returning();
      return row;
    },

    async voicemail(workspaceId: string, id: string): Promise<VoicemailRow | undefined> {
      const [row] = await db
        .select()
        .from(voicemails)
        .where(and(eq(voicemails.workspaceId, workspaceId), eq(voicemails.id, id)));
      return row;
    },

    /** Newest first, with the number each was left on. */
    voicemails(workspaceId: string, options: { limit: number; numberId?: string | undefined }) {
      return db
        .select({ voicemail: voicemails, number: businessNumbers.number })
        .from(voicemails)
        .innerJoin(businessNumbers, eq(businessNumbers.id, voicemails.businessNumberId))
        .where(
          and(
            eq(voicemails.workspaceId, workspaceId),
            options.numberId ? eq(voicemails.businessNumberId, options.numberId) : undefined,
          ),
        )
        .orderBy(desc(voicemails.createdAt), desc(voicemails.id))
        .limit(options.limit);
    },

    async updateVoicemail(
      workspaceId: string,
      id: string,
      values: Partial<
        Pick<
          VoicemailRow,
          | "audioPath"
          | "recordingUrl"
          | "transcription"
          | "transcriptionStatus"
          | "transcriptionError"
          | "listenedAt"
        >
      >,
    ): Promise<void> {
      await db
        .update(voicemails)
        .set(values)
        .where(and(eq(voicemails.workspaceId, workspaceId), eq(voicemails.id, id)));
    },

    /**
     * Voicemails left before `before` whose audio is still kept (a file, or a recording at
     * Twilio), across every workspace, oldest first, after `cursor`: their retention sweep.
     */
    async voicemailAudioBefore(
      before: Date,
      cursor: { at: string; id: string } | null,
      limit: number,
    ): Promise<(VoicemailRow & { at: string })[]> {
      return db
        .select({ ...getTableColumns(voicemails), at: sql<string>`${voicemails.createdAt}::text` })
        .from(voicemails)
        .where(
          and(
            or(isNotNull(voicemails.audioPath), isNotNull(voicemails.recordingUrl)),
            lt(voicemails.createdAt, before),
            // The cursor is the database's own text of the time: to the microsecond, unlike a Date.
            cursor
              ? sql`(${voicemails.createdAt}, ${voicemails.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(voicemails.createdAt), asc(voicemails.id))
        .limit(limit);
    },
  };
}

export type BusinessCallsRepository = ReturnType<typeof businessCallsRepository>;
