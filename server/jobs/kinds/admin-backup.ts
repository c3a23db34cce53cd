import type { BackupService } from "../../features/admin/backups";
import type { JobKind, JobQueue } from "../types";

export type AdminBackupPayload = Record<string, never>;

/**
 * admin.backup: every hour one server claims the tick and takes a backup when
 * the platform configuration's backupFrequency (hourly, daily, weekly; read from the database
 * at each tick, so a change takes effect at the next one) says one is due, then deletes the
 * scheduled backups past the newest BACKUPS_KEPT. One at a time: it holds the embedded database
 * while it copies it.
 */
export function scheduleAdminBackups(
  jobs: JobQueue,
  deps: { backups: Pick<BackupService, "runScheduled"> },
): JobKind<AdminBackupPayload> {
  const kind = jobs.define<AdminBackupPayload>("admin.backup", () => deps.backups.runScheduled(), {
    concurrency: 1,
    retryLimit: 2,
  });
  jobs.schedule(kind, "23 * * * *", {});
  return kind;
}
