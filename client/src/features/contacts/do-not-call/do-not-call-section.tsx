import type { DoNotCallEntry } from "@common/contacts";
import { Ban, Download, RefreshCw, SearchX, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useUser } from "../../../lib/auth/use-user";
import { useWorkspace } from "../../../lib/auth/use-workspace";
import { cn } from "../../../lib/cn";
import { saveFile } from "../../../lib/download";
import { formatDateTime } from "../../../lib/format";
import { toast, toastError } from "../../../lib/toast";
import { ContactSearch } from "../components/contact-search";
import { LoadingList } from "../components/loading-list";
import { AddNumberForm } from "./add-number-form";
import { useExportDoNotCall } from "./api/export-do-not-call";
import { useDoNotCall } from "./api/get-do-not-call";
import { useRemoveDoNotCall } from "./api/remove-do-not-call";
import { ImportNumbers } from "./import-numbers";
import { doNotCallSourceLabel, plural } from "./labels";

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/**
 * The workspace's do-not-call list on /contact-manager: numbers no outbound
 * call dials, paged and searched on the server. Admins and the owner add, import and remove;
 * everyone may read and export it.
 */
export function DoNotCallSection() {
  const titleId = useId();
  const [search, setSearch] = useState("");
  const { query, entries, total } = useDoNotCall(search);
  const { can } = useWorkspace();
  const { user } = useUser();
  const timeZone = user?.timezone ?? browserTimeZone();
  const canChange = can("admin");
  const exporter = useExportDoNotCall();
  const [removing, setRemoving] = useState<DoNotCallEntry | null>(null);

  const exportCsv = () =>
    exporter.mutate(undefined, {
      onSuccess: ({ blob, filename }) => {
        saveFile(blob, filename);
        toast({ title: "Export Complete", description: `The do-not-call list was saved to ${filename}.` });
      },
      onError: (error) => toastError("Export Failed", "The do-not-call list could not be exported", error),
    });

  return (
    <Card className="min-w-0" aria-labelledby={titleId} role="region">
      <CardHeader className="gap-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 gap-1.5">
            <CardTitle id={titleId} className="flex items-center gap-2">
              <Ban className="size-5 text-primary" aria-hidden />
              Do-not-call list
            </CardTitle>
            <CardDescription>
              Numbers no outbound call dials: a contact's Call, the lead manager, bulk calls.
            </CardDescription>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {query.data ? (
              <Badge variant="secondary" data-testid="dnc-count">
                {plural(total, "number")}
              </Badge>
            ) : null}
            <Button variant="outline" size="sm" onClick={exportCsv} disabled={exporter.isPending}>
              <Download aria-hidden />
              {exporter.isPending ? "Exporting..." : "Export List"}
            </Button>
          </div>
        </div>
        {canChange ? (
          <div className="grid gap-4 lg:grid-cols-2">
            <AddNumberForm />
            <ImportNumbers />
          </div>
        ) : (
          <p className="rounded-md bg-muted p-3 text-sm" data-testid="dnc-read-only">
            Only a workspace admin or owner can add or remove numbers. You can search and export the list.
          </p>
        )}
        <ContactSearch
          value={search}
          onSearch={setSearch}
          label="Search the do-not-call list"
          placeholder="Search by number..."
        />
      </CardHeader>
      <CardContent aria-busy={query.isFetching}>
        {query.isPending ? (
          <LoadingList label="Loading the do-not-call list" rows={3} />
        ) : query.isError && !query.data ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
            <p className="font-semibold">The do-not-call list could not be loaded.</p>
            <Button variant="outline" onClick={() => query.refetch()}>
              <RefreshCw aria-hidden /> Try again
            </Button>
          </div>
        ) : entries.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center">
            <SearchX className="size-10 text-muted-foreground" aria-hidden />
            <p className="font-semibold">{search.trim() ? "No numbers found" : "No numbers on the list"}</p>
            <p className="text-sm text-muted-foreground">
              {search.trim()
                ? "Try another number, or fewer digits."
                : canChange
                  ? "Add a number, or import a CSV file of them."
                  : "Nobody has added a number yet."}
            </p>
          </div>
        ) : (
          <>
            <ul
              aria-label="Do-not-call numbers"
              className={cn("divide-y", query.isPlaceholderData && "opacity-60 transition-opacity")}
            >
              {entries.map((entry) => (
                <li
                  key={entry.id}
                  aria-label={entry.phoneNumber}
                  className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 py-3"
                >
                  <div className="grid min-w-0 gap-1">
                    <p className="font-medium wrap-anywhere">{entry.phoneNumber}</p>
                    <p className="text-sm text-muted-foreground wrap-anywhere">
                      {entry.phoneE164 !== entry.phoneNumber ? `${entry.phoneE164} · ` : ""}
                      {doNotCallSourceLabel(entry.source)} · added{" "}
                      {formatDateTime(entry.createdAt, timeZone, "MMM d, yyyy")}
                    </p>
                  </div>
                  {canChange ? (
                    <Button
                      variant="outline"
                      size="sm"
                      className="text-destructive"
                      onClick={() => setRemoving(entry)}
                      aria-label={`Remove ${entry.phoneNumber}`}
                    >
                      <Trash2 aria-hidden />
                      Remove
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
            <div className="flex flex-col items-center gap-2 border-t pt-4 text-sm text-muted-foreground">
              <p aria-live="polite">
                Showing {entries.length.toLocaleString()} of {total.toLocaleString()}
              </p>
              {query.hasNextPage ? (
                <Button
                  variant="outline"
                  onClick={() => query.fetchNextPage()}
                  disabled={query.isFetchingNextPage}
                >
                  {query.isFetchingNextPage ? "Loading..." : "Load more"}
                </Button>
              ) : null}
            </div>
          </>
        )}
      </CardContent>
      <RemoveNumberDialog entry={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}

/** Asks before taking a number off the list; a contact's own flag is a separate switch. */
function RemoveNumberDialog({ entry, onClose }: { entry: DoNotCallEntry | null; onClose: () => void }) {
  const remove = useRemoveDoNotCall();
  const confirm = () => {
    if (!entry) return;
    remove.mutate(entry.id, {
      onSuccess: () => {
        toast({ title: "Number Removed", description: `${entry.phoneNumber} can be called again.` });
        onClose();
      },
      onError: (error) => {
        toastError("Could Not Remove Number", "The number could not be removed", error);
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      open={entry !== null}
      onOpenChange={(open) => (open || remove.isPending ? undefined : onClose())}
      title="Remove this number?"
      description={
        entry
          ? entry.source === "contact"
            ? `${entry.phoneNumber} came from a contact marked Do not call. Removing it here does not clear the contact's switch: turn that off too to call them.`
            : `${entry.phoneNumber} will be taken off the do-not-call list, and calls to it will be placed again.`
          : null
      }
      keepLabel="Keep Number"
      confirmLabel="Remove Number"
      pendingLabel="Removing..."
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
