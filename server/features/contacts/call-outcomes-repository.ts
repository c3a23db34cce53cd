import { and, desc, eq, sql } from "drizzle-orm";
import type { ContactStatus } from "../../../common/contacts";
import type { Db } from "../../db/client";
import { contacts, phoneLogs } from "../../db/schema";

/** Statuses a call never moves a contact back from. */
const KEPT_STATUSES = ["converted"] as const;

/** The contact rows and phone logs a call's outcome writes (call-outcomes.ts), on the call's transaction. */
export function callOutcomesRepository(db: Db) {
  return {
    /** The contact the call was placed to, if it is still there, else the newest with the number. */
    async contactFor(
      workspaceId: string,
      contactId: string | null,
      phoneE164: string,
    ): Promise<string | null> {
      if (contactId) {
        const [own] = await db
          .select({ id: contacts.id })
          .from(contacts)
          .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, contactId)));
        if (own) return own.id;
      }
      const [byNumber] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.phoneE164, phoneE164)))
        .orderBy(desc(contacts.updatedAt))
        .limit(1);
      return byNumber?.id ?? null;
    },

    /** The contact's status (never back from converted), do-not-call flag and call back's time. */
    async applyOutcome(
      workspaceId: string,
      contactId: string,
      change: { status: ContactStatus | null; doNotCall: boolean; callbackAt: Date | null; attemptAt: Date },
    ): Promise<void> {
      const kept = sql.join(
        KEPT_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      );
      await db
        .update(contacts)
        .set({
          ...(change.status
            ? {
                contactStatus: sql`case when ${contacts.contactStatus} in (${kept}) then ${contacts.contactStatus} else ${change.status} end`,
              }
            : {}),
          ...(change.doNotCall ? { doNotCall: true } : {}),
          ...(change.callbackAt ? { scheduledCallback: change.callbackAt } : {}),
          lastContactAttempt: change.attemptAt,
          updatedAt: sql`now()`,
        })
        .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, contactId)));
    },

    /** The call's phone log takes its duration and outcome; false when the call has no log yet. */
    async completeLog(
      workspaceId: string,
      callId: string,
      input: { duration: number; outcome: string | null },
    ): Promise<boolean> {
      const updated = await db
        .update(phoneLogs)
        .set({
          duration: input.duration,
          ...(input.outcome
            ? { notes: sql`concat_ws(' — ', nullif(${phoneLogs.notes}, ''), ${input.outcome}::text)` }
            : {}),
        })
        .where(and(eq(phoneLogs.workspaceId, workspaceId), eq(phoneLogs.callId, callId)))
        .returning({ id: phoneLogs.id });
      return updated.length > 0;
    },

    /** The call's phone log takes the length the carrier measured, its outcome left as it was. */
    async setLogDuration(workspaceId: string, callId: string, duration: number): Promise<void> {
      await db
        .update(phoneLogs)
        .set({ duration })
        .where(and(eq(phoneLogs.workspaceId, workspaceId), eq(phoneLogs.callId, callId)));
    },

    /** A call with a contact that had no log (it called in): the log, and the contact's counters. */
    async addLog(
      workspaceId: string,
      contactId: string,
      call: {
        id: string;
        phoneNumber: string;
        direction: string;
        duration: number;
        at: Date;
        outcome: string | null;
      },
    ): Promise<void> {
      await db.insert(phoneLogs).values({
        workspaceId,
        contactId,
        callId: call.id,
        createdBy: null,
        phoneNumber: call.phoneNumber,
        direction: call.direction,
        duration: call.duration,
        timestamp: call.at,
        callType: "assistant",
        notes: call.outcome,
      });
      await db
        .update(contacts)
        .set({ lastCalled: call.at, callCount: sql`${contacts.callCount} + 1`, updatedAt: sql`now()` })
        .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, contactId)));
    },
  };
}
