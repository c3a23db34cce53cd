import { type ContactImportResponse, CSV_COLUMNS, IMPORT_FAILED, NO_CSV_DATA } from "@common/business";
import { FileUp, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/input";
import { isPlanRefusal } from "../../../components/upgrade-required";
import { serverMessage, toast } from "../../../lib/toast";
import { useImportContacts } from "../api/import-contacts";

/** Spec 2 §5 CSV import: a .csv file or pasted rows with the columns Name, Phone, Email, Company, Notes. */
export function CsvImport({ onRefused }: { onRefused: (error: unknown) => void }) {
  const [csv, setCsv] = useState("");
  const [fileName, setFileName] = useState<string | null>(null);
  const [result, setResult] = useState<ContactImportResponse | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const importer = useImportContacts();

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
        setResult(answer);
        toast({
          title: "Import Complete",
          description: `Imported ${answer.imported} contact${answer.imported === 1 ? "" : "s"}${answer.errors.length ? `, ${answer.errors.length} row${answer.errors.length === 1 ? "" : "s"} skipped` : ""}.`,
        });
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
          <Button onClick={submit} disabled={importer.isPending}>
            {importer.isPending ? "Importing..." : "Import Contacts"}
          </Button>
        </div>
        {result ? (
          <div role="status" className="rounded-md border p-3 text-sm">
            <p className="font-medium">
              {result.imported} contact{result.imported === 1 ? "" : "s"} imported.
            </p>
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
