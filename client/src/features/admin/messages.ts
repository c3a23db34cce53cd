import type { QueryKey } from "@tanstack/react-query";
import { ApiError } from "../../lib/api";
import { serverMessage } from "../../lib/toast";

/**
 * Names fetch failures for stats, users, calls and config without their words; these
 * are the screen's, in the phone system's form ('Failed to fetch phone numbers').
 */
export const FETCH_FAILED = {
  stats: "Failed to fetch stats",
  users: "Failed to fetch users",
  calls: "Failed to fetch calls",
  config: "Failed to fetch configuration",
  audit: "Failed to fetch the audit log",
  backups: "Failed to fetch backups",
  sessions: "Failed to fetch the active sessions",
  enquiries: "Failed to fetch the enquiries",
  support: "Failed to fetch the support requests",
} as const;

/** Every admin query's key starts with its /api/admin address: Refresh reloads them all. */
export const isAdminQuery = ({ queryKey }: { queryKey: QueryKey }) =>
  String(queryKey[0]).startsWith("/api/admin/");

/**
 * A failure toast's text: the spec's words, then the server's reason when it refused the request
 * itself (400-409: yourself, the last administrator, a bad value), not when nothing answered.
 */
export function failureText(specText: string, error: unknown): string {
  const reason = serverMessage(error);
  if (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 410 &&
    error.status !== 404 &&
    reason
  )
    return `${specText}: ${reason}`;
  return specText;
}
