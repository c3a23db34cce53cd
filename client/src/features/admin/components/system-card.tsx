import type { ExportKind } from "@common/admin";
import { Archive, Download, Eraser, RefreshCw, Trash } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import type { SystemControls } from "../use-system-controls";
import { BackupsList } from "./backups-list";

const EXPORTS: { kind: ExportKind; label: string }[] = [
  { kind: "users", label: "Export Users" },
  { kind: "calls", label: "Export Calls" },
  { kind: "all", label: "Export All" },
];

/** Quick actions, backups and exports, each reporting what it did. */
export function SystemCard({ controls, timeZone }: { controls: SystemControls; timeZone: string }) {
  const { runQuick, quickPending, backupNow, backupPending, exportCsv, exportPending, pendingCleanup } =
    controls;
  const items = pendingCleanup?.items ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>System</CardTitle>
        <CardDescription>
          Quick actions, backups and CSV exports. Each is recorded in the audit log.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">Quick actions</h3>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabled={quickPending !== undefined}
              onClick={() => runQuick("clear-cache")}
            >
              <Eraser aria-hidden /> {quickPending === "clear-cache" ? "Clearing..." : "Clear Cache"}
            </Button>
            <Button
              variant="outline"
              disabled={quickPending !== undefined}
              onClick={() => runQuick("sync-users")}
            >
              <RefreshCw aria-hidden /> {quickPending === "sync-users" ? "Syncing..." : "Sync Users"}
            </Button>
            <Button
              variant="outline"
              disabled={quickPending !== undefined}
              onClick={() => runQuick("cleanup-inactive")}
            >
              <Trash aria-hidden /> {quickPending === "cleanup-inactive" ? "Checking..." : "Cleanup Inactive"}
            </Button>
          </div>
        </div>
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">Backups and exports</h3>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" disabled={backupPending} onClick={backupNow}>
              <Archive aria-hidden /> {backupPending ? "Backing up..." : "Backup Now"}
            </Button>
            {EXPORTS.map(({ kind, label }) => (
              <Button
                key={kind}
                variant="outline"
                disabled={exportPending !== undefined}
                onClick={() => exportCsv(kind)}
              >
                <Download aria-hidden /> {exportPending === kind ? "Exporting..." : label}
              </Button>
            ))}
          </div>
          <BackupsList timeZone={timeZone} />
        </div>
      </CardContent>
      <ConfirmDialog
        open={pendingCleanup !== null}
        onOpenChange={(open) => (open ? null : controls.keepCleanup())}
        title="Remove inactive data?"
        description={
          items.length
            ? `${pendingCleanup?.message ?? ""} ${items.slice(0, 12).join("; ")}${items.length > 12 ? `; and ${items.length - 12} more` : ""}`
            : (pendingCleanup?.message ?? "")
        }
        keepLabel="Keep"
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={quickPending === "cleanup-inactive"}
        onConfirm={() => runQuick("cleanup-inactive", true)}
      />
    </Card>
  );
}
