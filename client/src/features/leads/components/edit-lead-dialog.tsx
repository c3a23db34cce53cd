import {
  CONTACT_MESSAGES,
  CONTACT_STATUSES,
  type Contact,
  type ContactStatus,
  ContactUpdate,
  LEAD_SOURCES,
  type LeadSource,
} from "@common/contacts";
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
import { NativeSelect } from "../../../components/ui/native-select";
import { toast, toastError } from "../../../lib/toast";
import { useUpdateLead } from "../api/update-lead";
import { SOURCE_LABELS, STATUS_LABELS } from "../labels";

type FormState = {
  name: string;
  company: string;
  email: string;
  phoneNumber: string;
  address: string;
  website: string;
  industry: string;
  businessType: string;
  leadSource: LeadSource;
  leadScore: string;
  contactStatus: ContactStatus;
  notes: string;
};

const knownSource = (source: string): LeadSource =>
  (LEAD_SOURCES as readonly string[]).includes(source) ? (source as LeadSource) : "manual";

const fromLead = (lead: Contact): FormState => ({
  name: lead.name,
  company: lead.company ?? "",
  email: lead.email ?? "",
  phoneNumber: lead.phoneNumber ?? "",
  address: lead.address ?? "",
  website: lead.website ?? "",
  industry: lead.industry ?? "",
  businessType: lead.businessType ?? "",
  leadSource: knownSource(lead.leadSource),
  leadScore: String(lead.leadScore),
  contactStatus: lead.contactStatus,
  notes: lead.notes ?? "",
});

/** The form as the PUT body: every lead-side field and the id. */
const toBody = (lead: Contact, form: FormState) => ({
  id: lead.id,
  ...form,
  leadScore: form.leadScore.trim() === "" ? Number.NaN : Number(form.leadScore),
});

const issuesByField = (error: { issues: { path: PropertyKey[]; message: string }[] }) => {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
};

/** The edit-contact modal; every status may be chosen, in any order. */
export function EditLeadDialog({ lead, onClose }: { lead: Contact | null; onClose: () => void }) {
  return (
    <Dialog open={lead !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        {lead ? <EditLeadForm key={lead.id} lead={lead} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditLeadForm({ lead, onDone }: { lead: Contact; onDone: () => void }) {
  const [form, setForm] = useState<FormState>(() => fromLead(lead));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateLead();
  const text = (key: keyof FormState) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [key]: event.target.value }));
      setErrors(({ [key]: _gone, ...rest }) => rest);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = toBody(lead, form);
    const parsed = ContactUpdate.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    update.mutate(body, {
      onSuccess: (saved) => {
        toast({ title: CONTACT_MESSAGES.updated, description: `${saved.name} was saved.` });
        onDone();
      },
      onError: (error) => toastError("Update Failed", CONTACT_MESSAGES.updateFailed, error),
    });
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>Edit Contact</DialogTitle>
        <DialogDescription>Lead details, score and status of {lead.name}.</DialogDescription>
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
            <Input {...props} type="tel" autoComplete="off" maxLength={40} {...text("phoneNumber")} />
          )}
        </Field>
        <Field label="Email" error={errors.email}>
          {(props) => <Input {...props} type="email" autoComplete="off" maxLength={254} {...text("email")} />}
        </Field>
        <Field label="Address" error={errors.address}>
          {(props) => <Input {...props} autoComplete="off" maxLength={500} {...text("address")} />}
        </Field>
        <Field label="Website" error={errors.website}>
          {(props) => <Input {...props} autoComplete="off" maxLength={500} {...text("website")} />}
        </Field>
        <Field label="Industry" error={errors.industry}>
          {(props) => <Input {...props} autoComplete="off" maxLength={100} {...text("industry")} />}
        </Field>
        <Field label="Business type" error={errors.businessType}>
          {(props) => <Input {...props} autoComplete="off" maxLength={100} {...text("businessType")} />}
        </Field>
        <Field label="Status" error={errors.contactStatus}>
          {(props) => (
            <NativeSelect {...props} {...text("contactStatus")}>
              {CONTACT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Lead source" error={errors.leadSource}>
          {(props) => (
            <NativeSelect {...props} {...text("leadSource")}>
              {LEAD_SOURCES.map((source) => (
                <option key={source} value={source}>
                  {SOURCE_LABELS[source]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Lead score" error={errors.leadScore} hint="From 0 to 100.">
          {(props) => (
            <Input
              {...props}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              {...text("leadScore")}
            />
          )}
        </Field>
        <Field label="Notes" error={errors.notes} className="sm:col-span-2">
          {(props) => <Textarea {...props} rows={3} maxLength={5000} {...text("notes")} />}
        </Field>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </DialogFooter>
    </form>
  );
}
