import { CSV_ONLY, type DoNotCallImportResponse } from "@common/contacts";
import { FileUp, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { toast, toastError } from "../../../lib/toast";
import { useImportDoNotCall } from "./api/import-do-not-call";
import { MAX_IMPORT_BYTES, plural, TOO_LARGE } from "./labels";

/** Rejected lines listed on screen; the rest are counted. */
export const REJECTS_LISTED = 50;

/**
 * A CSV of numbers (.csv only, "Please select a CSV file"): the column named phone or number,
 * else the first. Sent as text; the answer says how many were added, how many were listed
 * already, and which lines were refused and why.
 */
export function ImportNumbers() {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<{ fileName: string; answer: DoNotCallImportResponse } | null>(null);
  const importer = useImportDoNotCall();

  const clearInput = () => {
    if (fileInput.current) fileInput.current.value = "";
  };

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const refusal = !chosen.name.toLowerCase().endsWith(".csv")
      ? CSV_ONLY
      : chosen.size > MAX_IMPORT_BYTES
        ? TOO_LARGE
        : null;
    if (refusal) {
      setFile(null);
      setFileError(refusal);
      toast({ title: "Invalid File", description: refusal, variant: "destructive" });
      clearInput();
      return;
    }
    setFileError(null);
    setFile(chosen);
  };

  const start = async () => {
    if (!file) {
      setFileError(CSV_ONLY);
      return;
    }
    let csvData: string;
    try {
      csvData = await file.text();
    } catch {
      setFileError("That file could not be read. Choose it again.");
      return;
    }
    importer.mutate(csvData, {
      onSuccess: (answer) => {
        setResult({ fileName: file.name, answer });
        setFile(null);
        clearInput();
        toast({
          title: "Import Complete",
          description: `${plural(answer.added, "number")} added, ${answer.alreadyListed.toLocaleString()} already listed, ${answer.rejected.length.toLocaleString()} rejected.`,
        });
      },
      onError: (error) => toastError("Import Failed", "The numbers could not be imported", error),
    });
  };

  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <span className="flex items-center gap-2 text-sm font-medium leading-none" id={`${id}-label`}>
          <FileUp className="size-4 text-primary" aria-hidden />
          Import a CSV of numbers
        </span>
        <p className="text-xs text-muted-foreground" id={`${id}-hint`}>
          The column named Phone or Number, else the first; one number a line also works.
        </p>
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            aria-labelledby={`${id}-label`}
            aria-describedby={fileError ? `${id}-error` : `${id}-hint`}
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <Button variant="outline" onClick={() => fileInput.current?.click()}>
            <Upload aria-hidden />
            Choose CSV File
          </Button>
          <span className="min-w-0 text-sm text-muted-foreground wrap-anywhere" data-testid="dnc-chosen-file">
            {file ? file.name : "No file chosen"}
          </span>
          <Button onClick={start} disabled={!file || importer.isPending}>
            {importer.isPending ? "Importing..." : "Import Numbers"}
          </Button>
        </div>
        {fileError ? (
          <p id={`${id}-error`} className="text-xs text-destructive" role="alert">
            {fileError}
          </p>
        ) : null}
      </div>
      {result ? <ImportSummary fileName={result.fileName} answer={result.answer} /> : null}
    </div>
  );
}

function ImportSummary({ fileName, answer }: { fileName: string; answer: DoNotCallImportResponse }) {
  const counts = [
    { key: "added", label: "Added", value: answer.added },
    { key: "already-listed", label: "Already listed", value: answer.alreadyListed },
    { key: "rejected", label: "Rejected", value: answer.rejected.length },
  ];
  const shown = answer.rejected.slice(0, REJECTS_LISTED);
  const title = `Import of ${fileName}`;
  return (
    <section
      aria-label={title}
      className="grid gap-3 rounded-md border p-3 text-sm"
      data-testid="dnc-import-result"
    >
      <h3 className="font-semibold wrap-anywhere">{title}</h3>
      <dl className="grid grid-cols-3 gap-2">
        {counts.map((count) => (
          <div key={count.key} className="min-w-0 rounded-md bg-muted/60 p-2">
            <dt className="text-xs text-muted-foreground">{count.label}</dt>
            <dd className="text-lg font-semibold" data-testid={`dnc-import-${count.key}`}>
              {count.value.toLocaleString()}
            </dd>
          </div>
        ))}
      </dl>
      {shown.length ? (
        <div className="grid gap-1.5">
          <h4 className="font-medium">Lines not imported</h4>
          <ul aria-label="Lines not imported" className="grid gap-1">
            {shown.map((reject) => (
              <li key={reject.line} className="wrap-anywhere">
                <span className="font-medium">Line {reject.line}</span>
                {reject.value ? <span className="text-muted-foreground"> ({reject.value})</span> : null}:{" "}
                {reject.reason}
              </li>
            ))}
          </ul>
          {answer.rejected.length > shown.length ? (
            <p className="text-muted-foreground">
              and {plural(answer.rejected.length - shown.length, "more line")} not imported.
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
