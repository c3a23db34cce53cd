import { and, count, desc, eq, gte, ilike, inArray, isNull, max, or, type SQL, sql } from "drizzle-orm";
import { type AdminUserListQuery, INACTIVE_AFTER_DAYS } from "../../../common/admin";
import type { Db } from "../../db/client";
import {
  aiAgents,
  calls,
  campaigns,
  jobs,
  memberships,
  sessions,
  subscriptions,
  usageTracking,
  userSuspensions,
  users,
  workspaceDataHolds,
  workspaces,
} from "../../db/schema";
import { platformCall } from "./calls-report";

/**
 * The platform-wide figures and lists only a platform administrator reads. They span every
 * area's tables on purpose (named in server/test/import-rules.test.ts CROSS_OWNER_READS): a
 * report across all workspaces is one query, not a service call per workspace. Read-only:
 * every write goes through the owning area's service.
 */
export type AdminUserReportRow = {
  id: string;
  username: string;
  email: string;
  fullName: string | null;
  role: string;
  createdAt: Date;
  planType: string | null;
  suspended: boolean;
  totalCalls: number;
  minutesUsed: number;
  lastLogin: Date | null;
  /** When the owned workspace's trial or plan ended (null while one runs). */
  subscriptionEndedAt: Date | null;
  keepDataUntil: string | null;
};

const DAY_MS = 86_400_000;

export function adminReports(db: Db) {
  const lastSeen = db
    .select({ userId: sessions.userId, lastLogin: max(sessions.lastSeenAt).as("last_login") })
    .from(sessions)
    .groupBy(sessions.userId)
    .as("last_seen");
  const owned = db
    .select({ userId: memberships.userId, workspaceId: memberships.workspaceId })
    .from(memberships)
    .where(eq(memberships.role, "owner"))
    .as("owned");

  function userFilter(query: AdminUserListQuery, now: Date): SQL | undefined {
    const filters: (SQL | undefined)[] = [];
    if (query.search) {
      const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      filters.push(
        or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(users.fullName, pattern)),
      );
    }
    const activeSince = new Date(now.getTime() - INACTIVE_AFTER_DAYS * DAY_MS);
    if (query.status === "suspended") filters.push(sql`${userSuspensions.userId} is not null`);
    if (query.status === "active")
      filters.push(and(isNull(userSuspensions.userId), gte(lastSeen.lastLogin, activeSince)));
    if (query.status === "inactive")
      filters.push(
        and(
          isNull(userSuspensions.userId),
          or(isNull(lastSeen.lastLogin), sql`${lastSeen.lastLogin} < ${activeSince}`),
        ),
      );
    return and(...filters);
  }

  return {
    /** A page of people, newest first; `ids` narrows it to those people (a single row's answer). */
    async listUsers(
      query: AdminUserListQuery,
      now: Date,
      ids?: string[],
    ): Promise<{ rows: AdminUserReportRow[]; total: number }> {
      const where = and(userFilter(query, now), ids ? inArray(users.id, ids) : undefined);
      // The calls the header and the Calls tab count (platformCall), per owned workspace.
      const callCount = sql<number>`(select count(*)::int from ${calls}
        where ${calls.workspaceId} = ${owned.workspaceId} and ${platformCall})`;
      const minutes = sql<number>`coalesce((select ${usageTracking.callMinutesUsed} from ${usageTracking}
        where ${usageTracking.workspaceId} = ${owned.workspaceId}
          and ${usageTracking.year} = ${now.getUTCFullYear()} and ${usageTracking.month} = ${now.getUTCMonth() + 1}), 0)`;
      const base = db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          fullName: users.fullName,
          role: users.role,
          createdAt: users.createdAt,
          planType: workspaces.planType,
          suspended: sql<boolean>`${userSuspensions.userId} is not null`,
          totalCalls: callCount,
          minutesUsed: minutes,
          lastLogin: lastSeen.lastLogin,
          subscriptionEndedAt: subscriptions.endedAt,
          keepDataUntil: workspaceDataHolds.keepUntil,
        })
        .from(users)
        .leftJoin(userSuspensions, eq(userSuspensions.userId, users.id))
        .leftJoin(lastSeen, eq(lastSeen.userId, users.id))
        .leftJoin(owned, eq(owned.userId, users.id))
        .leftJoin(workspaces, eq(workspaces.id, owned.workspaceId))
        .leftJoin(subscriptions, eq(subscriptions.workspaceId, owned.workspaceId))
        .leftJoin(workspaceDataHolds, eq(workspaceDataHolds.workspaceId, owned.workspaceId));
      const [rows, [total]] = await Promise.all([
        base
          .where(where)
          .orderBy(desc(users.createdAt), users.id)
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db
          .select({ n: count() })
          .from(users)
          .leftJoin(userSuspensions, eq(userSuspensions.userId, users.id))
          .leftJoin(lastSeen, eq(lastSeen.userId, users.id))
          .where(where),
      ]);
      return {
        rows: rows.map((row) => ({
          ...row,
          totalCalls: Number(row.totalCalls),
          minutesUsed: Number(row.minutesUsed),
          lastLogin: row.lastLogin ? new Date(row.lastLogin) : null,
        })),
        total: total?.n ?? 0,
      };
    },

    /** The workspaces the person owns. */
    async ownedWorkspaces(userId: string): Promise<string[]> {
      const rows = await db
        .select({ workspaceId: memberships.workspaceId })
        .from(memberships)
        .where(and(eq(memberships.userId, userId), eq(memberships.role, "owner")));
      return rows.map((row) => row.workspaceId);
    },

    async userById(id: string, now: Date): Promise<AdminUserReportRow | undefined> {
      const { rows } = await this.listUsers({ page: 1, limit: 1 }, now, [id]);
      return rows[0];
    },

    /** Sessions not expired, most recently used first, with whose they are (the Security tab). */
    async activeSessions(query: { page: number; limit: number }, now: Date) {
      const live = gte(sessions.expiresAt, now);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: sessions.id,
            userId: users.id,
            username: users.username,
            email: users.email,
            ip: sessions.ip,
            userAgent: sessions.userAgent,
            createdAt: sessions.createdAt,
            lastSeenAt: sessions.lastSeenAt,
            expiresAt: sessions.expiresAt,
          })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(live)
          .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(sessions).where(live),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async usersWithRole(ids: string[]): Promise<{ id: string; role: string; suspended: boolean }[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          id: users.id,
          role: users.role,
          suspended: sql<boolean>`${userSuspensions.userId} is not null`,
        })
        .from(users)
        .leftJoin(userSuspensions, eq(userSuspensions.userId, users.id))
        .where(inArray(users.id, ids));
    },

    /** Administrators still able to act: not suspended. */
    async activeAdminCount(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .leftJoin(userSuspensions, eq(userSuspensions.userId, users.id))
        .where(and(eq(users.role, "admin"), isNull(userSuspensions.userId)));
      return row?.n ?? 0;
    },

    /** The header's figures; "today" began at `midnight` (the admin's, in their zone). */
    async figures(now: Date, midnight: Date) {
      const activeSince = new Date(now.getTime() - INACTIVE_AFTER_DAYS * DAY_MS);
      const [[usersRow], [activeRow], [agentsRow], [callsRow], [todayRow], paid, [campaignRow]] =
        await Promise.all([
          db.select({ n: count() }).from(users),
          db
            .select({ n: sql<number>`count(distinct ${sessions.userId})::int` })
            .from(sessions)
            .leftJoin(userSuspensions, eq(userSuspensions.userId, sessions.userId))
            .where(and(gte(sessions.lastSeenAt, activeSince), isNull(userSuspensions.userId))),
          db.select({ n: count() }).from(aiAgents).where(eq(aiAgents.status, "active")),
          // The Calls tab's calls (platformCall): the header and the tab read the same rows.
          db.select({ n: count() }).from(calls).where(platformCall),
          db
            .select({ n: count() })
            .from(calls)
            .where(and(platformCall, gte(calls.startTime, midnight))),
          db
            .select({ planType: subscriptions.planType, n: count() })
            .from(subscriptions)
            .where(eq(subscriptions.status, "active"))
            .groupBy(subscriptions.planType),
          db.select({ n: count() }).from(campaigns).where(eq(campaigns.status, "active")),
        ]);
      return {
        totalUsers: usersRow?.n ?? 0,
        activeUsers: Number(activeRow?.n ?? 0),
        activeAgents: agentsRow?.n ?? 0,
        totalCalls: callsRow?.n ?? 0,
        todaysCalls: todayRow?.n ?? 0,
        paidSubscriptions: paid,
        campaignsRunning: campaignRow?.n ?? 0,
      };
    },

    /** Jobs due and waiting (queued with run_at passed): the queue's backlog. */
    async jobBacklog(now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(jobs)
        .where(and(eq(jobs.status, "queued"), sql`${jobs.runAt} <= ${now}`));
      return row?.n ?? 0;
    },

    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}

export type AdminReports = ReturnType<typeof adminReports>;
