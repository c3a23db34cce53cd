import {
  CONTACT_MESSAGES,
  type ContactImport,
  type ContactImportResponse,
  CSV_ONLY,
  IMPORT_MODES,
  type ImportMode,
} from "@common/contacts";
import { useQueryClient } from "@tanstack/react-query";
import { FileUp, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { Progress } from "../../../components/ui/progress";
import { isPlanRefusal } from "../../../components/upgrade-required";
import { useJob } from "../../../lib/shared-api/get-job";
import { toast, toastError } from "../../../lib/toast";
import { importQueryOptions, useImport } from "../api/get-import";
import { useImports } from "../api/get-imports";
import { useRefreshContacts } from "../api/refresh-contacts";
import { useUploadContacts } from "../api/upload-contacts";
import { MODE_LABELS } from "../labels";
import { ImportResult } from "./import-result";
import { PlanLimitAlert } from "./plan-limit-alert";

/** "5 imported, 1 skipped" and the updated and rejected counts when there are any. */
export function importCounts(record: Pick<ContactImport, "imported" | "updated" | "skipped" | "rejected">) {
  const parts = [`${record.imported} imported`];
  if (record.updated) parts.push(`${record.updated} updated`);
  parts.push(`${record.skipped} skipped`);
  if (record.rejected) parts.push(`${record.rejected} rejected`);
  return parts.join(", ");
}

/**
 * Upload a CSV (.csv only, "Please select a CSV file"), choose what a duplicate does,
 * follow a large file's job with a progress bar, and read the result: the four counts, the
 * columns that were not imported, the first rejects with their line, column and reason, the
 * rejects file, and Undo.
 */
export function ImportPanel() {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mode, setMode] = useState<ImportMode>("skip");
  const [started, setStarted] = useState<{ importId: string; jobId: string | null; errors: string[] } | null>(
    null,
  );
  const [refusal, setRefusal] = useState<unknown>(null);
  const upload = useUploadContacts();
  const queryClient = useQueryClient();
  const refreshContacts = useRefreshContacts();
  // The import started here, or else the workspace's latest (to undo it or fetch its rejects later).
  const latest = useImports().data?.[0];
  const record = useImport(started?.importId ?? latest?.id ?? null).data;
  const running = record?.status === "queued" || record?.status === "running";
  const job = useJob(running ? (record?.jobId ?? null) : null).data;

  // A job's import is told once, when it ends; the lists then show its contacts.
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!record || !started?.jobId || announced.current === record.id) return;
    if (record.status === "completed") {
      announced.current = record.id;
      void refreshContacts();
      toast({ title: "Success", description: `${CONTACT_MESSAGES.uploaded}: ${importCounts(record)}.` });
    } else if (record.status === "failed") {
      announced.current = record.id;
      toast({
        title: "Upload Failed",
        description: record.error ?? CONTACT_MESSAGES.uploadFailed,
        variant: "destructive",
      });
    }
  }, [record, started?.jobId, refreshContacts]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!chosen.name.toLowerCase().endsWith(".csv")) {
      setFile(null);
      setFileError(CSV_ONLY);
      toast({ title: "Invalid File", description: CSV_ONLY, variant: "destructive" });
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    setFileError(null);
    setFile(chosen);
  };

  const start = () => {
    if (!file) {
      setFileError(CSV_ONLY);
      return;
    }
    setRefusal(null);
    upload.mutate(
      { file, mode },
      {
        onSuccess: (answer: ContactImportResponse) => {
          const { importId: _importId, errors, ...out } = answer;
          queryClient.setQueryData(importQueryOptions(answer.id).queryKey, out);
          setStarted({ importId: answer.id, jobId: answer.jobId, errors });
          if (answer.status === "completed") {
            announced.current = answer.id;
            toast({
              title: "Success",
              description: `${CONTACT_MESSAGES.uploaded}: ${importCounts(answer)}.`,
            });
          } else if (answer.status === "failed") {
            announced.current = answer.id;
            toast({
              title: "Upload Failed",
              description: answer.error ?? CONTACT_MESSAGES.uploadFailed,
              variant: "destructive",
            });
          } else {
            toast({
              title: "Import Started",
              description: `${file.name} is being imported in the background; you can keep working.`,
            });
          }
          setFile(null);
          if (fileInput.current) fileInput.current.value = "";
        },
        onError: (error) => {
          if (isPlanRefusal(error)) {
            setRefusal(error);
            return;
          }
          toastError("Upload Failed", CONTACT_MESSAGES.uploadFailed, error);
        },
      },
    );
  };

  const progress = job?.progress;
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileUp className="size-5 text-primary" aria-hidden />
          Upload Contacts
        </CardTitle>
        <CardDescription>
          A .csv file with a header row: Name, Phone, Email, Company, Notes, or any other contact field. A
          contact with the same phone number or email is a duplicate.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,16rem)] sm:items-end">
          <div className="grid gap-1.5">
            <span className="text-sm font-medium leading-none" id={`${id}-file-label`}>
              CSV file
            </span>
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <input
                ref={fileInput}
                id={`${id}-file`}
                type="file"
                accept=".csv,text/csv"
                className="sr-only"
                aria-labelledby={`${id}-file-label`}
                aria-describedby={fileError ? `${id}-file-error` : undefined}
                onChange={(event) => choose(event.target.files?.[0])}
              />
              <Button variant="outline" onClick={() => fileInput.current?.click()}>
                <Upload aria-hidden />
                Choose CSV File
              </Button>
              <span className="min-w-0 text-sm text-muted-foreground wrap-anywhere" data-testid="chosen-file">
                {file ? file.name : "No file chosen"}
              </span>
            </div>
            {fileError ? (
              <p id={`${id}-file-error`} className="text-xs text-destructive" role="alert">
                {fileError}
              </p>
            ) : null}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-mode`}>When a contact already exists</Label>
            <NativeSelect
              id={`${id}-mode`}
              value={mode}
              onChange={(event) => setMode(event.target.value as ImportMode)}
            >
              {IMPORT_MODES.map((value) => (
                <option key={value} value={value}>
                  {MODE_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <div>
          <Button onClick={start} disabled={!file || upload.isPending || running}>
            <Upload aria-hidden />
            {upload.isPending ? "Uploading..." : "Upload"}
          </Button>
        </div>
        {refusal ? <PlanLimitAlert error={refusal} /> : null}
        {running ? (
          <div className="grid gap-2" role="status" aria-live="polite">
            <Progress
              value={progress?.total ? (progress.done / progress.total) * 100 : 0}
              aria-label="Rows imported"
            />
            <p className="text-sm text-muted-foreground">
              {progress?.total
                ? `${progress.done.toLocaleString()} of ${progress.total.toLocaleString()} rows read`
                : "Waiting to start..."}
            </p>
          </div>
        ) : null}
        {record && !running ? (
          <ImportResult
            record={record}
            errors={started?.importId === record.id ? started.errors : []}
            latest={started?.importId !== record.id}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
