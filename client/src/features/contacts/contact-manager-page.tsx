import { CONTACT_MESSAGES, type Contact } from "@common/contacts";
import type { SegmentFilterInput } from "@common/segments";
import { Download, History, Pencil, Plus, RefreshCw, SearchX, Star, Trash2, Users } from "lucide-react";
import { useCallback, useId, useMemo, useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Checkbox } from "../../components/ui/checkbox";
import { Switch } from "../../components/ui/switch";
import { cn } from "../../lib/cn";
import { saveFile } from "../../lib/download";
import { toast, toastError } from "../../lib/toast";
import { useExportContacts } from "./api/export-contacts";
import { type ContactFilters, useContacts } from "./api/get-contacts";
import { useUpdateContact } from "./api/update-contact";
import { BulkControls } from "./components/bulk-controls";
import { ContactHistoryDialog } from "./components/contact-history-dialog";
import { DeleteContactDialog } from "./components/delete-contact-dialog";
import { ImportPanel } from "./components/import-panel";
import { LoadingList } from "./components/loading-list";
import { ManagerContactDialog } from "./components/manager-contact-dialog";
import { ManagerFilters } from "./components/manager-filters";
import { SegmentsPanel } from "./components/segments-panel";
import { DoNotCallSection } from "./do-not-call/do-not-call-section";
import { STATUS_LABELS, sourceLabel } from "./labels";
import { useContactSelection } from "./selection";

/** The list's filters as a new segment's start (a segment keeps several statuses, sources and tags). */
function segmentFilterOf(filters: ContactFilters): Partial<SegmentFilterInput> {
  const filter: Partial<SegmentFilterInput> = {};
  if (filters.search?.trim()) filter.search = filters.search.trim();
  if (filters.tag?.trim()) filter.tags = [filters.tag.trim()];
  if (filters.status) filter.statuses = [filters.status];
  if (filters.source) filter.sources = [filters.source];
  if (filters.favorite !== undefined) filter.favorite = filters.favorite;
  if (filters.hasPhone !== undefined) filter.hasPhone = filters.hasPhone;
  if (filters.doNotCall !== undefined) filter.doNotCall = filters.doNotCall;
  return filter;
}

const hasFilters = (filters: ContactFilters) =>
  Boolean(
    filters.segment ||
      filters.search?.trim() ||
      filters.status ||
      filters.source ||
      filters.tag?.trim() ||
      filters.favorite !== undefined ||
      filters.hasPhone !== undefined,
  );

/**
 * /contact-manager: the list with search, filters and sort (all on the server), upload
 * with the import result, export, the add dialog with the full form, favourite and do-not-call;
 * then the workspace's do-not-call list.
 */
export function ContactManagerPage() {
  const [filters, setFilters] = useState<ContactFilters>({ sort: "newest" });
  const { query, contacts, total, estimated } = useContacts(filters);
  const shownIds = useMemo(() => contacts.map((contact) => contact.id), [contacts]);
  const selection = useContactSelection(filters, shownIds);
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

      <Card className="min-w-0">
        <CardHeader className="gap-4">
          <div className="flex items-center justify-between gap-2">
            <CardTitle className="flex items-center gap-2">
              <Users className="size-5 text-primary" aria-hidden />
              Contacts
            </CardTitle>
            {query.data ? (
              <Badge variant="secondary" data-testid="contact-count">
                {estimated ? "about " : ""}
                {total.toLocaleString()} {total === 1 ? "contact" : "contacts"}
              </Badge>
            ) : null}
          </div>
          <ManagerFilters filters={filters} onChange={onFilters} />
          <BulkControls selection={selection} shown={contacts.length} total={total} estimated={estimated} />
        </CardHeader>
        <CardContent aria-busy={query.isFetching}>
          {query.isPending ? (
            <LoadingList label="Loading contacts" />
          ) : query.isError && !query.data ? (
            <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
              <p className="font-semibold">Your contacts could not be loaded.</p>
              <Button variant="outline" onClick={() => query.refetch()}>
                <RefreshCw aria-hidden /> Try again
              </Button>
            </div>
          ) : contacts.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-10 text-center">
              <SearchX className="size-10 text-muted-foreground" aria-hidden />
              <p className="font-semibold">{hasFilters(filters) ? "No contacts found" : "No contacts yet"}</p>
              <p className="text-sm text-muted-foreground">
                {hasFilters(filters)
                  ? "Try another search or fewer filters."
                  : "Add a contact, or upload a CSV file of them."}
              </p>
            </div>
          ) : (
            <>
              <ul
                aria-label="Contacts"
                className={cn("divide-y", query.isPlaceholderData && "opacity-60 transition-opacity")}
              >
                {contacts.map((contact) => (
                  <ManagerRow
                    key={contact.id}
                    contact={contact}
                    selected={selection.isSelected(contact.id)}
                    onSelect={(checked) => selection.toggle(contact.id, checked)}
                    onEdit={() => setDialog({ open: true, contact })}
                    onDelete={() => setDeleting(contact)}
                    onHistory={() => setViewing(contact)}
                  />
                ))}
              </ul>
              <div className="flex flex-col items-center gap-2 border-t pt-4 text-sm text-muted-foreground">
                <p aria-live="polite">
                  Showing {contacts.length.toLocaleString()} of {estimated ? "about " : ""}
                  {total.toLocaleString()}
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
      </Card>

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

function ManagerRow({
  contact,
  selected,
  onSelect,
  onEdit,
  onDelete,
  onHistory,
}: {
  contact: Contact;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  /** Opens the contact's calls, each with what it came to. */
  onHistory: () => void;
}) {
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
    <li className="grid gap-3 py-3 md:grid-cols-[minmax(0,1fr)_auto] md:items-center">
      <div className="flex min-w-0 items-start gap-2">
        <Checkbox
          className="mt-1 shrink-0"
          checked={selected}
          onCheckedChange={(checked) => onSelect(checked === true)}
          aria-label={`Select ${contact.name}`}
        />
        <Button
          variant="ghost"
          size="icon"
          className="-mt-1.5 shrink-0"
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
      </div>
      <div className="flex flex-wrap items-center gap-2 pl-[4.25rem] md:justify-end md:pl-0">
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
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${contact.name}`}>
          <Pencil aria-hidden />
          Edit
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="text-destructive"
          onClick={onDelete}
          aria-label={`Delete ${contact.name}`}
        >
          <Trash2 aria-hidden />
          Delete
        </Button>
      </div>
    </li>
  );
}
