import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { dialAttempts, dialerAgentSessions, type SoftphoneState, softphoneApps } from "../../../db/schema";

export type SoftphoneAppRow = typeof softphoneApps.$inferSelect;

/** The softphone's rows: the workspace's Twilio API key and TwiML app, and a call's conference. */
export function softphoneRepository(db: Db) {
  return {
    async app(workspaceId: string): Promise<SoftphoneAppRow | undefined> {
      const [row] = await db.select().from(softphoneApps).where(eq(softphoneApps.workspaceId, workspaceId));
      return row;
    },

    async saveApp(row: Omit<SoftphoneAppRow, "createdAt">, now: Date): Promise<void> {
      await db
        .insert(softphoneApps)
        .values({ ...row, createdAt: now })
        .onConflictDoUpdate({ target: softphoneApps.workspaceId, set: { ...row, createdAt: now } });
    },

    /** Whether the rep's browser softphone is registered (their console said so). */
    async onSoftphone(workspaceId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ softphone: dialerAgentSessions.softphone })
        .from(dialerAgentSessions)
        .where(and(eq(dialerAgentSessions.workspaceId, workspaceId), eq(dialerAgentSessions.userId, userId)));
      return row?.softphone ?? false;
    },

    async setState(workspaceId: string, attemptId: string, state: SoftphoneState): Promise<void> {
      await db
        .update(dialAttempts)
        .set({ softphone: state })
        .where(and(eq(dialAttempts.workspaceId, workspaceId), eq(dialAttempts.id, attemptId)));
    },
  };
}
