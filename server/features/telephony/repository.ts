import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { phoneNumbers, telephonyConnections, telephonyWebhookEvents } from "../../db/schema";

export type ConnectionRow = typeof telephonyConnections.$inferSelect;
export type PhoneNumberRow = typeof phoneNumbers.$inferSelect;

/**
 * Telephony's SQL. Webhooks arrive without a session: they find their account through the
 * number called or the carrier's call SID, and prove themselves with that account's signature.
 */
export function telephonyRepository(db: Db) {
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

    /** The simulator number's webhooks, as the business phone system's routing set them. */
    async setSimulatorHooks(
      workspaceId: string,
      number: string,
      hooks: { voiceUrl: string; statusCallbackUrl: string } | null,
    ): Promise<boolean> {
      const rows = await db
        .update(phoneNumbers)
        .set({ voiceUrl: hooks?.voiceUrl ?? null, statusCallbackUrl: hooks?.statusCallbackUrl ?? null })
        .where(
          and(
            eq(phoneNumbers.workspaceId, workspaceId),
            eq(phoneNumbers.number, number),
            eq(phoneNumbers.provider, "simulator"),
          ),
        )
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
