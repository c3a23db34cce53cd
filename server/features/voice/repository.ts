import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { advisoryLock } from "../../db/locks";
import { voiceProfiles } from "../../db/schema";

export type VoiceProfileRow = typeof voiceProfiles.$inferSelect;
export type NewVoiceProfile = Omit<
  typeof voiceProfiles.$inferInsert,
  "workspaceId" | "createdAt" | "isActive"
>;

export function voiceRepository(db: Db) {
  return {
    /** The voice the workspace chose: its active profile's built-in voice, if any. */
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

    async list(workspaceId: string): Promise<VoiceProfileRow[]> {
      return db
        .select()
        .from(voiceProfiles)
        .where(eq(voiceProfiles.workspaceId, workspaceId))
        .orderBy(desc(voiceProfiles.createdAt), desc(voiceProfiles.id));
    },

    async get(workspaceId: string, id: string): Promise<VoiceProfileRow | undefined> {
      const [row] = await db
        .select()
        .from(voiceProfiles)
        .where(and(eq(voiceProfiles.workspaceId, workspaceId), eq(voiceProfiles.id, id)));
      return row;
    },

    async active(workspaceId: string): Promise<VoiceProfileRow | undefined> {
      const [row] = await db
        .select()
        .from(voiceProfiles)
        .where(and(eq(voiceProfiles.workspaceId, workspaceId), eq(voiceProfiles.isActive, true)))
        .limit(1);
      return row;
    },

    async count(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(voiceProfiles)
        .where(eq(voiceProfiles.workspaceId, workspaceId));
      return row?.n ?? 0;
    },

    /**
     * Inserts unless the account already has `limit` profiles (undefined then). An advisory lock
     * per account makes the count and the insert one step, so two uploads at once cannot both
     * take the last place.
     */
    async insertWithinLimit(
      workspaceId: string,
      limit: number,
      values: NewVoiceProfile,
    ): Promise<VoiceProfileRow | undefined> {
      return db.transaction(async (tx) => {
        await advisoryLock(tx, "voiceProfiles", workspaceId);
        const [current] = await tx
          .select({ n: count() })
          .from(voiceProfiles)
          .where(eq(voiceProfiles.workspaceId, workspaceId));
        if ((current?.n ?? 0) >= limit) return undefined;
        const [row] = await tx
          .insert(voiceProfiles)
          .values({ ...values, workspaceId })
          .returning();
        if (!row) throw new Error("insert returned no voice profile");
        return row;
      });
    },

    /** One active profile per account: the others are switched off in the same transaction. */
    async activate(workspaceId: string, id: string): Promise<VoiceProfileRow | undefined> {
      return db.transaction(async (tx) => {
        const [target] = await tx
          .select({ id: voiceProfiles.id })
          .from(voiceProfiles)
          .where(and(eq(voiceProfiles.workspaceId, workspaceId), eq(voiceProfiles.id, id)))
          .for("update");
        if (!target) return undefined;
        await tx
          .update(voiceProfiles)
          .set({ isActive: false })
          .where(eq(voiceProfiles.workspaceId, workspaceId));
        const [row] = await tx
          .update(voiceProfiles)
          .set({ isActive: true })
          .where(and(eq(voiceProfiles.workspaceId, workspaceId), eq(voiceProfiles.id, id)))
          .returning();
        return row;
      });
    },

    async remove(workspaceId: string, id: string): Promise<VoiceProfileRow | undefined> {
      const [row] = await db
        .delete(voiceProfiles)
        .where(and(eq(voiceProfiles.workspaceId, workspaceId), eq(voiceProfiles.id, id)))
        .returning();
      return row;
    },
  };
}

export type VoiceRepository = ReturnType<typeof voiceRepository>;
