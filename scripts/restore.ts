/**
 * `npm run restore -- FILE`
 *
 * Restores a backup written by Backup Now or the scheduled backups (DATA_DIR/backups/*.tar.gz)
 * into an EMPTY data directory (DATA_DIR) and, for a backup taken on PostgreSQL, an EMPTY
 * database (DATABASE_URL). It refuses anything that is not empty, so it never overwrites live
 * data. Then start the server as usual with the same DATA_DIR (and DATABASE_URL): it applies any
 * migrations newer than the backup.
 */
import { loadConfig } from "../server/config";
import { RestoreRefused, restoreBackup } from "../server/features/admin/backups-restore";

const file = process.argv.slice(2).find((arg) => arg !== "--");
if (!file) {
  console.error(
    "Usage: npm run restore -- FILE   (DATA_DIR must be empty; with DATABASE_URL, that database too)",
  );
  process.exit(2);
}

const config = loadConfig();
try {
  const report = await restoreBackup({
    file,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    log: (line) => console.log(line),
  });
  const { users, workspaces, calls, contacts } = report.counts;
  console.log(
    `Restored the backup of ${report.takenAt} into ${config.dataDir}` +
      `${report.engine === "postgres" ? " and the DATABASE_URL database" : ""}: ` +
      `${users} users, ${workspaces} workspaces, ${calls} calls, ${contacts} contacts, ${report.files} files.`,
  );
} catch (error) {
  console.error(error instanceof RestoreRefused ? `Restore refused: ${error.message}` : error);
  process.exit(1);
}
