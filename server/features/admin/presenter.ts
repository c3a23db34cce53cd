import type { AdminUser, AuditEntry } from "../../../common/admin";
import { INACTIVE_AFTER_DAYS } from "../../../common/admin";
import { planFor, UNLIMITED } from "../../../common/plans";
import { dataDeletionDate } from "../../../common/retention";
import type { AdminUserReportRow } from "./reports";
import type { AuditRow } from "./repository";

export function presentAdminUser(row: AdminUserReportRow, now: Date): AdminUser {
  const planType = row.planType ?? "free";
  const minutes = planFor(planType).features.monthlyMinutes;
  const recentlySeen =
    row.lastLogin !== null && now.getTime() - row.lastLogin.getTime() < INACTIVE_AFTER_DAYS * 86_400_000;
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.fullName,
    planType,
    status: row.suspended ? "suspended" : recentlySeen ? "active" : "inactive",
    role: row.role,
    totalCalls: row.totalCalls,
    monthlyUsage:
      minutes === UNLIMITED || minutes <= 0 ? 0 : Math.round((row.minutesUsed / minutes) * 1000) / 10,
    lastLogin: row.lastLogin?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    keepDataUntil: row.keepDataUntil,
    dataDeletesAt: row.subscriptionEndedAt
      ? dataDeletionDate(row.subscriptionEndedAt, row.keepDataUntil).toISOString()
      : null,
  };
}

export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actorId: row.actorId,
    actorName: row.actorName,
    targetId: row.targetId,
    ip: row.ip,
    details: row.details,
  };
}
