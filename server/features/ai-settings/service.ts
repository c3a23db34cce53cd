import type { AiSettings, AiSettingsUpdate } from "../../../common/ai-settings";
import { PERSONALITIES } from "../../../common/ai-settings";
import type { Db } from "../../db/client";
import type { Account } from "../../http/account";
import { type AiSettingsRow, aiSettingsRepository } from "./repository";

type ParsedUpdate = Omit<AiSettingsUpdate, "workingHours"> & {
  workingHours?: { start: string; end: string; days: number[] } | undefined;
};

export function presentAiSettings(row: AiSettingsRow, timezone: string): AiSettings {
  return {
    personality: (PERSONALITIES as readonly string[]).includes(row.personality)
      ? (row.personality as AiSettings["personality"])
      : "professional",
    greetingMessage: row.greetingMessage,
    autoBlockSpam: row.autoBlockSpam,
    allowAppointments: row.allowAppointments,
    forwardUrgent: row.forwardUrgent,
    appointmentDuration: row.appointmentDuration,
    workingHours: row.workingHours,
    timezone,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Spec 2 §3 ai_settings, as the settings screen reads and saves them. */
export function aiSettingsService(db: Db) {
  const repo = aiSettingsRepository(db);
  return {
    async get(account: Account): Promise<AiSettings> {
      return presentAiSettings(await repo.get(account.id), account.timezone);
    },

    /** Saves the fields sent; userId in the body is ignored (the session decides whose settings). */
    async update(account: Account, body: ParsedUpdate): Promise<AiSettings> {
      const { userId: _ignored, timezone, ...fields } = body;
      const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      const saved = await repo.update(account.id, defined, timezone);
      return presentAiSettings(saved.settings, saved.timezone);
    },
  };
}

export type AiSettingsService = ReturnType<typeof aiSettingsService>;
