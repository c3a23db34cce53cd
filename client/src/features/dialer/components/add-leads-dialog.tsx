import {
  type Campaign,
  DIALER_MESSAGES,
  LEADS_REQUIRED,
  type LeadsAddResult as LeadsResult,
} from "@common/dialer";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { segmentChoiceLabel, useSegments } from "../../../lib/shared-api/segments";
import { serverMessage } from "../../../lib/toast";
import { useAddLeads } from "../api/add-leads";
import { useAddSegmentLeads } from "../api/add-segment-leads";
import { useImportLeads } from "../api/import-leads";
import { toastFailure, toastSuccess } from "../labels";
import { type ContactChoice, ContactPicker } from "./contact-picker";
import { LeadsResultSummary } from "./leads-result";

type Source = "text" | "lead-manager" | "segment";

const EXAMPLE_LINES =
  "(555) 201-4400, Ada, Lovelace, Analytical Ltd, ada@example.com\n+1 555 201 4401, Grace, Hopper";

/**
 * Add-leads dialog: a campaign and text lines "phone, first name, last name, company,
 * email", contacts imported from the lead manager, or a saved segment's contacts. The server
 * reads every line and says which it could not take, and why.
 */
export function AddLeadsDialog({
  open,
  onOpenChange,
  campaigns,
  campaignId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  campaigns: Campaign[];
  /** The campaign chosen to begin with. */
  campaignId: string | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {open ? <AddLeadsForm campaigns={campaigns} initialCampaignId={campaignId} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddLeadsForm({
  campaigns,
  initialCampaignId,
}: {
  campaigns: Campaign[];
  initialCampaignId: string | null;
}) {
  const [campaignId, setCampaignId] = useState(initialCampaignId ?? "");
  const [source, setSource] = useState<Source>("text");
  const [text, setText] = useState("");
  const [choice, setChoice] = useState<ContactChoice>({ kind: "all" });
  const [segmentId, setSegmentId] = useState("");
  const [segmentResult, setSegmentResult] = useState<string | null>(null);
  const segments = useSegments({ enabled: source === "segment" });
  const fromSegment = useAddSegmentLeads();
  const [problem, setProblem] = useState<string | undefined>();
  const [result, setResult] = useState<LeadsResult | null>(null);
  const add = useAddLeads();
  const importer = useImportLeads();
  const pending = add.isPending || importer.isPending || fromSegment.isPending;
  const lineCount = text.split("\n").filter((line) => line.trim()).length;

  const failed = (fallback: string) => (error: unknown) => {
    setProblem(serverMessage(error) ?? fallback);
    toastFailure(fallback, error);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setResult(null);
    if (!campaignId || (source === "text" && !text.trim())) {
      setProblem(LEADS_REQUIRED);
      return;
    }
    if (source === "lead-manager" && choice.kind === "chosen" && choice.ids.length === 0) {
      setProblem("Choose at least one contact to import");
      return;
    }
    if (source === "segment" && !segmentId) {
      setProblem("Choose a saved segment");
      return;
    }
    setProblem(undefined);
    setSegmentResult(null);
    if (source === "segment") {
      fromSegment.mutate(
        { campaignId, segmentId },
        {
          onSuccess: (answer) => {
            setSegmentResult(
              answer.status === "completed"
                ? answer.message
                : `Adding ${answer.total.toLocaleString()} contacts in the background: the Contacts screen shows the progress, and can undo it.`,
            );
            toastSuccess(DIALER_MESSAGES.imported);
          },
          onError: failed(DIALER_MESSAGES.importFailed),
        },
      );
    } else if (source === "text") {
      add.mutate(
        { campaignId, body: { text } },
        {
          onSuccess: (answer) => {
            setResult(answer);
            // What was taken is done; the rejected lines stay for the person to correct.
            setText(answer.rejected.length ? rejectedLines(text, answer) : "");
            toastSuccess(DIALER_MESSAGES.leadsAdded);
          },
          onError: failed(DIALER_MESSAGES.addLeadsFailed),
        },
      );
    } else {
      importer.mutate(
        { campaignId, body: choice.kind === "all" ? {} : { contactIds: choice.ids } },
        {
          onSuccess: (answer) => {
            setResult(answer);
            setChoice({ kind: "all" });
            toastSuccess(DIALER_MESSAGES.imported);
          },
          onError: failed(DIALER_MESSAGES.importFailed),
        },
      );
    }
  };

  return (
    <form className="grid min-w-0 gap-4" onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>Add Leads</DialogTitle>
        <DialogDescription>
          Numbers on a do-not-call list are kept but never dialled; a number already in the campaign is
          skipped.
        </DialogDescription>
      </DialogHeader>
      <Field label="Campaign *" error={!campaignId && problem ? problem : undefined}>
        {(props) => (
          <NativeSelect
            {...props}
            value={campaignId}
            onChange={(event) => {
              setCampaignId(event.target.value);
              setProblem(undefined);
            }}
            aria-required
          >
            <option value="">Choose a campaign</option>
            {campaigns.map((campaign) => (
              <option key={campaign.id} value={campaign.id}>
                {campaign.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>

      <Tabs
        value={source}
        onValueChange={(value) => {
          setSource(value as Source);
          setProblem(undefined);
          setResult(null);
        }}
        className="min-w-0"
      >
        <TabsList className="grid h-auto w-full grid-cols-3" aria-label="Where the leads come from">
          <TabsTrigger value="text">Paste Leads</TabsTrigger>
          <TabsTrigger value="lead-manager">From Lead Manager</TabsTrigger>
          <TabsTrigger value="segment">From a Segment</TabsTrigger>
        </TabsList>
        <TabsContent value="text" className="grid gap-2">
          <Field
            label="Lead lines"
            error={campaignId ? problem : undefined}
            hint={`One lead a line: phone, first name, last name, company, email.${lineCount ? ` ${lineCount.toLocaleString()} ${lineCount === 1 ? "line" : "lines"}.` : ""}`}
          >
            {(props) => (
              <Textarea
                {...props}
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  setProblem(undefined);
                }}
                rows={8}
                className="font-mono text-xs"
                placeholder={EXAMPLE_LINES}
                spellCheck={false}
              />
            )}
          </Field>
        </TabsContent>
        <TabsContent value="lead-manager" className="grid gap-2">
          <ContactPicker value={choice} onChange={setChoice} active={source === "lead-manager"} />
          {campaignId && problem ? (
            <p role="alert" className="text-xs text-destructive">
              {problem}
            </p>
          ) : null}
        </TabsContent>
        <TabsContent value="segment" className="grid gap-2">
          <Field
            label="Saved segment"
            error={campaignId ? problem : undefined}
            hint="Its contacts with a phone number become leads; the Contacts screens keep the segments."
          >
            {(props) => (
              <NativeSelect
                {...props}
                value={segmentId}
                onChange={(event) => {
                  setSegmentId(event.target.value);
                  setProblem(undefined);
                }}
              >
                <option value="">{segments.isPending ? "Loading segments..." : "Choose a segment"}</option>
                {(segments.data ?? []).map((segment) => (
                  <option key={segment.id} value={segment.id}>
                    {segmentChoiceLabel(segment)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </TabsContent>
      </Tabs>

      {result ? <LeadsResultSummary result={result} /> : null}
      {segmentResult ? (
        <p role="status" className="rounded-md bg-muted px-3 py-2 text-sm">
          {segmentResult}
        </p>
      ) : null}

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            {result ? "Done" : "Cancel"}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending
            ? source === "text"
              ? "Adding..."
              : "Importing..."
            : source === "text"
              ? "Add Leads"
              : source === "segment"
                ? "Add Segment"
                : "Import Leads"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The lines the server rejected, as typed, so they can be corrected and sent again. */
function rejectedLines(text: string, result: LeadsResult): string {
  const lines = text.split("\n");
  return result.rejected
    .map((reject) => lines[reject.line - 1])
    .filter((line): line is string => line !== undefined)
    .join("\n");
}
