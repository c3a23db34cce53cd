import { DEFAULT_HOURLY_CAP, type EmailSettings, EmailSettingsUpdate, MAX_HOURLY_CAP } from "@common/email";
import { Loader2, Save } from "lucide-react";
import type * as React from "react";
import { useEffect } from "react";
import { RoleNote } from "../../../components/forms/role-note";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { useWorkspace } from "../../../lib/auth/use-workspace";
import { fieldErrors, serverFieldErrors } from "../../../lib/forms/field-errors";
import { useFieldForm } from "../../../lib/forms/use-field-form";
import { toast, toastError } from "../../../lib/toast";
import { useEmailSettings, useSaveEmailSettings } from "../api/settings";

type Form = { postalAddress: string; fromName: string; fromEmail: string; hourlyCap: string };
const formOf = (settings: EmailSettings | undefined): Form => ({
  postalAddress: settings?.postalAddress ?? "",
  fromName: settings?.fromName ?? "",
  fromEmail: settings?.fromEmail ?? "",
  hourlyCap: String(settings?.hourlyCap ?? DEFAULT_HOURLY_CAP),
});

/**
 * The sender's details every marketing email carries (compliance): the postal address
 * (required before the first campaign), the From name and address, and the hourly cap.
 */
export function SenderDetailsCard() {
  const settings = useEmailSettings();
  // Templates and sender details are an admin's to change (the server refuses an agent).
  const manage = useWorkspace().can("admin");
  const save = useSaveEmailSettings();
  const { form, setForm, errors, setErrors, text } = useFieldForm<Form>(() => formOf(settings.data));
  useEffect(() => {
    if (settings.data) setForm(formOf(settings.data));
  }, [settings.data, setForm]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      postalAddress: form.postalAddress,
      fromName: form.fromName,
      fromEmail: form.fromEmail.trim(),
      hourlyCap: form.hourlyCap.trim() === "" ? undefined : form.hourlyCap.trim(),
    };
    const parsed = EmailSettingsUpdate.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    save.mutate(body, {
      onSuccess: () =>
        toast({ title: "Sender Details Saved", description: "Your campaigns will carry them." }),
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        toastError("Save Failed", "Unable to save the sender details. Please try again.", error);
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sender Details</CardTitle>
        <CardDescription>
          Every marketing email shows your postal address and an unsubscribe link; campaigns need the address.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {manage ? null : <RoleNote least="admin" className="mb-3" />}
        <form className="grid gap-3" onSubmit={submit} noValidate>
          <fieldset disabled={!manage} className="contents">
            <Field label="Postal address" error={errors.postalAddress}>
              {(props) => (
                <Textarea
                  {...props}
                  rows={2}
                  maxLength={500}
                  value={form.postalAddress}
                  placeholder="Bay Plumbing, 12 Main St, Orlando, FL 32801"
                  onChange={text("postalAddress")}
                />
              )}
            </Field>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="From name" error={errors.fromName}>
                {(props) => (
                  <Input {...props} maxLength={120} value={form.fromName} onChange={text("fromName")} />
                )}
              </Field>
              <Field label="From email" error={errors.fromEmail}>
                {(props) => (
                  <Input
                    {...props}
                    type="email"
                    value={form.fromEmail}
                    placeholder="hello@yourbusiness.com"
                    onChange={text("fromEmail")}
                  />
                )}
              </Field>
            </div>
            <Field
              label="Emails per hour at most"
              error={errors.hourlyCap}
              hint={`1 to ${MAX_HOURLY_CAP.toLocaleString()}`}
            >
              {(props) => (
                <Input {...props} inputMode="numeric" value={form.hourlyCap} onChange={text("hourlyCap")} />
              )}
            </Field>
            <Button type="submit" variant="outline" disabled={save.isPending || !settings.data}>
              {save.isPending ? (
                <Loader2 className="size-4 animate-spin" aria-hidden />
              ) : (
                <Save className="size-4" aria-hidden />
              )}
              Save Sender Details
            </Button>
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
}
