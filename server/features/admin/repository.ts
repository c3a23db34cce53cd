import { and, count, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { SystemConfig } from "../../../common/admin";
import type { Db } from "../../db/client";
import {
  adminAuditLog,
  adminSignInLinks,
  platformConfig,
  userSuspensions,
  workspaceDataHolds,
} from "../../db/schema";

export type AuditRow = typeof adminAuditLog.$inferSelect;
export type NewAuditEntry = Omit<typeof adminAuditLog.$inferInsert, "id" | "at">;
export type SignInLinkRow = typeof adminSignInLinks.$inferSelect;

const CONFIG_ROW_ID = 1;

/**
 * The admin area's own tables: suspensions, the audit log, the platform config row, one-time
 * sign-in links, and the "keep data until" days of ended workspaces.
 */
export function adminRepository(db: Db) {
  return {
    async suspend(userIds: string[], by: string): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .insert(userSuspensions)
        .values(userIds.map((userId) => ({ userId, suspendedBy: by })))
        .onConflictDoNothing();
    },
    async activate(userIds: string[]): Promise<void> {
      if (userIds.length === 0) return;
      await db.delete(userSuspensions).where(inArray(userSuspensions.userId, userIds));
    },
    async isSuspended(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: userSuspensions.userId })
        .from(userSuspensions)
        .where(eq(userSuspensions.userId, userId));
      return Boolean(row);
    },

    async record(entry: NewAuditEntry): Promise<void> {
      await db.insert(adminAuditLog).values(entry);
    },
    async listAudit(page: number, limit: number, action?: string, actorId?: string) {
      const where = and(
        action ? eq(adminAuditLog.action, action) : undefined,
        actorId ? eq(adminAuditLog.actorId, actorId) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(adminAuditLog)
          .where(where)
          .orderBy(desc(adminAuditLog.at), desc(adminAuditLog.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(adminAuditLog).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async createSignInLink(input: { userId: string; tokenHash: string; createdBy: string; expiresAt: Date }) {
      await db.insert(adminSignInLinks).values(input);
    },
    async signInLink(tokenHash: string): Promise<SignInLinkRow | undefined> {
      const [row] = await db.select().from(adminSignInLinks).where(eq(adminSignInLinks.tokenHash, tokenHash));
      return row;
    },
    /** Spends a link: one statement, so two clicks at once cannot both sign in. Answers its person. */
    async spendSignInLink(tokenHash: string, now: Date): Promise<string | undefined> {
      const [row] = await db
        .update(adminSignInLinks)
        .set({ usedAt: now })
        .where(
          and(
            eq(adminSignInLinks.tokenHash, tokenHash),
            isNull(adminSignInLinks.usedAt),
            gt(adminSignInLinks.expiresAt, sql`${now.toISOString()}::timestamptz`),
          ),
        )
        .returning({ userId: adminSignInLinks.userId });
      return row?.userId;
    },

    /** The "keep data until" day (YYYY-MM-DD) of each of these workspaces that has one. */
    async dataHolds(workspaceIds: readonly string[]): Promise<Map<string, string>> {
      if (workspaceIds.length === 0) return new Map();
      const rows = await db
        .select({ workspaceId: workspaceDataHolds.workspaceId, keepUntil: workspaceDataHolds.keepUntil })
        .from(workspaceDataHolds)
        .where(inArray(workspaceDataHolds.workspaceId, [...workspaceIds]));
      return new Map(rows.map((row) => [row.workspaceId, row.keepUntil]));
    },
    async setDataHold(workspaceIds: readonly string[], keepUntil: string, by: string): Promise<void> {
      if (workspaceIds.length === 0) return;
      await db
        .insert(workspaceDataHolds)
        .values(workspaceIds.map((workspaceId) => ({ workspaceId, keepUntil, setBy: by })))
        .onConflictDoUpdate({
          target: workspaceDataHolds.workspaceId,
          set: { keepUntil, setBy: by, setAt: sql`now()` },
        });
    },
    async clearDataHold(workspaceIds: readonly string[]): Promise<void> {
      if (workspaceIds.length === 0) return;
      await db.delete(workspaceDataHolds).where(inArray(workspaceDataHolds.workspaceId, [...workspaceIds]));
    },

    async readConfig(): Promise<Partial<SystemConfig> | undefined> {
      const [row] = await db.select().from(platformConfig).where(eq(platformConfig.id, CONFIG_ROW_ID));
      return row?.config;
    },
    async writeConfig(config: SystemConfig, by: string): Promise<void> {
      await db
        .insert(platformConfig)
        .values({ id: CONFIG_ROW_ID, config, updatedBy: by })
        .onConflictDoUpdate({
          target: platformConfig.id,
          set: { config, updatedBy: by, updatedAt: new Date() },
        });
    },
  };
}

export type AdminRepository = ReturnType<typeof adminRepository>;
