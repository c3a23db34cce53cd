import {
  ADMIN_QUICK_ACTION_RELOAD_MS,
  ADMIN_SYSTEM_ACTION_RELOAD_MS,
  EXPORT_FAILED,
  type ExportKind,
  QUICK_ACTION_FAILED,
  type QuickAction,
  type QuickActionResult,
  systemActionFailed,
} from "@common/admin";
import { useState } from "react";
import { saveFile } from "../../lib/download";
import { toast } from "../../lib/toast";
import { useAdminExport, useQuickAction, useSystemAction } from "./api/admin-actions";
import { failureText } from "./messages";
import { useReloadSoon } from "./use-reload-soon";

const QUICK_TITLES: Record<QuickAction, string> = {
  "clear-cache": "Cache Cleared",
  "sync-users": "Users Synced",
  "cleanup-inactive": "Cleanup Complete",
};

/**
 * The header's buttons and the System card's: quick actions (reload after 1 s), Backup Now (a
 * system action: reload after 2 s) and the CSV exports. Cleanup Inactive first lists what it
 * would remove; `pendingCleanup` holds that list until the administrator confirms or keeps it.
 */
export function useSystemControls() {
  const { reloadAfter, reloadNow } = useReloadSoon();
  const quick = useQuickAction();
  const system = useSystemAction();
  const exporting = useAdminExport();
  const [pendingCleanup, setPendingCleanup] = useState<QuickActionResult | null>(null);

  const runQuick = (action: QuickAction, confirm?: boolean) =>
    quick.mutate(confirm ? { action, confirm } : { action }, {
      onSuccess: (result) => {
        if (result.needsConfirmation) {
          setPendingCleanup(result);
          return;
        }
        setPendingCleanup(null);
        toast({ title: QUICK_TITLES[action], description: result.message });
        reloadAfter(ADMIN_QUICK_ACTION_RELOAD_MS);
      },
      onError: (error) =>
        toast({
          title: "Error",
          description: failureText(QUICK_ACTION_FAILED, error),
          variant: "destructive",
        }),
    });

  const backupNow = () =>
    system.mutate("backup", {
      onSuccess: (result) => {
        toast({ title: "Backup Created", description: result.message });
        reloadAfter(ADMIN_SYSTEM_ACTION_RELOAD_MS);
      },
      onError: (error) =>
        toast({
          title: "Error",
          description: failureText(systemActionFailed("backup"), error),
          variant: "destructive",
        }),
    });

  const exportCsv = (kind: ExportKind) =>
    exporting.mutate(kind, {
      onSuccess: (file) => {
        saveFile(file.blob, file.filename);
        toast({ title: "Export Complete", description: `Saved ${file.filename}` });
      },
      onError: (error) =>
        toast({ title: "Error", description: failureText(EXPORT_FAILED, error), variant: "destructive" }),
    });

  return {
    runQuick,
    backupNow,
    exportCsv,
    reloadNow,
    pendingCleanup,
    keepCleanup: () => setPendingCleanup(null),
    quickPending: quick.isPending ? quick.variables?.action : undefined,
    backupPending: system.isPending,
    exportPending: exporting.isPending ? exporting.variables : undefined,
  };
}

export type SystemControls = ReturnType<typeof useSystemControls>;
