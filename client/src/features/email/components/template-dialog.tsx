import {
  type EmailTemplate,
  EmailTemplateCreate,
  MERGE_FIELDS,
  TARGET_AUDIENCES,
  type TargetAudience,
} from "@common/email";
import { Loader2 } from "lucide-react";
import type * as React from "react";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { fieldErrors, serverFieldErrors } from "../../../lib/forms/field-errors";
import { useFieldForm } from "../../../lib/forms/use-field-form";
import { toast, toastError } from "../../../lib/toast";
import { useCreateTemplate } from "../api/create-template";
import { useUpdateTemplate } from "../api/templates";
import { enumLabel } from "../labels";

type Form = {
  name: string;
  subject: string;
  targetAudience: TargetAudience;
  textContent: string;
  htmlContent: string;
};
const formOf = (template: EmailTemplate | null): Form => ({
  name: template?.name ?? "",
  subject: template?.subject ?? "",
  targetAudience: template?.targetAudience ?? "all",
  textContent: template?.textContent ?? "",
  htmlContent: template?.htmlContent ?? "",
});

const MERGE_HINT = MERGE_FIELDS.map((field) => `{{${field}}}`).join(", ");

/** Create or edit a template: checked with the shared contract first, then by the server. */
export function TemplateDialog({
  template,
  open,
  onOpenChange,
}: {
  /** The template being edited; null creates one. */
  template: EmailTemplate | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {/* Mounted per opening, so the form starts from the template each time. */}
        {open ? <TemplateForm template={template} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TemplateForm({ template, onDone }: { template: EmailTemplate | null; onDone: () => void }) {
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const pending = create.isPending || update.isPending;
  const { form, errors, setErrors, text } = useFieldForm<Form>(
    () => formOf(template),
    (key) => (key === "htmlContent" ? ["textContent"] : []),
  );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = EmailTemplateCreate.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    const onError = (error: unknown) => {
      setErrors(serverFieldErrors(error));
      toastError("Save Failed", "Unable to save the template. Please try again.", error);
    };
    if (template)
      update.mutate(
        { id: template.id, ...form },
        {
          onSuccess: (saved) => {
            toast({ title: "Template Updated", description: `"${saved.name}" is saved.` });
            onDone();
          },
          onError,
        },
      );
    else
      create.mutate(form, {
        onSuccess: (saved) => {
          toast({ title: "Template Created", description: `"${saved.name}" is ready to send.` });
          onDone();
        },
        onError,
      });
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{template ? "Edit Template" : "Create Template"}</DialogTitle>
        <DialogDescription>
          Merge fields filled per recipient: {MERGE_HINT}; a fallback is written {"{{firstName|there}}"}.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Template name" error={errors.name}>
          {(props) => <Input {...props} maxLength={200} value={form.name} onChange={text("name")} />}
        </Field>
        <Field label="Target audience" error={errors.targetAudience}>
          {(props) => (
            <NativeSelect {...props} value={form.targetAudience} onChange={text("targetAudience")}>
              {TARGET_AUDIENCES.map((value) => (
                <option key={value} value={value}>
                  {enumLabel(value)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <Field label="Subject" error={errors.subject}>
        {(props) => (
          <Input
            {...props}
            maxLength={998}
            value={form.subject}
            placeholder="A quick idea for {{businessName|your business}}"
            onChange={text("subject")}
          />
        )}
      </Field>
      <Field label="Text content" error={errors.textContent}>
        {(props) => (
          <Textarea
            {...props}
            rows={7}
            value={form.textContent}
            placeholder={"Hi {{firstName|there}},\n\n..."}
            onChange={text("textContent")}
          />
        )}
      </Field>
      <Field
        label="HTML content (optional)"
        error={errors.htmlContent}
        hint="Scripts, forms and event handlers are removed; the text part is made from it when the text is empty."
      >
        {(props) => (
          <Textarea
            {...props}
            rows={5}
            className="font-mono text-xs"
            value={form.htmlContent}
            placeholder="<p>Hi {{firstName|there}},</p>"
            onChange={text("htmlContent")}
          />
        )}
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          {template ? "Save Template" : "Create Template"}
        </Button>
      </DialogFooter>
    </form>
  );
}
