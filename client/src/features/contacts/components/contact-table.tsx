import type { Contact } from "@common/contacts";
import { type LucideIcon, Pencil, RefreshCw, SearchX, Trash2 } from "lucide-react";
import { Fragment, type ReactNode, useMemo } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Checkbox } from "../../../components/ui/checkbox";
import { cn } from "../../../lib/cn";
import { type ContactFilters, useContacts } from "../api/get-contacts";
import { hasFilters } from "../filters";
import { useContactSelection } from "../selection";
import { BulkControls } from "./bulk-controls";
import { LoadingList } from "./loading-list";

/** What the table hands each row: its contact, its tick, and the edit and delete every row offers. */
export type ContactRowProps = {
  contact: Contact;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
};

/**
 * The contacts list of /contacts and /contact-manager: the count, the screen's search or
 * filters, the bulk controls over a selection (rows ticked, or all matching), the list a page
 * at a time from the server with Load more, and its loading, failed and empty states. Each
 * screen gives its row (`renderRow`, laid out by `ContactRowLayout`) and its empty-state hints.
 */
export function ContactTable({
  title,
  icon: Icon,
  filters,
  toolbar,
  empty,
  renderRow,
  onEdit,
  onDelete,
}: {
  title: string;
  icon: LucideIcon;
  filters: ContactFilters;
  /** The search box or the filters, above the bulk controls. */
  toolbar: ReactNode;
  /** The empty state's hint when filters found nothing, and when there are no contacts at all. */
  empty: { found: string; none: string };
  renderRow: (row: ContactRowProps) => ReactNode;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
}) {
  const { query, contacts, total, estimated } = useContacts(filters);
  const shownIds = useMemo(() => contacts.map((contact) => contact.id), [contacts]);
  const selection = useContactSelection(filters, shownIds);
  const filtered = hasFilters(filters);

  return (
    <Card className="min-w-0">
      <CardHeader className="gap-4">
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2">
            <Icon className="size-5 text-primary" aria-hidden />
            {title}
          </CardTitle>
          {query.data ? (
            <Badge variant="secondary" data-testid="contact-count">
              {estimated ? "about " : ""}
              {total.toLocaleString()} {total === 1 ? "contact" : "contacts"}
            </Badge>
          ) : null}
        </div>
        {toolbar}
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
            <p className="font-semibold">{filtered ? "No contacts found" : "No contacts yet"}</p>
            <p className="text-sm text-muted-foreground">{filtered ? empty.found : empty.none}</p>
          </div>
        ) : (
          <>
            <ul
              aria-label="Contacts"
              className={cn("divide-y", query.isPlaceholderData && "opacity-60 transition-opacity")}
            >
              {contacts.map((contact) => (
                <Fragment key={contact.id}>
                  {renderRow({
                    contact,
                    selected: selection.isSelected(contact.id),
                    onSelect: (checked) => selection.toggle(contact.id, checked),
                    onEdit: () => onEdit(contact),
                    onDelete: () => onDelete(contact),
                  })}
                </Fragment>
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
  );
}

/**
 * A row's columns: the tick and what stands beside it (`lead`), the contact's `details`, then
 * the screen's `actions` before Edit and Delete. On a narrow screen the actions go under the
 * details.
 */
export function ContactRowLayout({
  contact,
  selected,
  onSelect,
  onEdit,
  onDelete,
  lead,
  details,
  actions,
}: ContactRowProps & { lead: ReactNode; details: ReactNode; actions?: ReactNode }) {
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)] gap-3 py-3 md:grid-cols-[auto_minmax(0,1fr)_auto] md:items-center">
      <div className="flex items-center gap-2 self-start">
        <Checkbox
          className="shrink-0"
          checked={selected}
          onCheckedChange={(checked) => onSelect(checked === true)}
          aria-label={`Select ${contact.name}`}
        />
        {lead}
      </div>
      <div className="min-w-0">{details}</div>
      <div className="col-start-2 flex flex-wrap items-center gap-2 md:col-start-3 md:justify-end">
        {actions}
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
