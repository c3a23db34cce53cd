import { and, desc, eq, inArray, isNotNull, like, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  aiSettings,
  blockedNumbers,
  calls,
  phoneNumbers,
  telephonyConnections,
  telephonyWebhookEvents,
  voiceProfiles,
} from "../../db/schema";
import { normalizePhone } from "../../engine";

export type ConnectionRow = typeof telephonyConnections.$inferSelect;
export type PhoneNumberRow = typeof phoneNumbers.$inferSelect;
type CallRow = typeof calls.$inferSelect;

/** Call types that a carrier brings and that count against the plan's concurrent calls. */
export const PHONE_CALL_TYPES = ["twilio", "simulator"] as const;

/**
 * Telephony's SQL. Webhooks arrive without a session: they find their account through the
 * number called or the carrier's call SID, and prove themselves with that account's signature.
 */
export function telephonyRepository(db: Db) {
  async function callWithAccount(condition: SQL) {
    const [row] = await db
      .select({ call: calls, connection: telephonyConnections })
      .from(calls)
      .leftJoin(telephonyConnections, eq(telephonyConnections.workspaceId, calls.workspaceId))
      .where(condition);
    return row;
  }

  return {
    // --- connections and numbers ---------------------------------------------------------------

    async connection(workspaceId: string): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(telephonyConnections)
        .where(eq(telephonyConnections.workspaceId, workspaceId));
      return row;
    },

    async numbers(workspaceId: string): Promise<PhoneNumberRow[]> {
      return db
        .select()
        .from(phoneNumbers)
        .where(eq(phoneNumbers.workspaceId, workspaceId))
        .orderBy(phoneNumbers.createdAt);
    },

    /** Who owns a number; the other account's number answers "taken" rather than being moved. */
    async numberOwner(number: string): Promise<PhoneNumberRow | undefined> {
      const [row] = await db.select().from(phoneNumbers).where(eq(phoneNumbers.number, number));
      return row;
    },

    /** Connects (or reconnects) the account's Twilio, with its one chosen number, in one transaction. */
    async saveTwilio(
      workspaceId: string,
      input: { accountSid: string; authTokenEncrypted: string; phoneNumber: string },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(telephonyConnections)
          .values({
            workspaceId,
            provider: "twilio",
            ...pick(input),
            status: "connected",
            connectedAt: new Date(),
          })
          .onConflictDoUpdate({
            target: telephonyConnections.workspaceId,
            set: { ...pick(input), status: "connected", connectedAt: new Date(), lastCheckedAt: null },
          });
        await tx
          .delete(phoneNumbers)
          .where(and(eq(phoneNumbers.workspaceId, workspaceId), eq(phoneNumbers.provider, "twilio")));
        await tx
          .insert(phoneNumbers)
          .values({ workspaceId, number: input.phoneNumber, provider: "twilio", label: "Twilio" });
      });
    },

    async setTwilioNumber(workspaceId: string, phoneNumber: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(phoneNumbers)
          .where(and(eq(phoneNumbers.workspaceId, workspaceId), eq(phoneNumbers.provider, "twilio")));
        await tx
          .insert(phoneNumbers)
          .values({ workspaceId, number: phoneNumber, provider: "twilio", label: "Twilio" });
      });
    },

    async markChecked(workspaceId: string, status: string, at: Date): Promise<void> {
      await db
        .update(telephonyConnections)
        .set({ status, lastCheckedAt: at })
        .where(eq(telephonyConnections.workspaceId, workspaceId));
    },

    async deleteTwilio(workspaceId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(telephonyConnections).where(eq(telephonyConnections.workspaceId, workspaceId));
        await tx
          .delete(phoneNumbers)
          .where(and(eq(phoneNumbers.workspaceId, workspaceId), eq(phoneNumbers.provider, "twilio")));
      });
    },

    /** Adds the simulator number; false when the number is taken (the caller picks another). */
    async addSimulatorNumber(workspaceId: string, number: string): Promise<boolean> {
      const rows = await db
        .insert(phoneNumbers)
        .values({ workspaceId, number, provider: "simulator", label: "Simulator" })
        .onConflictDoNothing()
        .returning({ id: phoneNumbers.id });
      return rows.length > 0;
    },

    // --- webhook context -----------------------------------------------------------------------

    /** The account a called number belongs to, with its Twilio connection. */
    async routeNumber(number: string) {
      const [row] = await db
        .select({ number: phoneNumbers, connection: telephonyConnections })
        .from(phoneNumbers)
        .leftJoin(telephonyConnections, eq(telephonyConnections.workspaceId, phoneNumbers.workspaceId))
        .where(and(eq(phoneNumbers.number, number), eq(phoneNumbers.isActive, true)));
      return row;
    },

    /** A call by the carrier's SID, with its account and Twilio connection. */
    callBySid: (callSid: string) => callWithAccount(eq(calls.providerCallSid, callSid)),

    /** A call by our id (the id is in the webhook's address), with its account and connection. */
    callById: (callId: string) => callWithAccount(eq(calls.id, callId)),

    async setCallSid(workspaceId: string, callId: string, callSid: string): Promise<void> {
      await db
        .update(calls)
        .set({ providerCallSid: callSid })
        .where(and(eq(calls.workspaceId, workspaceId), eq(calls.id, callId)));
    },

    async setRecording(workspaceId: string, callId: string, url: string): Promise<void> {
      await db
        .update(calls)
        .set({ recordingUrl: url })
        .where(and(eq(calls.workspaceId, workspaceId), eq(calls.id, callId)));
    },

    /** Live phone calls of the account (the plan's concurrent-call limit counts these). */
    async countLivePhoneCalls(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(calls)
        .where(
          and(
            eq(calls.workspaceId, workspaceId),
            eq(calls.isActive, true),
            inArray(calls.callType, [...PHONE_CALL_TYPES]),
          ),
        );
      return row?.n ?? 0;
    },

    /** Live calls that a carrier carries (Twilio, the simulator, system-test calls), newest first. */
    async liveCarrierCalls(workspaceId: string, limit = 200): Promise<CallRow[]> {
      return db
        .select()
        .from(calls)
        .where(
          and(eq(calls.workspaceId, workspaceId), eq(calls.isActive, true), isNotNull(calls.providerCallSid)),
        )
        .orderBy(desc(calls.startTime))
        .limit(limit);
    },

    /** The calls of one system-test run (their SIDs share the run's prefix). */
    async systemTestCalls(workspaceId: string, sidPrefix: string): Promise<CallRow[]> {
      return db
        .select()
        .from(calls)
        .where(
          and(
            eq(calls.workspaceId, workspaceId),
            eq(calls.callType, "system_test"),
            like(calls.providerCallSid, `${sidPrefix.replace(/[\\%_]/g, "")}%`),
          ),
        )
        .orderBy(calls.providerCallSid);
    },

    async latestSystemTestSid(workspaceId: string): Promise<string | null> {
      const [row] = await db
        .select({ sid: calls.providerCallSid })
        .from(calls)
        .where(and(eq(calls.workspaceId, workspaceId), eq(calls.callType, "system_test")))
        .orderBy(desc(calls.createdAt))
        .limit(1);
      return row?.sid ?? null;
    },

    /** The voice the account chose: its active voice profile's built-in voice, if any. */
    async activeVoice(
      workspaceId: string,
    ): Promise<{ stockVoice: string | null; voiceName: string } | undefined> {
      const [row] = await db
        .select({ stockVoice: voiceProfiles.stockVoice, voiceName: voiceProfiles.voiceName })
        .from(voiceProfiles)
        .where(and(eq(voiceProfiles.workspaceId, workspaceId), eq(voiceProfiles.isActive, true)))
        .limit(1);
      return row;
    },

    /** What decides a call before it is answered: a blocked number, auto-block, and the outbound purpose. */
    async screeningOf(
      workspaceId: string,
      rawNumber: string,
    ): Promise<{ blocked: boolean; autoBlockSpam: boolean; callPurpose: string | null }> {
      const number = rawNumber ? normalizePhone(rawNumber) : null;
      // One round trip: the settings, and whether the number is on the block list.
      const [row] = await db
        .select({
          autoBlockSpam: aiSettings.autoBlockSpam,
          callPurpose: aiSettings.callPurpose,
          blocked: number
            ? sql<boolean>`exists (select 1 from ${blockedNumbers} where ${blockedNumbers.workspaceId} = ${workspaceId} and ${blockedNumbers.phoneNumber} = ${number})`
            : sql<boolean>`false`,
        })
        .from(aiSettings)
        .where(eq(aiSettings.workspaceId, workspaceId));
      return {
        blocked: Boolean(row?.blocked),
        autoBlockSpam: row?.autoBlockSpam ?? true,
        callPurpose: row?.callPurpose?.trim() || null,
      };
    },

    // --- webhook idempotency -------------------------------------------------------------------

    /** Claims a delivery (CallSid plus step); false when it was seen before. */
    async claim(key: string): Promise<boolean> {
      const rows = await db
        .insert(telephonyWebhookEvents)
        .values({ key })
        .onConflictDoNothing()
        .returning({ key: telephonyWebhookEvents.key });
      return rows.length > 0;
    },

    /** What was answered to a delivery; undefined when unseen, null while the first is still working. */
    async answered(key: string): Promise<string | null | undefined> {
      const [row] = await db
        .select({ response: telephonyWebhookEvents.response })
        .from(telephonyWebhookEvents)
        .where(eq(telephonyWebhookEvents.key, key));
      return row ? row.response : undefined;
    },

    async saveAnswer(key: string, response: string): Promise<void> {
      await db.update(telephonyWebhookEvents).set({ response }).where(eq(telephonyWebhookEvents.key, key));
    },

    /** Forgets a delivery whose handling failed, so the carrier's retry can try again. */
    async release(key: string): Promise<void> {
      await db.delete(telephonyWebhookEvents).where(eq(telephonyWebhookEvents.key, key));
    },

    /** Twilio retries within minutes; a day of keys is plenty. */
    async pruneWebhookEvents(before: Date): Promise<void> {
      await db.delete(telephonyWebhookEvents).where(lt(telephonyWebhookEvents.receivedAt, before));
    },
  };
}

export type TelephonyRepository = ReturnType<typeof telephonyRepository>;

function pick(input: { accountSid: string; authTokenEncrypted: string }) {
  return { accountSid: input.accountSid, authTokenEncrypted: input.authTokenEncrypted };
}
