import { CONTACT_MESSAGES, type Contact, ContactCreate } from "@common/contacts";
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
import { Input, Textarea } from "../../../components/ui/input";
import { isPlanRefusal } from "../../../components/upgrade-required";
import { toast, toastError } from "../../../lib/toast";
import { useCreateContact } from "../api/create-contact";
import { useUpdateContact } from "../api/update-contact";
import { fieldErrors, serverFieldErrors } from "../form-errors";
import { PlanLimitAlert } from "./plan-limit-alert";

type FormState = { name: string; phoneNumber: string; email: string; notes: string };

const fromContact = (contact: Contact | null): FormState => ({
  name: contact?.name ?? "",
  phoneNumber: contact?.phoneNumber ?? "",
  email: contact?.email ?? "",
  notes: contact?.notes ?? "",
});

/**
 * "Contacts screen form": name (required), phone, email and notes, to add a contact or
 * edit one. The spec's screen has no error handler here; this one shows the server's message.
 */
export function ContactDialog({
  open,
  contact,
  onOpenChange,
}: {
  open: boolean;
  /** null adds a new contact. */
  contact: Contact | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open ? (
          <ContactForm key={contact?.id ?? "new"} contact={contact} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ContactForm({ contact, onDone }: { contact: Contact | null; onDone: () => void }) {
  const [form, setForm] = useState<FormState>(() => fromContact(contact));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<unknown>(null);
  const create = useCreateContact();
  const update = useUpdateContact();
  const editing = contact !== null;
  const pending = create.isPending || update.isPending;

  const set = (key: keyof FormState) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [key]: event.target.value }));
    setErrors((current) => {
      const { [key]: _gone, ...rest } = current;
      return rest;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ContactCreate.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    const failed = (fallback: string) => (error: unknown) => {
      if (isPlanRefusal(error)) {
        setRefusal(error);
        return;
      }
      setErrors(serverFieldErrors(error));
      toastError("Error", fallback, error);
    };
    if (contact) {
      update.mutate(
        { id: contact.id, change: form },
        {
          onSuccess: (saved) => {
            toast({ title: "Contact Updated", description: `${saved.name} was saved.` });
            onDone();
          },
          onError: failed(CONTACT_MESSAGES.updateFailed),
        },
      );
    } else {
      create.mutate(form, {
        onSuccess: () => {
          toast({ title: "Success", description: CONTACT_MESSAGES.added });
          onDone();
        },
        onError: failed(CONTACT_MESSAGES.addFailed),
      });
    }
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{editing ? "Edit Contact" : "Add New Contact"}</DialogTitle>
        <DialogDescription>
          {editing ? "Change the details and save." : "Only the name is required."}
        </DialogDescription>
      </DialogHeader>
      <Field label="Name" error={errors.name}>
        {(props) => (
          <Input {...props} autoComplete="off" maxLength={200} value={form.name} onChange={set("name")} />
        )}
      </Field>
      <Field label="Phone number" error={errors.phoneNumber}>
        {(props) => (
          <Input
            {...props}
            type="tel"
            autoComplete="off"
            maxLength={40}
            placeholder="(555) 201-3344"
            value={form.phoneNumber}
            onChange={set("phoneNumber")}
          />
        )}
      </Field>
      <Field label="Email" error={errors.email}>
        {(props) => (
          <Input
            {...props}
            type="email"
            autoComplete="off"
            maxLength={254}
            placeholder="name@example.com"
            value={form.email}
            onChange={set("email")}
          />
        )}
      </Field>
      <Field label="Notes" error={errors.notes}>
        {(props) => (
          <Textarea {...props} rows={3} maxLength={5000} value={form.notes} onChange={set("notes")} />
        )}
      </Field>
      {refusal ? <PlanLimitAlert error={refusal} /> : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : editing ? "Save Changes" : "Add Contact"}
        </Button>
      </DialogFooter>
    </form>
  );
}
