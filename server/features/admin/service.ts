import {
  type AdminStats,
  type AdminUserListQuery,
  type AuditListQuery,
  type BulkUserAction,
  CANNOT_ACT_ON_YOURSELF,
  LAST_ADMIN,
} from "../../../common/admin";
import { planFor } from "../../../common/plans";
import type { UserRow } from "../../db/schema";
import { conflict, notFound } from "../../http/errors";
import { type ErrorRateMeter, healthChecks, worstOf } from "./health";
import type { AdminReports } from "./reports";
import type { AdminRepository } from "./repository";

/** Who acts and from where: every admin action is audited with both. */
export type AdminActor = { user: UserRow; ip: string };

export type AdminServiceDeps = {
  repo: AdminRepository;
  reports: AdminReports;
  /** Ends every session of a person on every server at once (auth announces it on the access bus). */
  endAllSessions: (userId: string) => Promise<number>;
  dataDir: string;
  errors: ErrorRateMeter;
  now?: () => Date;
};

export function adminService(deps: AdminServiceDeps) {
  const { repo, reports, errors } = deps;
  const now = deps.now ?? (() => new Date());

  const audit = (
    actor: AdminActor,
    action: string,
    targetId: string | null,
    details: Record<string, unknown>,
  ) =>
    repo.record({
      action,
      actorId: actor.user.id,
      actorName: actor.user.username,
      targetId,
      ip: actor.ip,
      details,
    });

  /** The rules every suspension or deletion obeys: not yourself, never the last administrator. */
  async function refusalFor(actor: AdminActor, target: { id: string; role: string; suspended: boolean }) {
    if (target.id === actor.user.id) return CANNOT_ACT_ON_YOURSELF;
    if (target.role === "admin" && !target.suspended && (await reports.activeAdminCount()) <= 1)
      return LAST_ADMIN;
    return undefined;
  }

  async function userOr404(id: string) {
    const row = await reports.userById(id, now());
    if (!row) throw notFound("User");
    return row;
  }

  return {
    errors,

    async stats(): Promise<AdminStats> {
      const at = now();
      const [figures, checks] = await Promise.all([
        reports.figures(at),
        healthChecks({
          ping: reports.ping,
          jobBacklog: () => reports.jobBacklog(at),
          dataDir: deps.dataDir,
          errors,
        }),
      ]);
      const revenue = figures.paidSubscriptions.reduce(
        (sum, { planType, n }) => sum + planFor(planType).priceCents * n,
        0,
      );
      return {
        totalUsers: figures.totalUsers,
        activeUsers: figures.activeUsers,
        systemHealth: worstOf(checks),
        healthChecks: checks,
        activeAgents: figures.activeAgents,
        totalCalls: figures.totalCalls,
        todaysCalls: figures.todaysCalls,
        revenue,
        campaignsRunning: figures.campaignsRunning,
      };
    },

    listUsers: (query: AdminUserListQuery) => reports.listUsers(query, now()),
    userById: userOr404,
    now,

    /** Suspends a person: their sessions end at once, on every server; answers how many ended. */
    async suspend(actor: AdminActor, id: string): Promise<number> {
      const target = await userOr404(id);
      const refusal = await refusalFor(actor, target);
      if (refusal) throw conflict(refusal);
      await repo.suspend([id], actor.user.id);
      const ended = await deps.endAllSessions(id);
      await audit(actor, "user.suspended", id, { username: target.username, sessionsEnded: ended });
      return ended;
    },

    async activate(actor: AdminActor, id: string): Promise<void> {
      const target = await userOr404(id);
      await repo.activate([id]);
      await audit(actor, "user.activated", id, { username: target.username, wasSuspended: target.suspended });
    },

    /** Suspends or activates many; the ones a rule keeps are skipped with the reason. */
    async bulk(actor: AdminActor, action: BulkUserAction, ids: string[]) {
      const targets = await reports.usersWithRole([...new Set(ids)]);
      const skipped: { id: string; reason: string }[] = ids
        .filter((id) => !targets.some((target) => target.id === id))
        .map((id) => ({ id, reason: "User not found" }));
      const chosen: string[] = [];
      for (const target of targets) {
        const refusal = action === "suspend" ? await refusalFor(actor, target) : undefined;
        if (refusal) skipped.push({ id: target.id, reason: refusal });
        else chosen.push(target.id);
      }
      // The last-administrator rule counts admins one at a time above; suspending several admins
      // at once must still leave one, so admins past the last are held back here.
      if (action === "suspend") {
        const admins = targets.filter((t) => chosen.includes(t.id) && t.role === "admin" && !t.suspended);
        const remaining = (await reports.activeAdminCount()) - admins.length;
        if (remaining < 1) {
          const keep = admins[0];
          if (keep) {
            chosen.splice(chosen.indexOf(keep.id), 1);
            skipped.push({ id: keep.id, reason: LAST_ADMIN });
          }
        }
        await repo.suspend(chosen, actor.user.id);
        for (const id of chosen) await deps.endAllSessions(id);
      } else {
        await repo.activate(chosen);
      }
      await audit(actor, "users.bulk", null, { action, changed: chosen, skipped });
      return { changed: chosen.length, skipped };
    },

    async auditLog(query: AuditListQuery) {
      return repo.listAudit(query.page, query.limit, query.action, query.actorId);
    },

    /** Records a security event nobody acted in as an administrator (a failed sign-in). */
    recordSecurityEvent: (action: string, ip: string | null, details: Record<string, unknown>) =>
      repo.record({ action, actorId: null, actorName: null, targetId: null, ip, details }),

    isSuspended: (userId: string) => repo.isSuspended(userId),
  };
}

export type AdminService = ReturnType<typeof adminService>;
