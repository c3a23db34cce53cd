import { CSV_COLUMNS, IMPORT_FAILED, NO_CSV_DATA } from "@common/business";
import { useQueryClient } from "@tanstack/react-query";
import { FileUp, Upload } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/input";
import { Progress } from "../../../components/ui/progress";
import { isPlanRefusal } from "../../../components/upgrade-required";
import { useJob } from "../../../lib/shared-api/get-job";
import { serverMessage, toast } from "../../../lib/toast";
import {
  businessImportQueryOptions,
  isUnfinished,
  useBusinessImport,
  useBusinessImportRejects,
} from "../api/get-import";
import { useImportContacts } from "../api/import-contacts";

/** What the result shows: the spec's import answer. */
type ImportResult = { imported: number; errors: string[] };

const plural = (n: number, what: string) => `${n.toLocaleString("en-US")} ${what}${n === 1 ? "" : "s"}`;

function announce(result: ImportResult) {
  toast({
    title: "Import Complete",
    description: `Imported ${plural(result.imported, "contact")}${result.errors.length ? `, ${plural(result.errors.length, "row")} skipped` : ""}.`,
  });
}

/**
 * A large file's import, queued as a job (202): its progress from the job, its counts from the
 * import when it ends, then its first refused rows. Told once, when it ends.
 */
function useFollowedImport(following: { importId: string; jobId: string | null } | null) {
  const queryClient = useQueryClient();
  const record = useBusinessImport(following?.importId ?? null).data;
  const running = Boolean(following) && isUnfinished(record);
  const job = useJob(running ? (following?.jobId ?? null) : null).data;
  const completed = record?.status === "completed";
  const rejects = useBusinessImportRejects(
    following?.importId ?? null,
    completed && (record?.rejected ?? 0) > 0,
  ).data;
  const [result, setResult] = useState<ImportResult | null>(null);
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (!record || told.current === record.id) return;
    if (record.status === "completed") {
      if (record.rejected > 0 && !rejects) return;
      told.current = record.id;
      const done = { imported: record.imported, errors: rejects ?? [] };
      setResult(done);
      announce(done);
      void queryClient.invalidateQueries({ queryKey: ["/api/contacts"] });
    } else if (record.status === "failed") {
      told.current = record.id;
      toast({ title: "Import Failed", description: record.error ?? IMPORT_FAILED, variant: "destructive" });
    }
  }, [record, rejects, queryClient]);
  return { running, progress: job?.progress, total: record?.totalRows ?? 0, result };
}

/** CSV import: a .csv file or pasted rows with the columns Name, Phone, Email, Company, Notes. */
export function CsvImport({ onRefused }: { onRefused: (error: unknown) => void }) {
  const [csv, setCsv] = useState("");
  const [fileName, setFileName] = useState<string | null>(null);
  const [answered, setAnswered] = useState<ImportResult | null>(null);
  const [following, setFollowing] = useState<{ importId: string; jobId: string | null } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const importer = useImportContacts();
  const queryClient = useQueryClient();
  const followed = useFollowedImport(following);
  const result = following ? followed.result : answered;
  const busy = importer.isPending || followed.running;

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (!file.name.toLowerCase().endsWith(".csv")) {
      toast({ title: "Invalid File", description: "Please select a CSV file", variant: "destructive" });
      return;
    }
    setFileName(file.name);
    setCsv(await file.text());
  };

  const submit = () => {
    if (!csv.trim()) {
      const [title, description] = NO_CSV_DATA.split(" - ");
      toast({ title: title ?? "No Data", description: description ?? NO_CSV_DATA, variant: "destructive" });
      return;
    }
    importer.mutate(csv, {
      onSuccess: (answer) => {
        if (answer.status === "queued" || answer.status === "running") {
          // A large file: the server imports it in the background (202); follow its job.
          setAnswered(null);
          // The answer is the import as it stands: shown at once, then re-read until it ends.
          const { importId: _importId, errors: _errors, ...record } = answer;
          queryClient.setQueryData(businessImportQueryOptions(answer.id).queryKey, record);
          setFollowing({ importId: answer.id, jobId: answer.jobId });
          toast({
            title: "Import Started",
            description: `${plural(answer.totalRows, "row")} are being imported in the background; you can keep working.`,
          });
          return;
        }
        setFollowing(null);
        const done = { imported: answer.imported, errors: answer.errors };
        setAnswered(done);
        announce(done);
      },
      onError: (error) => {
        if (isPlanRefusal(error)) return onRefused(error);
        toast({
          title: "Import Failed",
          description: serverMessage(error) ?? IMPORT_FAILED,
          variant: "destructive",
        });
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 font-semibold leading-none tracking-tight">
          <FileUp className="size-5" aria-hidden />
          CSV Import
        </h2>
        <CardDescription>
          Columns: {CSV_COLUMNS.join(", ")}. A header row may list them in any order; without one, that order
          is used.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            aria-label="CSV file"
            onChange={(event) => void readFile(event.target.files?.[0])}
          />
          <Button variant="outline" onClick={() => fileInput.current?.click()}>
            <Upload aria-hidden />
            Choose CSV File
          </Button>
          <span className="text-sm text-muted-foreground">{fileName ?? "No file chosen"}</span>
        </div>
        <Field label="Or paste CSV data">
          {(props) => (
            <Textarea
              {...props}
              rows={6}
              className="font-mono text-xs"
              placeholder={
                "Name,Phone,Email,Company,Notes\nAnn Lee,(555) 201-3344,ann@example.com,Lee Inc,VIP"
              }
              value={csv}
              onChange={(event) => {
                setCsv(event.target.value);
                setFileName(null);
              }}
            />
          )}
        </Field>
        <div>
          <Button onClick={submit} disabled={busy}>
            {busy ? "Importing..." : "Import Contacts"}
          </Button>
        </div>
        {following && followed.running ? (
          <div className="grid gap-1.5" data-testid="import-progress">
            <Progress
              aria-label="Import progress"
              value={followed.progress?.total ? (followed.progress.done / followed.progress.total) * 100 : 0}
            />
            <p role="status" className="text-sm text-muted-foreground">
              {followed.progress?.message ?? `${plural(followed.total, "row")} waiting to be imported`}
            </p>
          </div>
        ) : null}
        {result ? (
          <div role="status" className="rounded-md border p-3 text-sm">
            <p className="font-medium">{plural(result.imported, "contact")} imported.</p>
            {result.errors.length ? (
              <ul className="mt-2 list-disc pl-5 text-muted-foreground">
                {result.errors.slice(0, 20).map((line) => (
                  <li key={line}>{line}</li>
                ))}
                {result.errors.length > 20 ? <li>and {result.errors.length - 20} more</li> : null}
              </ul>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
