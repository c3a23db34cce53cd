import type { ContactImport } from "@common/contacts";
import { Download, Undo2 } from "lucide-react";
import { useState } from "react";
import { Button, buttonVariants } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { toast, toastError } from "../../../lib/toast";
import { REJECTS_SHOWN, rejectsCsvUrl, useImportRejects } from "../api/get-import-rejects";
import { useUndoImport } from "../api/undo-import";

const ENCODING_NAMES: Record<string, string> = {
  "utf-16le": "UTF-16 (little-endian)",
  "utf-16be": "UTF-16 (big-endian)",
  "windows-1252": "Windows-1252 (Western European)",
};

const plural = (n: number, word: string) => `${n.toLocaleString()} ${word}${n === 1 ? "" : "s"}`;

/**
 * A finished import: imported + updated + skipped + rejected = the file's rows, the columns that
 * matched no contact field, the first rejects (line, column, reason), the rejects file and Undo.
 */
export function ImportResult({
  record,
  errors,
  latest = false,
}: {
  record: ContactImport;
  errors: string[];
  /** Shown as the workspace's last import rather than the one just uploaded. */
  latest?: boolean;
}) {
  const rejects = useImportRejects(record.id, record.rejected > 0);
  const undo = useUndoImport();
  const [confirming, setConfirming] = useState(false);
  const title = `${latest ? "Last import" : "Import"}${record.fileName ? ` of ${record.fileName}` : ""}`;

  const confirmUndo = () =>
    undo.mutate(record.id, {
      onSuccess: (undone) => {
        setConfirming(false);
        toast({ title: "Import Undone", description: undone.message });
      },
      onError: (error) => {
        setConfirming(false);
        toastError("Undo Failed", "The import could not be undone", error);
      },
    });

  const counts = [
    { key: "imported", label: "Imported", value: record.imported },
    { key: "updated", label: "Updated", value: record.updated },
    { key: "skipped", label: "Skipped (duplicates)", value: record.skipped },
    { key: "rejected", label: "Rejected", value: record.rejected },
  ];
  return (
    <section
      aria-label={title}
      className="grid gap-3 rounded-md border p-3 text-sm"
      data-testid="import-result"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold wrap-anywhere">{title}</h3>
        <span className="text-muted-foreground">{plural(record.totalRows, "row")} in the file</span>
      </div>
      {record.status === "failed" ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 p-2 text-destructive wrap-anywhere"
        >
          The import stopped: {record.error ?? "the file could not be imported."}
        </p>
      ) : null}
      {record.status === "undone" ? (
        <p className="rounded-md bg-muted p-2" data-testid="import-undone">
          This import was undone: the contacts it added were removed.
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {counts.map((count) => (
          <div key={count.key} className="rounded-md bg-muted/60 p-2">
            <dt className="text-xs text-muted-foreground">{count.label}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid={`import-${count.key}`}>
              {count.value.toLocaleString()}
            </dd>
          </div>
        ))}
      </dl>
      {record.encoding && record.encoding !== "utf-8" ? (
        <p data-testid="import-encoding">
          The file was not UTF-8: it was read as {ENCODING_NAMES[record.encoding] ?? record.encoding}.
        </p>
      ) : null}
      {record.unknownColumns.length ? (
        <p data-testid="unknown-columns" className="wrap-anywhere">
          <span className="font-medium">Columns not imported</span> (they match no contact field):{" "}
          {record.unknownColumns.join(", ")}
        </p>
      ) : null}
      {record.rejected > 0 ? (
        <div className="grid gap-2">
          <h4 className="font-medium">
            {record.rejected > REJECTS_SHOWN ? `The first ${REJECTS_SHOWN} rejected rows` : "Rejected rows"}
          </h4>
          {rejects.data ? (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm" aria-label="Rejected rows">
                <thead className="text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Line
                    </th>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Column
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      Reason
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {rejects.data.map((reject) => (
                    <tr key={`${reject.line}:${reject.column}:${reject.reason}`}>
                      <td className="py-1 pr-3 align-top tabular-nums">{reject.line}</td>
                      <td className="py-1 pr-3 align-top">{reject.column ?? "(row)"}</td>
                      <td className="py-1 align-top wrap-anywhere">{reject.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : errors.length ? (
            <ul className="list-disc pl-5 text-muted-foreground">
              {errors.slice(0, REJECTS_SHOWN).map((line) => (
                <li key={line} className="wrap-anywhere">
                  {line}
                </li>
              ))}
            </ul>
          ) : rejects.isError ? (
            <p className="text-muted-foreground">
              The rejected rows could not be listed; the file below has them.
            </p>
          ) : (
            <p className="text-muted-foreground" role="status">
              Loading the rejected rows...
            </p>
          )}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {record.rejected > 0 ? (
          <a
            href={rejectsCsvUrl(record.id)}
            download
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <Download aria-hidden />
            Download rejects
          </a>
        ) : null}
        {(record.status === "completed" || record.status === "failed") && record.imported > 0 ? (
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            <Undo2 aria-hidden />
            Undo import
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => (open || undo.isPending ? undefined : setConfirming(false))}
        title="Undo this import?"
        description={`The ${plural(record.imported, "contact")} this import added will be deleted. Contacts it updated keep their new values.`}
        keepLabel="Keep Contacts"
        confirmLabel="Undo Import"
        pendingLabel="Undoing..."
        pending={undo.isPending}
        onConfirm={confirmUndo}
      />
    </section>
  );
}
