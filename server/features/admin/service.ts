import {
  ACCOUNT_SUSPENDED,
  type AddUserRequest,
  type AdminCallListQuery,
  type AdminSessionListQuery,
  type AdminStats,
  type AdminUserListQuery,
  type AuditListQuery,
  type BulkUserAction,
  CANNOT_ACT_ON_YOURSELF,
  LAST_ADMIN,
  NO_OWNED_WORKSPACE,
  SIGN_IN_LINK_EXPIRED,
  SIGN_IN_LINK_HOURS,
  SIGN_IN_LINK_UNKNOWN,
  SIGN_IN_LINK_USED,
} from "../../../common/admin";
import { ENQUIRY_NOT_FOUND, type EnquiryStatus } from "../../../common/enterprise";
import { planFor } from "../../../common/plans";
import {
  daysAfter,
  KEEP_DATA_IN_PAST,
  KEEP_DATA_MAX_DAYS,
  KEEP_DATA_NO_WORKSPACE,
  KEEP_DATA_TOO_FAR,
} from "../../../common/retention";
import { hashToken, newSessionToken } from "../../crypto/tokens";
import type { Db } from "../../db/client";
import type { enterpriseEnquiries, UserRow } from "../../db/schema";
import { Conflict, Gone, Invalid, NotAllowed, NotFound, notFound } from "../../domain/errors";
import { todayIn, zonedMidnight } from "../reports/range";
import type { AdminCallsReport } from "./calls-report";
import { type ErrorRateMeter, healthChecks, worstOf } from "./health";
import type { AdminReports } from "./reports";
import { type AdminRepository, adminRepository } from "./repository";
import type { DeleteAccount } from "./users-delete";

type EnquiryRow = typeof enterpriseEnquiries.$inferSelect;

/** Who acts and from where: every admin action is audited with both. */
export type AdminActor = { user: UserRow; ip: string };

export type AdminServiceDeps = {
  repo: AdminRepository;
  reports: AdminReports;
  /** Ends every session of a person on every server at once (auth announces it on the access bus). */
  endAllSessions: (userId: string) => Promise<number>;
  dataDir: string;
  /** PUBLIC_URL: where a sign-in link points (else the address the administrator used). */
  publicUrl?: string | undefined;
  errors: ErrorRateMeter;
  /** Calls across every workspace (a named cross-owner read). */
  callsReport: AdminCallsReport;
  /** Deletes a person with all their data (teams and auth, one transaction). */
  deleteAccount: DeleteAccount;
  /** Administrators not suspended, counted inside a deletion's transaction. */
  activeAdminCountIn: (tx: Db) => Promise<number>;
  /** Billing: a workspace put on a plan by an administrator (refused while a card pays for another). */
  plans: {
    setPlanByAdministrator(
      workspaceId: string,
      planId: string,
    ): Promise<{ from: { id: string; name: string }; to: { id: string; name: string } }>;
  };
  /** The contact-sales enquiries (features/enterprise): their status as sales works them. */
  enquiries: {
    setStatus(id: string, status: EnquiryStatus, by: string, at: Date): Promise<EnquiryRow | null>;
  };
  /** Auth's sign-up path for a person an administrator adds, and its sign-in by a spent link. */
  accounts: {
    createAccountFor(input: AddUserRequest): Promise<UserRow>;
    signInByLink(
      userId: string,
      client: { ip: string; userAgent: string | undefined },
      newPassword?: string,
    ): Promise<{ user: UserRow; token: string } | undefined>;
  };
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

    /** The header: "today" is the admin's day, from midnight in their workspace's zone. */
    async stats(timeZone: string): Promise<AdminStats> {
      const at = now();
      const [figures, checks] = await Promise.all([
        reports.figures(at, zonedMidnight(todayIn(at, timeZone), timeZone)),
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
    /** The "keep data until" days of these workspaces (the retention sweep reads them). */
    dataHolds: (workspaceIds: readonly string[]) => repo.dataHolds(workspaceIds),
    /** A workspace's "keep data until" day, inside the caller's transaction (a deletion's check). */
    dataHoldIn: async (tx: Db, workspaceId: string) =>
      (await adminRepository(tx).dataHolds([workspaceId])).get(workspaceId) ?? null,
    activeSessions: (query: AdminSessionListQuery) => reports.activeSessions(query, now()),
    userById: userOr404,
    now,
    publicUrl: deps.publicUrl,

    /** Suspends a person: their sessions end at once, on every server; answers how many ended. */
    async suspend(actor: AdminActor, id: string): Promise<number> {
      const target = await userOr404(id);
      const refusal = await refusalFor(actor, target);
      if (refusal) throw new Conflict(refusal);
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

    /**
     * Deletes a person with all their data (see users-delete.ts); their sessions end at once.
     * Not yourself, never the last administrator. Audited with what went.
     */
    async delete(actor: AdminActor, id: string) {
      const target = await userOr404(id);
      const refusal = await refusalFor(actor, target);
      if (refusal) throw new Conflict(refusal);
      // Checked again inside the deletion, after any deletion running at the same time.
      const deletion = await deps.deleteAccount(id, async (tx) => {
        if (target.role === "admin" && !target.suspended && (await deps.activeAdminCountIn(tx)) <= 1)
          throw new Conflict(LAST_ADMIN);
      });
      await audit(actor, "user.deleted", id, {
        username: target.username,
        email: target.email,
        role: target.role,
        ...deletion,
        workspacesDeleted: deletion.workspacesDeleted.length,
        workspacesHandedOver: deletion.workspacesHandedOver,
      });
      return { username: target.username, sessionsEnded: deletion.sessionsEnded };
    },

    /**
     * Keeps the data of the workspace(s) a person owns until the end of `day` (UTC), whatever
     * the Terms' days after its subscription ended say; null ends the extension. Audited with
     * the day before and after.
     */
    async keepDataUntil(actor: AdminActor, id: string, day: string | null) {
      const target = await userOr404(id);
      const workspaceIds = await reports.ownedWorkspaces(id);
      if (workspaceIds.length === 0) throw new Conflict(KEEP_DATA_NO_WORKSPACE);
      if (day) {
        const today = now().toISOString().slice(0, 10);
        if (day <= today) throw new Invalid(KEEP_DATA_IN_PAST);
        if (day > daysAfter(now(), KEEP_DATA_MAX_DAYS).toISOString().slice(0, 10))
          throw new Invalid(KEEP_DATA_TOO_FAR);
      }
      const before = await repo.dataHolds(workspaceIds);
      if (day) await repo.setDataHold(workspaceIds, day, actor.user.id);
      else await repo.clearDataHold(workspaceIds);
      await audit(actor, "user.data-kept", id, {
        username: target.username,
        workspaceIds,
        keepDataUntil: day,
        before: [...before.values()][0] ?? null,
      });
      return userOr404(id);
    },

    /**
     * Puts the workspace(s) a person owns on a plan, listed or enterprise, with nothing to
     * charge; audited with the plan before and after.
     */
    async setPlan(actor: AdminActor, id: string, planId: string) {
      const target = await userOr404(id);
      const workspaceIds = await reports.ownedWorkspaces(id);
      if (workspaceIds.length === 0) throw new Conflict(NO_OWNED_WORKSPACE);
      for (const workspaceId of workspaceIds) {
        const { from, to } = await deps.plans.setPlanByAdministrator(workspaceId, planId);
        await audit(actor, "workspace.plan-changed", id, {
          username: target.username,
          workspaceId,
          from: from.id,
          to: to.id,
        });
      }
      return userOr404(id);
    },

    /** Moves a contact-sales enquiry along (new, contacted, won, lost); audited. */
    async setEnquiryStatus(actor: AdminActor, id: string, status: EnquiryStatus): Promise<EnquiryRow> {
      const row = await deps.enquiries.setStatus(id, status, actor.user.id, now());
      if (!row) throw new NotFound(ENQUIRY_NOT_FOUND);
      await audit(actor, "enterprise-enquiry.status", id, { company: row.company, status });
      return row;
    },

    /**
     * Adds a person through auth's sign-up path and makes a one-time sign-in link for them (only
     * its hash is kept; it works once, within SIGN_IN_LINK_HOURS).
     */
    async addUser(actor: AdminActor, input: AddUserRequest, linkBase: string) {
      const created = await deps.accounts.createAccountFor(input);
      const token = newSessionToken();
      const expiresAt = new Date(now().getTime() + SIGN_IN_LINK_HOURS * 3_600_000);
      await repo.createSignInLink({
        userId: created.id,
        tokenHash: hashToken(token),
        createdBy: actor.user.id,
        expiresAt,
      });
      await audit(actor, "user.created", created.id, {
        username: created.username,
        email: created.email,
        role: created.role,
        signInLinkExpiresAt: expiresAt.toISOString(),
      });
      return {
        user: await userOr404(created.id),
        signInLink: `${linkBase.replace(/\/+$/, "")}/api/sign-in-links?token=${token}`,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** Whether a link can still be used, without spending it (the page it opens asks first). */
    async signInLinkFor(token: string): Promise<{ userId: string; username: string }> {
      const link = await repo.signInLink(hashToken(token));
      if (!link) throw new NotFound(SIGN_IN_LINK_UNKNOWN);
      if (link.usedAt) throw new Gone(SIGN_IN_LINK_USED);
      if (link.expiresAt.getTime() <= now().getTime()) throw new Gone(SIGN_IN_LINK_EXPIRED);
      const user = await reports.userById(link.userId, now());
      if (!user) throw new NotFound(SIGN_IN_LINK_UNKNOWN);
      if (user.suspended) throw new NotAllowed(ACCOUNT_SUSPENDED);
      return { userId: user.id, username: user.username };
    },

    /**
     * Spends a link once and signs its person in (with the password they chose, when given). A
     * used or expired link is Gone, with the reason; a suspended person is refused and the
     * link is left as it was.
     */
    async redeemSignInLink(
      token: string,
      client: { ip: string; userAgent: string | undefined },
      password?: string,
    ) {
      const { userId } = await this.signInLinkFor(token);
      // One statement spends it: of two clicks at once, the second finds it used.
      if (!(await repo.spendSignInLink(hashToken(token), now()))) throw new Gone(SIGN_IN_LINK_USED);
      const signedIn = await deps.accounts.signInByLink(userId, client, password);
      if (!signedIn) throw new NotFound(SIGN_IN_LINK_UNKNOWN);
      await repo.record({
        action: "sign_in.link_used",
        actorId: userId,
        actorName: signedIn.user.username,
        targetId: userId,
        ip: client.ip,
        details: { passwordSet: Boolean(password) },
      });
      return { token: signedIn.token, passwordSet: Boolean(password) };
    },

    async listCalls(query: AdminCallListQuery) {
      return deps.callsReport.list(query);
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
