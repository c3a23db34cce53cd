import type { Contact } from "@common/contacts";
import { nativeCallMessages } from "@common/telephony";
import { BookUser, Mail, Phone, Plus } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button, buttonVariants } from "../../components/ui/button";
import { followTelLink } from "../../lib/tel-link";
import { toast } from "../../lib/toast";
import { ContactDialog } from "./components/contact-dialog";
import { ContactSearch } from "./components/contact-search";
import { ContactRowLayout, type ContactRowProps, ContactTable } from "./components/contact-table";
import { DeleteContactDialog } from "./components/delete-contact-dialog";
import { SegmentsPanel } from "./components/segments-panel";
import { dialNumber } from "./dial-number";
import { segmentFilterOf } from "./filters";

/**
 * /contacts: a search box (name, phone and email, case-insensitive, on the server), the
 * list a page at a time, add and edit dialogs, and per contact call, email, edit and delete;
 * above the list the saved segments, one of which the list can show.
 */
export function ContactsPage() {
  const [search, setSearch] = useState("");
  const [segment, setSegment] = useState<string | undefined>();
  const filters = useMemo(() => ({ search, segment }), [search, segment]);
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

      <SegmentsPanel current={segment} onShow={setSegment} fromFilters={segmentFilterOf(filters)} />

      <ContactTable
        title="Your Contacts"
        icon={BookUser}
        filters={filters}
        toolbar={
          <search aria-label="Find contacts">
            <ContactSearch
              value={search}
              onSearch={onSearch}
              placeholder="Search by name, phone or email..."
            />
          </search>
        }
        empty={{
          found: "Try another name, number or email address.",
          none: "Add the people you call and who call you; your assistant knows them by name.",
        }}
        renderRow={(row) => <ContactRow {...row} />}
        onEdit={(contact) => setDialog({ open: true, contact })}
        onDelete={setDeleting}
      />

      <ContactDialog
        open={dialog.open}
        contact={dialog.contact}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
      <DeleteContactDialog contact={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

/** Initial, name, number, email and notes; call (a tel: link) and email where there is one. */
function ContactRow(props: ContactRowProps) {
  const { contact } = props;
  const number = dialNumber(contact);
  const call = () => {
    if (!number) return;
    followTelLink(`tel:${number}`);
    toast({ title: "Calling", description: nativeCallMessages.success(number) });
  };
  return (
    <ContactRowLayout
      {...props}
      lead={
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary"
          aria-hidden
        >
          {contact.name.trim().charAt(0).toUpperCase() || "?"}
        </span>
      }
      details={
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
      }
      actions={
        <>
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
        </>
      }
    />
  );
}
