import type { z } from "zod";
import { type AiSettings, type AiSettingsUpdate, DEFAULT_AI_SETTINGS } from "../../../common/ai-settings";
import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import type { AccessChanges } from "../../events/access";
import { readBusinessHours } from "./business-hours-text";
import { presentAiSettings } from "./presenter";
import { type AiSettingsRow, aiSettingsRepository } from "./repository";

export type { AiSettingsRow };

type ParsedUpdate = z.output<typeof AiSettingsUpdate>;
type NewSettings = Parameters<ReturnType<typeof aiSettingsRepository>["create"]>[1];

/** How long a workspace's settings are reused without a query (a change drops them at once). */
const CACHE_MS = 10_000;
const MAX_CACHED = 10_000;

export type AiSettingsDeps = {
  db: Db;
  /** Settings are cached per workspace; a change is announced so every server drops its copy. */
  access: AccessChanges;
  /** The time zone is the workspace's (the teams area keeps it); the settings screen edits it here. */
  workspaces: { setTimezone(workspaceId: string, timezone: string): Promise<void> };
};

/**
 * Ai_settings: how the assistant behaves, per workspace. Other areas read the row
 * through `row` (and `rowIn` inside their own transaction), never the table.
 */
export function aiSettingsService({ db, access, workspaces }: AiSettingsDeps) {
  const repo = aiSettingsRepository(db);
  // Every caller turn needs the settings: kept briefly per workspace, dropped on change.
  const cached = new Map<string, { row: AiSettingsRow; until: number }>();
  access.onChange((change) => {
    if (!change.workspaceId) cached.clear();
    else if (change.settings) cached.delete(change.workspaceId);
  });
  const changed = (workspaceId: string) => access.changed({ workspaceId, settings: true });

  async function row(workspaceId: string): Promise<AiSettingsRow> {
    const hit = cached.get(workspaceId);
    if (hit && hit.until > Date.now()) return hit.row;
    const fresh = await repo.get(workspaceId);
    if (cached.size >= MAX_CACHED) cached.clear();
    cached.set(workspaceId, { row: fresh, until: Date.now() + CACHE_MS });
    return fresh;
  }

  return {
    async get(account: Account): Promise<AiSettings> {
      return presentAiSettings(await repo.get(account.id), account.timezone);
    },

    /**
     * Saves the fields sent; userId in the body is ignored (the session decides whose settings).
     * Business hours the assistant can read become the working hours too, unless the same
     * request sets those itself; text it cannot read is kept and the working hours stay.
     */
    async update(account: Account, body: ParsedUpdate): Promise<AiSettings> {
      const { userId: _ignored, timezone, customInstructions, businessHours, ...fields } = body;
      const defined: Parameters<typeof repo.update>[1] = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      );
      if (customInstructions !== undefined) defined.customInstructions = customInstructions || null;
      if (businessHours !== undefined) {
        defined.businessHours = businessHours || null;
        if (businessHours && !defined.workingHours) {
          const read = readBusinessHours(businessHours, (await repo.get(account.id)).workingHours);
          if (read) defined.workingHours = read;
        }
      }
      const saved = await repo.update(account.id, defined);
      changed(account.id);
      if (timezone) await workspaces.setTimezone(account.id, timezone);
      return presentAiSettings(saved, timezone ?? account.timezone);
    },

    /** The raw settings the engine, telephony and calendar work with (cached briefly). */
    row,
    /** The same, inside the caller's transaction. */
    rowIn: (tx: Db, workspaceId: string) => aiSettingsRepository(tx).get(workspaceId),

    /** A new workspace's settings, inside the sign-up's transaction; its business hours read as above. */
    async createFor(tx: Db, workspaceId: string, fields: NewSettings): Promise<void> {
      const read =
        fields.businessHours && !fields.workingHours
          ? readBusinessHours(fields.businessHours, DEFAULT_AI_SETTINGS.workingHours)
          : null;
      await aiSettingsRepository(tx).create(workspaceId, read ? { ...fields, workingHours: read } : fields);
    },

    async updateScheduling(
      workspaceId: string,
      fields: { appointmentDuration?: number; bufferMinutes?: number },
    ) {
      const saved = await repo.updateScheduling(workspaceId, fields);
      changed(workspaceId);
      return saved;
    },
    async setCalendarToken(workspaceId: string, token: string | null) {
      const saved = await repo.setCalendarToken(workspaceId, token);
      changed(workspaceId);
      return saved;
    },
    workspaceOfCalendarToken: (token: string) => repo.workspaceOfCalendarToken(token),
  };
}

export type AiSettingsService = ReturnType<typeof aiSettingsService>;
