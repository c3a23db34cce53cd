import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { aiSettings } from "../../db/schema";

export type AiSettingsRow = typeof aiSettings.$inferSelect;

export function aiSettingsRepository(db: Db) {
  const repository = {
    async create(
      workspaceId: string,
      fields: Partial<Omit<typeof aiSettings.$inferInsert, "workspaceId">>,
    ): Promise<void> {
      await db.insert(aiSettings).values({ ...fields, workspaceId });
    },

    /** The account's settings; every account gets a row at sign-up, this recreates a missing one. */
    async get(workspaceId: string): Promise<AiSettingsRow> {
      const [row] = await db.select().from(aiSettings).where(eq(aiSettings.workspaceId, workspaceId));
      if (row) return row;
      const [created] = await db.insert(aiSettings).values({ workspaceId }).onConflictDoNothing().returning();
      if (created) return created;
      const [again] = await db.select().from(aiSettings).where(eq(aiSettings.workspaceId, workspaceId));
      if (!again) throw new Error("ai_settings row missing");
      return again;
    },

    /** Saves the assistant's settings; the engine reads them at the start of every call and turn. */
    async update(
      workspaceId: string,
      fields: Partial<
        Pick<
          AiSettingsRow,
          | "personality"
          | "greetingMessage"
          | "autoBlockSpam"
          | "allowAppointments"
          | "forwardUrgent"
          | "appointmentDuration"
          | "workingHours"
          | "customInstructions"
          | "aiDisclosure"
          | "businessHours"
        >
      >,
    ): Promise<AiSettingsRow> {
      await repository.get(workspaceId);
      const [settings] = await db
        .update(aiSettings)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(aiSettings.workspaceId, workspaceId))
        .returning();
      if (!settings) throw new Error("ai_settings row missing");
      return settings;
    },

    /** Changes the appointment length and buffer the engine books with. */
    async updateScheduling(
      workspaceId: string,
      fields: { appointmentDuration?: number; bufferMinutes?: number },
    ): Promise<AiSettingsRow> {
      await repository.get(workspaceId);
      const [row] = await db
        .update(aiSettings)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(aiSettings.workspaceId, workspaceId))
        .returning();
      if (!row) throw new Error("ai_settings row missing");
      return row;
    },

    /** Sets (a new secret) or clears (null) the account's calendar feed token. */
    async setCalendarToken(workspaceId: string, token: string | null): Promise<AiSettingsRow> {
      await repository.get(workspaceId);
      const [row] = await db
        .update(aiSettings)
        .set({ calendarToken: token, updatedAt: sql`now()` })
        .where(eq(aiSettings.workspaceId, workspaceId))
        .returning();
      if (!row) throw new Error("ai_settings row missing");
      return row;
    },

    /** Whose feed this token opens; the token is the only credential the public feed route has. */
    async workspaceOfCalendarToken(token: string): Promise<string | undefined> {
      const [row] = await db
        .select({ workspaceId: aiSettings.workspaceId })
        .from(aiSettings)
        .where(eq(aiSettings.calendarToken, token));
      return row?.workspaceId;
    },
  };
  return repository;
}

export type AiSettingsRepository = ReturnType<typeof aiSettingsRepository>;
