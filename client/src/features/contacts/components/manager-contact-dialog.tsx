import {
  CONTACT_MESSAGES,
  CONTACT_STATUSES,
  type Contact,
  ContactCreate,
  type ContactStatus,
  PREFERRED_CONTACT_METHODS,
  type PreferredContactMethod,
} from "@common/contacts";
import { type FormEvent, useId, useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
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
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { isPlanRefusal } from "../../../components/upgrade-required";
import { toast, toastError } from "../../../lib/toast";
import { useCreateContact } from "../api/create-contact";
import { useUpdateContact } from "../api/update-contact";
import { fieldErrors, serverFieldErrors } from "../form-errors";
import { METHOD_LABELS, STATUS_LABELS } from "../labels";
import { splitTags } from "../tags";
import { PlanLimitAlert } from "./plan-limit-alert";

/** "Contact form (manager screen)"; tags are typed comma-separated and shown as a list. */
type FormState = {
  name: string;
  phoneNumber: string;
  email: string;
  company: string;
  preferredContactMethod: PreferredContactMethod;
  address: string;
  notes: string;
  tags: string;
  industry: string;
  businessType: string;
  isFavorite: boolean;
  doNotCall: boolean;
  aiVoiceConsent: boolean;
  contactStatus: ContactStatus;
};

const fromContact = (contact: Contact | null): FormState => ({
  name: contact?.name ?? "",
  phoneNumber: contact?.phoneNumber ?? "",
  email: contact?.email ?? "",
  company: contact?.company ?? "",
  preferredContactMethod: contact?.preferredContactMethod ?? "phone",
  address: contact?.address ?? "",
  notes: contact?.notes ?? "",
  tags: contact?.tags.join(", ") ?? "",
  industry: contact?.industry ?? "",
  businessType: contact?.businessType ?? "",
  isFavorite: contact?.isFavorite ?? false,
  doNotCall: contact?.doNotCall ?? false,
  aiVoiceConsent: Boolean(contact?.aiVoiceConsentAt),
  contactStatus: contact?.contactStatus ?? "new",
});

/** Add a contact with every field of the manager form, or edit one. */
export function ManagerContactDialog({
  open,
  contact,
  onOpenChange,
}: {
  open: boolean;
  contact: Contact | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {open ? (
          <ManagerContactForm
            key={contact?.id ?? "new"}
            contact={contact}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ManagerContactForm({ contact, onDone }: { contact: Contact | null; onDone: () => void }) {
  const [form, setForm] = useState<FormState>(() => fromContact(contact));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<unknown>(null);
  const create = useCreateContact();
  const update = useUpdateContact();
  const id = useId();
  const editing = contact !== null;
  const pending = create.isPending || update.isPending;
  const tags = splitTags(form.tags);

  const change = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      const { [key]: _gone, ...rest } = current;
      return rest;
    });
  };
  const text = (key: keyof FormState) => ({
    value: form[key] as string,
    onChange: (event: { target: { value: string } }) => change(key, event.target.value as never),
  });

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
    const body = { ...form, tags };
    if (contact) {
      update.mutate(
        { id: contact.id, change: body },
        {
          onSuccess: (saved) => {
            toast({ title: "Contact Updated", description: `${saved.name} was saved.` });
            onDone();
          },
          onError: failed(CONTACT_MESSAGES.updateFailed),
        },
      );
    } else {
      create.mutate(body, {
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
        <DialogDescription>Only the name is required; an email must be a valid address.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.name}>
          {(props) => <Input {...props} autoComplete="off" maxLength={200} {...text("name")} />}
        </Field>
        <Field label="Company" error={errors.company}>
          {(props) => <Input {...props} autoComplete="off" maxLength={200} {...text("company")} />}
        </Field>
        <Field label="Phone number" error={errors.phoneNumber}>
          {(props) => (
            <Input
              {...props}
              type="tel"
              autoComplete="off"
              maxLength={40}
              placeholder="(555) 201-3344"
              {...text("phoneNumber")}
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
              {...text("email")}
            />
          )}
        </Field>
        <Field label="Preferred contact method" error={errors.preferredContactMethod}>
          {(props) => (
            <NativeSelect
              {...props}
              value={form.preferredContactMethod}
              onChange={(event) =>
                change("preferredContactMethod", event.target.value as PreferredContactMethod)
              }
            >
              {PREFERRED_CONTACT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {METHOD_LABELS[method]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Status" error={errors.contactStatus}>
          {(props) => (
            <NativeSelect
              {...props}
              value={form.contactStatus}
              onChange={(event) => change("contactStatus", event.target.value as ContactStatus)}
            >
              {CONTACT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Industry" error={errors.industry}>
          {(props) => <Input {...props} autoComplete="off" maxLength={100} {...text("industry")} />}
        </Field>
        <Field label="Business type" error={errors.businessType}>
          {(props) => <Input {...props} autoComplete="off" maxLength={100} {...text("businessType")} />}
        </Field>
        <Field label="Address" error={errors.address} className="sm:col-span-2">
          {(props) => <Input {...props} autoComplete="off" maxLength={500} {...text("address")} />}
        </Field>
        <div className="grid gap-1.5 sm:col-span-2">
          <Field label="Tags" error={errors.tags} hint="Separate tags with commas.">
            {(props) => (
              <Input {...props} autoComplete="off" placeholder="vip, florida, follow-up" {...text("tags")} />
            )}
          </Field>
          {tags.length ? (
            <ul aria-label="Tags to save" className="flex flex-wrap gap-1.5">
              {tags.map((tag) => (
                <li key={tag}>
                  <Badge variant="secondary" className="max-w-full whitespace-normal wrap-anywhere">
                    {tag}
                  </Badge>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <Field label="Notes" error={errors.notes} className="sm:col-span-2">
          {(props) => <Textarea {...props} rows={3} maxLength={5000} {...text("notes")} />}
        </Field>
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-favorite`}
            checked={form.isFavorite}
            onCheckedChange={(checked) => change("isFavorite", checked === true)}
          />
          <Label htmlFor={`${id}-favorite`}>Favourite</Label>
        </div>
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-dnc`}
            checked={form.doNotCall}
            onCheckedChange={(checked) => change("doNotCall", checked === true)}
          />
          <Label htmlFor={`${id}-dnc`}>Do not call</Label>
        </div>
        <div className="flex items-start gap-2 sm:col-span-2">
          <Checkbox
            id={`${id}-ai-consent`}
            checked={form.aiVoiceConsent}
            onCheckedChange={(checked) => change("aiVoiceConsent", checked === true)}
          />
          <Label htmlFor={`${id}-ai-consent`} className="leading-snug font-normal">
            Agreed to calls from an AI voice (the law asks for this before your assistant calls them)
          </Label>
        </div>
      </div>
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
