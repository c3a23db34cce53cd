import { CONTACT_MESSAGES, type Contact } from "@common/contacts";
import { Eye, Phone } from "lucide-react";
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
import { serverMessage, toast } from "../../../lib/toast";
import { type CallPreview, usePreviewCall } from "../api/preview-call";

type Line = { id: number } & ({ kind: "preview"; preview: CallPreview } | { kind: "error"; text: string });

const openingLine = (lead: Contact) => {
  const first = lead.name.trim().split(/\s+/)[0] ?? lead.name;
  return `Hello, this is ${first}${lead.company ? ` at ${lead.company}` : ""}. Who's calling?`;
};

/**
 * Call-preview modal. Until AI agents exist it shows the call engine's reply to what the
 * contact says on answering; a failure is toasted (Preview Failed) and written into the panel.
 */
export function CallPreviewDialog({
  lead,
  calling,
  onCall,
  onClose,
}: {
  lead: Contact | null;
  calling: boolean;
  onCall: (lead: Contact) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={lead !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-xl">
        {lead ? <PreviewPanel key={lead.id} lead={lead} calling={calling} onCall={onCall} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PreviewPanel({
  lead,
  calling,
  onCall,
}: {
  lead: Contact;
  calling: boolean;
  onCall: (lead: Contact) => void;
}) {
  const [line, setLine] = useState(() => openingLine(lead));
  const [results, setResults] = useState<Line[]>([]);
  const [lineError, setLineError] = useState<string | undefined>();
  const preview = usePreviewCall();

  const run = (event: FormEvent) => {
    event.preventDefault();
    const text = line.trim();
    if (!text) {
      setLineError("Please enter what the contact says");
      return;
    }
    preview.mutate(
      { phoneNumber: lead.phoneE164 ?? lead.phoneNumber ?? "", line: text },
      {
        onSuccess: (result) =>
          setResults((current) => [
            { id: Date.now(), kind: "preview" as const, preview: result },
            ...current,
          ]),
        onError: (error) => {
          const message = serverMessage(error) ?? CONTACT_MESSAGES.previewFailed;
          setResults((current) => [{ id: Date.now(), kind: "error" as const, text: message }, ...current]);
          toast({ title: "Preview Failed", description: message, variant: "destructive" });
        },
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={run} noValidate>
      <DialogHeader>
        <DialogTitle>Call Preview: {lead.name}</DialogTitle>
        <DialogDescription>
          How your assistant answers when {lead.name} picks up. Nothing is dialled; the preview is kept among
          the test calls in Call History.
        </DialogDescription>
      </DialogHeader>
      <Field label="What the contact says" error={lineError}>
        {(props) => (
          <Textarea
            {...props}
            rows={2}
            maxLength={2000}
            value={line}
            onChange={(event) => {
              setLine(event.target.value);
              setLineError(undefined);
            }}
          />
        )}
      </Field>
      <section
        aria-label="Preview results"
        aria-live="polite"
        className="grid max-h-72 gap-2 overflow-y-auto"
      >
        {preview.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Asking the call engine...
          </p>
        ) : null}
        {results.length === 0 && !preview.isPending ? (
          <p className="rounded-md border border-dashed p-3 text-center text-sm text-muted-foreground">
            No preview yet.
          </p>
        ) : null}
        {results.map((result) =>
          result.kind === "error" ? (
            <p
              key={result.id}
              className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive wrap-anywhere"
              data-testid="preview-error"
            >
              Error: {result.text}
            </p>
          ) : (
            <div
              key={result.id}
              className="grid gap-2 rounded-md border p-3 text-sm"
              data-testid="preview-result"
            >
              <p className="wrap-anywhere">
                <span className="font-medium">{lead.name}:</span> {result.preview.line}
              </p>
              <p className="wrap-anywhere">
                <span className="font-medium">Assistant:</span>{" "}
                {result.preview.reply.response || "(no reply)"}
              </p>
              <p className="text-xs text-muted-foreground">
                Intent: {result.preview.reply.intent} · Urgency: {result.preview.reply.urgency}
                {result.preview.reply.classification ? ` · ${result.preview.reply.classification}` : ""}
              </p>
            </div>
          ),
        )}
      </section>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Close</Button>
        </DialogClose>
        <Button variant="outline" onClick={() => onCall(lead)} disabled={calling}>
          <Phone aria-hidden />
          {calling ? "Calling..." : "Call Now"}
        </Button>
        <Button type="submit" disabled={preview.isPending}>
          <Eye aria-hidden />
          {preview.isPending ? "Previewing..." : results.length ? "Test Again" : "Preview Call"}
        </Button>
      </DialogFooter>
    </form>
  );
}
