import { ENQUIRY_FAILED, EnterpriseEnquiryRequest, type EnterprisePlanId } from "@common/enterprise";
import { ENTERPRISE_PLANS, UNLIMITED } from "@common/plans";
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
import { serverMessage, toast } from "../../../lib/toast";
import { useSendEnquiry } from "../api/send-enquiry";

/** "1,000 calls" or "unlimited calls": short enough for the plan picker. */
const callsLabel = (calls: number) =>
  calls === UNLIMITED ? "unlimited calls" : `${calls.toLocaleString("en-US")} calls`;

export type EnquiryDefaults = { name: string; email: string; company: string; phoneNumber: string };

type Form = EnquiryDefaults & { planId: EnterprisePlanId; expectedConcurrentCalls: string; message: string };

/**
 * The contact-sales form: checked against the shared contract before it is
 * sent, the server's messages shown by field, stored for the platform administrator. Prefilled
 * with what the account knows about the person.
 */
export function ContactSalesDialog({
  open,
  onOpenChange,
  planId,
  defaults,
  onSent,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  planId: EnterprisePlanId;
  defaults: EnquiryDefaults;
  onSent: (message: string) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Contact Sales</DialogTitle>
          <DialogDescription>
            Tell us about your calling needs. Our sales team will get back to you within one business day.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted per opening: each opening starts from the chosen plan and the account's details. */}
        {open ? (
          <EnquiryForm
            planId={planId}
            defaults={defaults}
            onCancel={() => onOpenChange(false)}
            onSent={(message) => {
              onOpenChange(false);
              onSent(message);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EnquiryForm({
  planId,
  defaults,
  onCancel,
  onSent,
}: {
  planId: EnterprisePlanId;
  defaults: EnquiryDefaults;
  onCancel: () => void;
  onSent: (message: string) => void;
}) {
  const { form, errors, setErrors, text } = useFieldForm<Form>(() => ({
    ...defaults,
    planId,
    expectedConcurrentCalls: "",
    message: "",
  }));
  const send = useSendEnquiry();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      ...form,
      expectedConcurrentCalls: form.expectedConcurrentCalls.trim()
        ? form.expectedConcurrentCalls.trim()
        : null,
    };
    const parsed = EnterpriseEnquiryRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    send.mutate(
      { ...form, expectedConcurrentCalls: parsed.data.expectedConcurrentCalls },
      {
        onSuccess: (answer) => {
          toast({ title: "Request Sent", description: answer.message });
          onSent(answer.message);
        },
        onError: (error) => {
          const byField = serverFieldErrors(error);
          if (Object.keys(byField).length) setErrors(byField);
          toast({
            title: "Request Failed",
            description: serverMessage(error) ?? ENQUIRY_FAILED,
            variant: "destructive",
          });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-3" aria-label="Contact sales">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" error={errors.name}>
          {(props) => <Input {...props} autoComplete="name" value={form.name} onChange={text("name")} />}
        </Field>
        <Field label="Work email" error={errors.email}>
          {(props) => (
            <Input {...props} type="email" autoComplete="email" value={form.email} onChange={text("email")} />
          )}
        </Field>
        <Field label="Company" error={errors.company}>
          {(props) => (
            <Input {...props} autoComplete="organization" value={form.company} onChange={text("company")} />
          )}
        </Field>
        <Field label="Phone (optional)" error={errors.phoneNumber}>
          {(props) => (
            <Input
              {...props}
              type="tel"
              autoComplete="tel"
              value={form.phoneNumber}
              onChange={text("phoneNumber")}
            />
          )}
        </Field>
        <Field label="Plan" error={errors.planId}>
          {(props) => (
            <NativeSelect {...props} value={form.planId} onChange={text("planId")}>
              {ENTERPRISE_PLANS.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.name} ({callsLabel(plan.concurrentCalls)})
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Concurrent calls (optional)" error={errors.expectedConcurrentCalls}>
          {(props) => (
            <Input
              {...props}
              inputMode="numeric"
              value={form.expectedConcurrentCalls}
              onChange={text("expectedConcurrentCalls")}
            />
          )}
        </Field>
      </div>
      <Field label="Message (optional)" error={errors.message}>
        {(props) => (
          <Textarea {...props} rows={4} maxLength={2000} value={form.message} onChange={text("message")} />
        )}
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? "Sending..." : "Send Request"}
        </Button>
      </DialogFooter>
    </form>
  );
}
