import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { aiSettings, workspaces } from "../../db/schema";

export type AiSettingsRow = typeof aiSettings.$inferSelect;

/** The account a private calendar feed belongs to, with what the feed shows about it. */
export type CalendarFeedOwner = { workspaceId: string; timezone: string; name: string };

export function aiSettingsRepository(db: Db) {
  const repository = {
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

    /**
     * Saves the assistant's settings and, when given, the account's time zone, in one
     * transaction. The engine reads both at the start of every call and turn.
     */
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
        >
      >,
      timezone?: string,
    ): Promise<{ settings: AiSettingsRow; timezone: string }> {
      await repository.get(workspaceId);
      return db.transaction(async (tx) => {
        const [settings] = await tx
          .update(aiSettings)
          .set({ ...fields, updatedAt: sql`now()` })
          .where(eq(aiSettings.workspaceId, workspaceId))
          .returning();
        if (!settings) throw new Error("ai_settings row missing");
        const [user] = timezone
          ? await tx
              .update(workspaces)
              .set({ timezone })
              .where(eq(workspaces.id, workspaceId))
              .returning({ timezone: workspaces.timezone })
          : await tx
              .select({ timezone: workspaces.timezone })
              .from(workspaces)
              .where(eq(workspaces.id, workspaceId));
        if (!user) throw new Error("workspace missing");
        return { settings, timezone: user.timezone };
      });
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
    async findByCalendarToken(token: string): Promise<CalendarFeedOwner | undefined> {
      const [row] = await db
        .select({
          workspaceId: aiSettings.workspaceId,
          timezone: workspaces.timezone,
          name: workspaces.name,
        })
        .from(aiSettings)
        .innerJoin(workspaces, eq(workspaces.id, aiSettings.workspaceId))
        .where(eq(aiSettings.calendarToken, token));
      return row;
    },
  };
  return repository;
}

export type AiSettingsRepository = ReturnType<typeof aiSettingsRepository>;
