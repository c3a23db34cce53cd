import type { Contact } from "@common/contacts";
import { nativeCallMessages } from "@common/telephony";
import { BookUser, Mail, Pencil, Phone, Plus, RefreshCw, SearchX, Trash2 } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button, buttonVariants } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Checkbox } from "../../components/ui/checkbox";
import { cn } from "../../lib/cn";
import { followTelLink } from "../../lib/tel-link";
import { toast } from "../../lib/toast";
import { useContacts } from "./api/get-contacts";
import { BulkControls } from "./components/bulk-controls";
import { ContactDialog } from "./components/contact-dialog";
import { ContactSearch } from "./components/contact-search";
import { DeleteContactDialog } from "./components/delete-contact-dialog";
import { LoadingList } from "./components/loading-list";
import { dialNumber } from "./dial-number";
import { useContactSelection } from "./selection";

/**
 * /contacts: a search box (name, phone and email, case-insensitive, on the server), the
 * list a page at a time, add and edit dialogs, and per contact call, email, edit and delete.
 */
export function ContactsPage() {
  const [search, setSearch] = useState("");
  const filters = useMemo(() => ({ search }), [search]);
  const { query, contacts, total, estimated } = useContacts(filters);
  const shownIds = useMemo(() => contacts.map((contact) => contact.id), [contacts]);
  const selection = useContactSelection(filters, shownIds);
  const [dialog, setDialog] = useState<{ open: boolean; contact: Contact | null }>({
    open: false,
    contact: null,
  });
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const onSearch = useCallback((value: string) => setSearch(value), []);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Contacts</h1>
          <p className="text-muted-foreground">The people and businesses you talk to</p>
        </div>
        <Button onClick={() => setDialog({ open: true, contact: null })}>
          <Plus aria-hidden />
          Add Contact
        </Button>
      </div>

      <Card className="min-w-0">
        <CardHeader className="gap-4">
          <div className="flex items-center justify-between gap-2">
            <CardTitle className="flex items-center gap-2">
              <BookUser className="size-5 text-primary" aria-hidden />
              Your Contacts
            </CardTitle>
            {query.data ? (
              <Badge variant="secondary" data-testid="contact-count">
                {estimated ? "about " : ""}
                {total.toLocaleString()} {total === 1 ? "contact" : "contacts"}
              </Badge>
            ) : null}
          </div>
          <search aria-label="Find contacts">
            <ContactSearch
              value={search}
              onSearch={onSearch}
              placeholder="Search by name, phone or email..."
            />
          </search>
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
              <p className="font-semibold">{search.trim() ? "No contacts found" : "No contacts yet"}</p>
              <p className="text-sm text-muted-foreground">
                {search.trim()
                  ? "Try another name, number or email address."
                  : "Add the people you call and who call you; your assistant knows them by name."}
              </p>
            </div>
          ) : (
            <>
              <ul
                aria-label="Contacts"
                className={cn("divide-y", query.isPlaceholderData && "opacity-60 transition-opacity")}
              >
                {contacts.map((contact) => (
                  <ContactRow
                    key={contact.id}
                    contact={contact}
                    selected={selection.isSelected(contact.id)}
                    onSelect={(checked) => selection.toggle(contact.id, checked)}
                    onEdit={() => setDialog({ open: true, contact })}
                    onDelete={() => setDeleting(contact)}
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

      <ContactDialog
        open={dialog.open}
        contact={dialog.contact}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
      <DeleteContactDialog contact={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function ContactRow({
  contact,
  selected,
  onSelect,
  onEdit,
  onDelete,
}: {
  contact: Contact;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const number = dialNumber(contact);
  const call = () => {
    if (!number) return;
    followTelLink(`tel:${number}`);
    toast({ title: "Calling", description: nativeCallMessages.success(number) });
  };
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <Checkbox
          className="mt-3 shrink-0"
          checked={selected}
          onCheckedChange={(checked) => onSelect(checked === true)}
          aria-label={`Select ${contact.name}`}
        />
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary"
          aria-hidden
        >
          {contact.name.trim().charAt(0).toUpperCase() || "?"}
        </span>
        <div className="grid min-w-0 gap-0.5">
          <p className="font-medium wrap-anywhere">{contact.name}</p>
          {contact.phoneNumber ? (
            <p className="text-sm text-muted-foreground wrap-anywhere">{contact.phoneNumber}</p>
          ) : null}
          {contact.email ? (
            <p className="text-sm text-muted-foreground wrap-anywhere">{contact.email}</p>
          ) : null}
          {contact.notes ? (
            <p className="line-clamp-2 text-sm text-muted-foreground wrap-anywhere">{contact.notes}</p>
          ) : null}
          {contact.doNotCall ? (
            <Badge variant="warning" className="w-fit">
              Do not call
            </Badge>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2 sm:justify-end">
        {number && !contact.doNotCall ? (
          <Button variant="outline" size="sm" onClick={call} aria-label={`Call ${contact.name}`}>
            <Phone aria-hidden />
            Call
          </Button>
        ) : null}
        {contact.email ? (
          <a
            href={`mailto:${contact.email}`}
            className={buttonVariants({ variant: "outline", size: "sm" })}
            aria-label={`Email ${contact.name}`}
          >
            <Mail aria-hidden />
            Email
          </a>
        ) : null}
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
