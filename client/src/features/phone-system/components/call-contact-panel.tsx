import { type BusinessNumber, CALL_FAILED, CALL_FAILED_TITLE } from "@common/phone-system";
import { PhoneOutgoing, Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { cn } from "../../../lib/cn";
import { toast, toastError } from "../../../lib/toast";
import { useBusinessCall } from "../api/mutations";
import { useContactSearch } from "../api/search-contacts";

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Click-to-call (POST /api/grasshopper/call): the server rings the user's own phone,
 * then the contact, who sees the business number as caller ID.
 */
export function CallContactPanel({ numbers }: { numbers: BusinessNumber[] }) {
  const searchId = useId();
  const [draft, setDraft] = useState("");
  const [search, setSearch] = useState("");
  const [numberId, setNumberId] = useState("");
  const contacts = useContactSearch(search);
  const call = useBusinessCall();
  const [calling, setCalling] = useState<string | null>(null);
  const active = numbers.filter((number) => number.isActive);

  useEffect(() => {
    if (draft === search) return;
    const timer = window.setTimeout(() => setSearch(draft), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, search]);

  const start = (contactId: string) => {
    setCalling(contactId);
    call.mutate(
      { contactId, ...(numberId ? { numberId } : {}) },
      {
        onSuccess: (result) => toast({ title: "Call Initiated", description: result.message }),
        onError: (error) => toastError(CALL_FAILED_TITLE, CALL_FAILED, error),
        onSettled: () => setCalling(null),
      },
    );
  };

  return (
    <div className="grid gap-3">
      {active.length > 1 ? (
        <Field label="Caller ID">
          {(props) => (
            <NativeSelect {...props} value={numberId} onChange={(event) => setNumberId(event.target.value)}>
              <option value="">The main number</option>
              {active.map((number) => (
                <option key={number.id} value={number.id}>
                  {number.number}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      ) : null}
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
      </div>
      {contacts.isPending ? (
        <p className="text-sm text-muted-foreground">Loading contacts...</p>
      ) : contacts.isError && !contacts.data ? (
        <p role="alert" className="text-sm text-destructive">
          The contacts could not be loaded.{" "}
          <Button variant="link" className="h-auto p-0" onClick={() => contacts.refetch()}>
            Try again
          </Button>
        </p>
      ) : contacts.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {search.trim() ? "No contact with a phone number matches." : "No contacts with a phone number yet."}
        </p>
      ) : (
        <ul
          aria-label="Contacts to call"
          className={cn("grid divide-y rounded-md border", contacts.isPlaceholderData && "opacity-60")}
        >
          {contacts.data.map((contact) => (
            <li key={contact.id} className="flex items-center justify-between gap-2 px-3 py-2">
              <div className="min-w-0">
                <p className="font-medium wrap-anywhere">{contact.name}</p>
                <p className="text-xs text-muted-foreground wrap-anywhere">{contact.phoneNumber}</p>
              </div>
              <Button
                size="sm"
                aria-label={`Call ${contact.name}`}
                disabled={call.isPending}
                aria-busy={calling === contact.id}
                onClick={() => start(contact.id)}
              >
                <PhoneOutgoing aria-hidden />
                Call
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
