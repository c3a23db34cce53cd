import { CONTACT_MESSAGES, type Contact } from "@common/contacts";
import { Download, History, Plus, Star, Users } from "lucide-react";
import { useCallback, useId, useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Switch } from "../../components/ui/switch";
import { saveFile } from "../../lib/download";
import { toast, toastError } from "../../lib/toast";
import { useExportContacts } from "./api/export-contacts";
import type { ContactFilters } from "./api/get-contacts";
import { useUpdateContact } from "./api/update-contact";
import { ContactHistoryDialog } from "./components/contact-history-dialog";
import { ContactRowLayout, type ContactRowProps, ContactTable } from "./components/contact-table";
import { DeleteContactDialog } from "./components/delete-contact-dialog";
import { ImportPanel } from "./components/import-panel";
import { ManagerContactDialog } from "./components/manager-contact-dialog";
import { ManagerFilters } from "./components/manager-filters";
import { SegmentsPanel } from "./components/segments-panel";
import { DoNotCallSection } from "./do-not-call/do-not-call-section";
import { hasFilters, segmentFilterOf } from "./filters";
import { STATUS_LABELS, sourceLabel } from "./labels";

/**
 * /contact-manager: the list with search, filters and sort (all on the server), upload
 * with the import result, export, the add dialog with the full form, favourite and do-not-call;
 * then the workspace's do-not-call list.
 */
export function ContactManagerPage() {
  const [filters, setFilters] = useState<ContactFilters>({ sort: "newest" });
  const exporter = useExportContacts();
  const [dialog, setDialog] = useState<{ open: boolean; contact: Contact | null }>({
    open: false,
    contact: null,
  });
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [viewing, setViewing] = useState<Contact | null>(null);
  const onFilters = useCallback(
    (change: Partial<ContactFilters>) => setFilters((current) => ({ ...current, ...change })),
    [],
  );

  const exportCsv = () =>
    exporter.mutate(filters, {
      onSuccess: ({ blob, filename }) => {
        saveFile(blob, filename);
        toast({
          title: "Export Complete",
          description: `${hasFilters(filters) ? "The contacts shown were" : "Your contacts were"} saved to ${filename}.`,
        });
      },
      onError: (error) => toastError("Export Failed", CONTACT_MESSAGES.exportFailed, error),
    });

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Contact Manager</h1>
          <p className="text-muted-foreground">Upload, filter and export your contacts</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={exportCsv} disabled={exporter.isPending}>
            <Download aria-hidden />
            {exporter.isPending ? "Exporting..." : "Export CSV"}
          </Button>
          <Button onClick={() => setDialog({ open: true, contact: null })}>
            <Plus aria-hidden />
            Add Contact
          </Button>
        </div>
      </div>

      <ImportPanel />

      <SegmentsPanel
        current={filters.segment}
        onShow={(segment) => onFilters({ segment })}
        fromFilters={segmentFilterOf(filters)}
      />

      <ContactTable
        title="Contacts"
        icon={Users}
        filters={filters}
        toolbar={<ManagerFilters filters={filters} onChange={onFilters} />}
        empty={{
          found: "Try another search or fewer filters.",
          none: "Add a contact, or upload a CSV file of them.",
        }}
        renderRow={(row) => <ManagerRow {...row} onHistory={() => setViewing(row.contact)} />}
        onEdit={(contact) => setDialog({ open: true, contact })}
        onDelete={setDeleting}
      />

      <DoNotCallSection />

      <ManagerContactDialog
        open={dialog.open}
        contact={dialog.contact}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
      <DeleteContactDialog contact={deleting} onClose={() => setDeleting(null)} />
      <ContactHistoryDialog contact={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

/** Favourite, name and company, number and email, status, source and tags; do-not-call and history. */
function ManagerRow({
  onHistory,
  ...props
}: ContactRowProps & {
  /** Opens the contact's calls, each with what it came to. */
  onHistory: () => void;
}) {
  const { contact } = props;
  const id = useId();
  const update = useUpdateContact();
  const toggle = (change: { isFavorite: boolean } | { doNotCall: boolean }, done: string) =>
    update.mutate(
      { id: contact.id, change },
      {
        onSuccess: () => toast({ title: "Contact Updated", description: done }),
        onError: (error) => toastError("Update Failed", CONTACT_MESSAGES.updateFailed, error),
      },
    );
  return (
    <ContactRowLayout
      {...props}
      lead={
        <Button
          variant="ghost"
          size="icon"
          className="-my-1.5 shrink-0"
          aria-pressed={contact.isFavorite}
          aria-label={`Favourite ${contact.name}`}
          disabled={update.isPending}
          onClick={() =>
            toggle(
              { isFavorite: !contact.isFavorite },
              contact.isFavorite
                ? `${contact.name} is no longer a favourite.`
                : `${contact.name} is a favourite.`,
            )
          }
        >
          <Star
            className={contact.isFavorite ? "fill-amber-400 text-amber-500" : "text-muted-foreground"}
            aria-hidden
          />
        </Button>
      }
      details={
        <div className="grid min-w-0 gap-1">
          <p className="font-medium wrap-anywhere">
            <span>{contact.name}</span>
            {contact.company ? (
              <span className="font-normal text-muted-foreground"> · {contact.company}</span>
            ) : null}
          </p>
          <p className="text-sm text-muted-foreground wrap-anywhere">
            {[contact.phoneNumber, contact.email].filter(Boolean).join(" · ") || "No phone or email"}
          </p>
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge variant="outline">{STATUS_LABELS[contact.contactStatus]}</Badge>
            <Badge variant="outline">{sourceLabel(contact.leadSource)}</Badge>
            {contact.doNotCall ? <Badge variant="warning">Do not call</Badge> : null}
            {contact.tags.length ? (
              <ul aria-label={`Tags of ${contact.name}`} className="contents">
                {contact.tags.map((tag) => (
                  <li key={tag}>
                    <Badge variant="secondary" className="max-w-full whitespace-normal wrap-anywhere">
                      {tag}
                    </Badge>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      }
      actions={
        <>
          <div className="mr-2 flex items-center gap-2">
            <Switch
              id={`${id}-dnc`}
              checked={contact.doNotCall}
              disabled={update.isPending}
              aria-label={`Do not call ${contact.name}`}
              onCheckedChange={(checked) =>
                toggle(
                  { doNotCall: checked },
                  checked
                    ? `${contact.name} is on the do-not-call list.`
                    : `${contact.name} can be called again.`,
                )
              }
            />
            <label htmlFor={`${id}-dnc`} className="text-sm">
              Do not call
            </label>
          </div>
          <Button
            variant="outline"
            size="sm"
            onClick={onHistory}
            aria-label={`Call history of ${contact.name}`}
          >
            <History aria-hidden />
            History
          </Button>
        </>
      }
    />
  );
}
