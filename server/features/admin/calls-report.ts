import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AdminCallListQuery } from "../../../common/admin";
import type { Db } from "../../db/client";
import { calls, memberships, workspaces } from "../../db/schema";

/**
 * The calls the administrator's screens count, the header's figures and every tab alike: all but
 * the test screens' (the system test, the voice demo). A call the carrier simulator carried is a
 * team's work and counts; it is marked simulated where it is listed.
 */
export const platformCall = eq(calls.isTest, false);

/**
 * Calls across every workspace for the platform administrator (GET /api/admin/calls):
 * a named cross-owner read (server/test/import-rules.test.ts CROSS_OWNER_READS), one query for
 * the page and one for the count instead of a calls-service call per workspace. Read-only.
 * The calls are `platformCall`'s, as the header counts them.
 */
export type AdminCallRow = {
  id: string;
  startTime: Date;
  workspaceId: string;
  ownerId: string | null;
  phoneNumber: string;
  callerName: string | null;
  classification: string | null;
  duration: number;
  status: string;
  simulated: boolean;
  planType: string;
};

export function adminCallsReport(db: Db) {
  const owner = db
    .select({ userId: memberships.userId, workspaceId: memberships.workspaceId })
    .from(memberships)
    .where(eq(memberships.role, "owner"))
    .as("owner");

  function filter(query: AdminCallListQuery): SQL | undefined {
    const filters: (SQL | undefined)[] = [platformCall];
    if (query.search) {
      const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      filters.push(or(ilike(calls.phoneNumber, pattern), ilike(calls.callerName, pattern)));
    }
    if (query.classification) filters.push(eq(calls.classification, query.classification));
    if (query.status) filters.push(eq(calls.status, query.status));
    if (query.userId)
      filters.push(
        inArray(
          calls.workspaceId,
          db
            .select({ id: memberships.workspaceId })
            .from(memberships)
            .where(and(eq(memberships.userId, query.userId), eq(memberships.role, "owner"))),
        ),
      );
    return and(...filters);
  }

  return {
    /** A page of calls, newest first, with each workspace's owner and plan. */
    async list(query: AdminCallListQuery): Promise<{ rows: AdminCallRow[]; total: number }> {
      const where = filter(query);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: calls.id,
            startTime: calls.startTime,
            workspaceId: calls.workspaceId,
            ownerId: owner.userId,
            phoneNumber: calls.phoneNumber,
            callerName: calls.callerName,
            classification: calls.classification,
            duration: calls.duration,
            status: calls.status,
            simulated: calls.simulated,
            planType: workspaces.planType,
          })
          .from(calls)
          .innerJoin(workspaces, eq(workspaces.id, calls.workspaceId))
          .leftJoin(owner, eq(owner.workspaceId, calls.workspaceId))
          .where(where)
          .orderBy(desc(calls.startTime), desc(calls.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(calls).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * The person's memberships with each workspace's calls: what a deletion takes with it, for
     * the audit log (read just before it).
     */
    async membershipsOf(userId: string): Promise<{ workspaceId: string; role: string; calls: number }[]> {
      const rows = await db
        .select({
          workspaceId: memberships.workspaceId,
          role: memberships.role,
          calls: sql<number>`(select count(*)::int from ${calls} where ${calls.workspaceId} = ${memberships.workspaceId})`,
        })
        .from(memberships)
        .where(eq(memberships.userId, userId));
      return rows.map((row) => ({ ...row, calls: Number(row.calls) }));
    },
  };
}

export type AdminCallsReport = ReturnType<typeof adminCallsReport>;
