import { useBackups } from "../api/get-admin-data";
import { formatWhen } from "../format";
import { FETCH_FAILED } from "../messages";

/** 5339478 -> "5.1 MB". */
function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The archives under DATA_DIR/backups, newest first, with the schedule that takes them. */
export function BackupsList({ timeZone }: { timeZone: string }) {
  const backups = useBackups();
  if (backups.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {FETCH_FAILED.backups}
      </p>
    );
  if (!backups.data)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading backups...
      </p>
    );
  const { backups: list, frequency, keep } = backups.data;
  return (
    <div className="grid gap-2">
      <p className="text-xs text-muted-foreground">
        Scheduled {frequency}, keeping the newest {keep} scheduled backups. Restore one with{" "}
        <code>npm run restore -- FILE</code>.
      </p>
      {list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No backups yet.</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
        <section className="overflow-x-auto" aria-label="Backups, scrollable" tabIndex={0}>
          <table className="w-full text-sm" aria-label="Backups">
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                <th className="py-2 pr-3 font-medium">Archive</th>
                <th className="py-2 pr-3 font-medium">Taken</th>
                <th className="py-2 pr-3 font-medium">Size</th>
                <th className="py-2 font-medium">Trigger</th>
              </tr>
            </thead>
            <tbody>
              {list.map((backup) => (
                <tr key={backup.name} className="border-b last:border-0">
                  <td className="py-2 pr-3 font-mono text-xs break-all">{backup.name}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{formatWhen(backup.createdAt, timeZone)}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{formatSize(backup.size)}</td>
                  <td className="py-2 capitalize">{backup.trigger}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
