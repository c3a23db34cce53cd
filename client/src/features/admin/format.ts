import type { AuditEntry } from "@common/admin";

/** Dollars with cents: 1234.5 -> "$1,234.50". */
export function formatMoney(dollars: number): string {
  return dollars.toLocaleString("en-US", { style: "currency", currency: "USD" });
}

const AUDIT_LABELS: Record<string, string> = {
  "user.suspended": "User suspended",
  "user.activated": "User activated",
  "user.deleted": "User deleted",
  "user.created": "User created",
  "user.data-kept": "Data kept until",
  "user.role_changed": "Role changed",
  "users.bulk": "Bulk user action",
  "config.changed": "Configuration changed",
  "export.downloaded": "Export downloaded",
  "backup.created": "Backup created",
  "quick_action.ran": "Quick action",
  "sign_in.failed": "Failed sign-in",
};

/** An audit action in words ("config.changed" -> "Configuration changed"); unknown ones as sent. */
export const auditLabel = (action: string) => AUDIT_LABELS[action] ?? action;

/** An entry's details as "key: value" pairs, nested values as JSON, on one line. */
export function auditDetails(entry: AuditEntry): string {
  return Object.entries(entry.details)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(", ");
}

/** "Never" or the time in the viewer's zone. */
export function formatWhen(iso: string | null, timeZone: string): string {
  if (!iso) return "Never";
  return new Date(iso).toLocaleString("en-US", {
    timeZone,
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

/** A day as the viewer reads it ("Mar 4, 2031"); a YYYY-MM-DD day is read as that day, whatever the zone. */
export function formatDay(iso: string, timeZone: string): string {
  const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  return new Date(dayOnly ? `${iso}T12:00:00.000Z` : iso).toLocaleDateString("en-US", {
    timeZone: dayOnly ? "UTC" : timeZone,
    month: "short",
    day: "numeric",
    year: "numeric",
  });
}
