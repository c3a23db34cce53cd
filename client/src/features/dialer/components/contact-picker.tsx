import { Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { cn } from "../../../lib/cn";
import { useDialableContacts } from "../api/get-lead-manager-contacts";
import { plural } from "../labels";

/** Every contact with a phone number, or the ones ticked. */
export type ContactChoice = { kind: "all" } | { kind: "chosen"; ids: string[] };

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The lead manager's contacts to import into a campaign: all who have a phone number, or the
 * ones chosen from a list searched and paged on the server.
 */
export function ContactPicker({
  value,
  onChange,
  active,
}: {
  value: ContactChoice;
  onChange: (choice: ContactChoice) => void;
  /** Only loads once its tab is shown. */
  active: boolean;
}) {
  const searchId = useId();
  const [draft, setDraft] = useState("");
  const [search, setSearch] = useState("");
  const { query, contacts, total } = useDialableContacts(search, active);
  const chosen = value.kind === "chosen" ? value.ids : [];

  useEffect(() => {
    if (draft === search) return;
    const timer = window.setTimeout(() => setSearch(draft), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, search]);

  const toggle = (id: string, on: boolean) =>
    onChange({ kind: "chosen", ids: on ? [...chosen, id] : chosen.filter((other) => other !== id) });

  return (
    <div className="grid gap-3">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Contacts to import</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="contact-choice"
            checked={value.kind === "all"}
            onChange={() => onChange({ kind: "all" })}
          />
          Every contact with a phone number{query.data && !search ? ` (${total.toLocaleString()})` : ""}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="contact-choice"
            checked={value.kind === "chosen"}
            onChange={() => onChange({ kind: "chosen", ids: chosen })}
          />
          The contacts I choose{chosen.length ? ` (${chosen.length.toLocaleString()} chosen)` : ""}
        </label>
      </fieldset>
      {value.kind === "chosen" ? (
        <div className="grid gap-2">
          <Label htmlFor={searchId}>Search contacts</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              id={searchId}
              type="search"
              className="pl-9"
              placeholder="Name, number, email or company..."
              maxLength={200}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
          </div>
          {query.isPending ? (
            <p className="text-sm text-muted-foreground">Loading contacts...</p>
          ) : query.isError && !query.data ? (
            <p role="alert" className="text-sm text-destructive">
              The contacts could not be loaded.{" "}
              <Button variant="link" className="h-auto p-0" onClick={() => query.refetch()}>
                Try again
              </Button>
            </p>
          ) : contacts.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {search.trim()
                ? "No contact with a phone number matches."
                : "No contacts with a phone number yet."}
            </p>
          ) : (
            <>
              <ul
                aria-label="Contacts"
                className={cn(
                  "grid max-h-56 divide-y overflow-y-auto rounded-md border",
                  query.isPlaceholderData && "opacity-60",
                )}
              >
                {contacts.map((contact) => {
                  const boxId = `${searchId}-${contact.id}`;
                  return (
                    <li key={contact.id} className="flex items-center gap-2 px-3 py-2">
                      <Checkbox
                        id={boxId}
                        checked={chosen.includes(contact.id)}
                        onCheckedChange={(on) => toggle(contact.id, on === true)}
                      />
                      <Label htmlFor={boxId} className="grid min-w-0 gap-0.5 font-normal">
                        <span className="font-medium wrap-anywhere">{contact.name}</span>
                        <span className="text-xs text-muted-foreground wrap-anywhere">
                          {contact.phoneNumber}
                          {contact.company ? ` · ${contact.company}` : ""}
                        </span>
                      </Label>
                    </li>
                  );
                })}
              </ul>
              <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
                <span aria-live="polite">
                  Showing {contacts.length.toLocaleString()} of {plural(total, "contact")}
                </span>
                {query.hasNextPage ? (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => query.fetchNextPage()}
                    disabled={query.isFetchingNextPage}
                  >
                    {query.isFetchingNextPage ? "Loading..." : "Load more"}
                  </Button>
                ) : null}
              </div>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
