import {
  CAMPAIGN_FAILED,
  type CampaignResult,
  type EmailStats,
  MISSING_INFORMATION_TITLE,
  NO_RECIPIENTS,
  PREVIEW_LIMIT,
  PREVIEW_SHOWN,
  type PreviewLeadsResult,
  SELECT_TEMPLATE,
  TARGET_AUDIENCES,
  type TargetAudience,
  TEMPLATE_PREVIEW_SETUP_CHARS,
  TEST_EMAIL_FAILED,
  TEST_EMAIL_SENT_TITLE,
  TEST_NEEDS_TEMPLATE_AND_EMAIL,
} from "@common/email";
import { Eye, Loader2, Mail, Send } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { RoleNote } from "../../../components/forms/role-note";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Checkbox } from "../../../components/ui/checkbox";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { useWorkspace } from "../../../lib/auth/use-workspace";
import { useSegments } from "../../../lib/shared-api/segments";
import { toast, toastError } from "../../../lib/toast";
import { usePreviewLeads } from "../api/audience";
import { useSendCampaign, useSendTest } from "../api/sending";
import { useEmailSettings } from "../api/settings";
import { useTemplates } from "../api/templates";
import { enumLabel } from "../labels";
import { previewOf, templateText } from "../preview-text";
import { audienceOf, batchSizeOf, type CampaignForm, delayMsOf, maxRecipientsOf } from "./campaign-form";
import { SenderDetailsCard } from "./sender-details-card";

const AUDIENCE_LABELS: Record<TargetAudience, string> = {
  all: "All contacts",
  business: "Business contacts",
  individual: "Individual contacts",
};

/**
 * Create Campaign: the template (its text previewed to 300 characters), the
 * audience, a preview of the first ten recipients (five shown), a test email and the campaign,
 * which a background job sends; the page follows it and tells the result.
 */
export function CreateCampaignTab({
  stats,
  form,
  onChange,
  sendingCampaign,
  onCampaignStarted,
  onShowTemplates,
}: {
  stats: EmailStats | undefined;
  form: CampaignForm;
  onChange: (form: CampaignForm) => void;
  /** The campaign the page is following, when one is sending. */
  sendingCampaign: React.ReactNode;
  onCampaignStarted: (result: CampaignResult) => void;
  onShowTemplates: () => void;
}) {
  const templates = useTemplates();
  const segments = useSegments();
  const settings = useEmailSettings();
  const preview = usePreviewLeads();
  const sendTest = useSendTest();
  const sendCampaign = useSendCampaign();
  // Sending tests and campaigns is an admin's (the server refuses an agent).
  const manage = useWorkspace().can("admin");
  const [previewed, setPreviewed] = useState<PreviewLeadsResult | null>(null);
  const set = (key: keyof CampaignForm) => (event: { target: { value: string } }) => {
    onChange({ ...form, [key]: event.target.value });
    if (key !== "testEmail" && key !== "templateId") setPreviewed(null);
  };
  const template = templates.data?.find((t) => t.id === form.templateId);
  const noPostalAddress = settings.data !== undefined && !settings.data.postalAddress;

  const runPreview = () =>
    preview.mutate(
      { ...audienceOf(form), limit: PREVIEW_LIMIT },
      {
        onSuccess: setPreviewed,
        onError: (error) =>
          toastError("Preview Failed", "Failed to preview recipients. Please try again.", error),
      },
    );

  const runTest = () => {
    if (!template || !form.testEmail.trim()) {
      toast({
        title: MISSING_INFORMATION_TITLE,
        description: TEST_NEEDS_TEMPLATE_AND_EMAIL,
        variant: "destructive",
      });
      return;
    }
    // The merge fields are filled as for the first previewed recipient, when there is one.
    const sample = previewed?.leads[0]?.personalization;
    sendTest.mutate(
      {
        templateId: template.id,
        testEmail: form.testEmail.trim(),
        personalization: sample ?? {},
      },
      {
        onSuccess: (result) => toast({ title: TEST_EMAIL_SENT_TITLE, description: result.message }),
        onError: (error) => toastError("Test Email Failed", TEST_EMAIL_FAILED, error),
      },
    );
  };

  const runCampaign = () => {
    if (!template) {
      toast({ title: MISSING_INFORMATION_TITLE, description: SELECT_TEMPLATE, variant: "destructive" });
      return;
    }
    sendCampaign.mutate(
      {
        templateId: template.id,
        ...audienceOf(form),
        limit: maxRecipientsOf(form),
        batchSize: batchSizeOf(form),
        delayBetweenBatches: delayMsOf(form),
        trackOpens: form.trackOpens,
        trackClicks: form.trackClicks,
      },
      {
        onSuccess: onCampaignStarted,
        onError: (error) => toastError("Campaign Failed", CAMPAIGN_FAILED, error),
      },
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Campaign Setup</CardTitle>
          <CardDescription>Choose the email and who receives it</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Field label="Email template">
            {(props) => (
              <NativeSelect {...props} value={form.templateId} onChange={set("templateId")}>
                <option value="">{templates.isLoading ? "Loading templates..." : "Select a template"}</option>
                {templates.data?.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          {templates.data?.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No templates yet.{" "}
              <button type="button" className="text-primary underline" onClick={onShowTemplates}>
                Create one
              </button>{" "}
              or write one with the AI Email Wizard.
            </p>
          ) : null}
          {template ? (
            <div
              className="grid gap-1 rounded-md border bg-muted/40 p-3 text-sm"
              data-testid="template-setup-preview"
            >
              <p>
                <span className="font-medium">Subject:</span> {template.subject}
              </p>
              <p className="break-words text-muted-foreground">
                {previewOf(templateText(template), TEMPLATE_PREVIEW_SETUP_CHARS)}
              </p>
            </div>
          ) : null}
          <Field
            label="Segment"
            hint="A saved segment or audience from the contacts screens; the choices below narrow it further."
          >
            {(props) => (
              <NativeSelect {...props} value={form.segmentId} onChange={set("segmentId")}>
                <option value="">Every contact</option>
                {(segments.data ?? []).map((segment) => (
                  <option key={segment.id} value={segment.id}>
                    {segment.name} ({segment.withEmail.toLocaleString()} with an email)
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Target audience">
              {(props) => (
                <NativeSelect {...props} value={form.targetAudience} onChange={set("targetAudience")}>
                  {TARGET_AUDIENCES.map((value) => (
                    <option key={value} value={value}>
                      {AUDIENCE_LABELS[value]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="Industry">
              {(props) => (
                <NativeSelect {...props} value={form.industry} onChange={set("industry")}>
                  <option value="">All industries</option>
                  {stats?.topIndustries.map(({ industry, count }) => (
                    <option key={industry} value={industry}>
                      {enumLabel(industry)} ({count})
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="City">
              {(props) => (
                <NativeSelect {...props} value={form.city} onChange={set("city")}>
                  <option value="">All cities</option>
                  {stats?.topCities.map(({ city, count }) => (
                    <option key={city} value={city}>
                      {city} ({count})
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="State">
              {(props) => (
                <Input {...props} value={form.state} maxLength={2} placeholder="FL" onChange={set("state")} />
              )}
            </Field>
          </div>
          <div className="grid grid-cols-3 gap-2">
            <Field label="Max recipients">
              {(props) => (
                <Input
                  {...props}
                  inputMode="numeric"
                  value={form.maxRecipients}
                  onChange={set("maxRecipients")}
                />
              )}
            </Field>
            <Field label="Batch size">
              {(props) => (
                <Input {...props} inputMode="numeric" value={form.batchSize} onChange={set("batchSize")} />
              )}
            </Field>
            <Field label="Batch delay (s)">
              {(props) => (
                <Input
                  {...props}
                  inputMode="decimal"
                  value={form.delaySeconds}
                  onChange={set("delaySeconds")}
                />
              )}
            </Field>
          </div>
          <Button type="button" variant="outline" onClick={runPreview} disabled={preview.isPending}>
            {preview.isPending ? (
              <Loader2 className="size-4 animate-spin" aria-hidden />
            ) : (
              <Eye className="size-4" aria-hidden />
            )}
            Preview Leads
          </Button>
          {previewed ? <RecipientPreview result={previewed} /> : null}
        </CardContent>
      </Card>

      <div className="grid min-w-0 content-start gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Send Test Email</CardTitle>
            <CardDescription>
              See the email in an inbox first. Merge fields are filled as for the first previewed recipient.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <Field label="Test email address">
              {(props) => (
                <Input
                  {...props}
                  type="email"
                  autoComplete="email"
                  value={form.testEmail}
                  placeholder="you@example.com"
                  onChange={set("testEmail")}
                />
              )}
            </Field>
            <Button
              type="button"
              variant="outline"
              onClick={runTest}
              disabled={!manage || sendTest.isPending}
            >
              {sendTest.isPending ? (
                <Loader2 className="size-4 animate-spin" aria-hidden />
              ) : (
                <Mail className="size-4" aria-hidden />
              )}
              Send Test
            </Button>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Send Campaign</CardTitle>
            <CardDescription>
              Up to {maxRecipientsOf(form).toLocaleString()} recipients, {batchSizeOf(form)} at a time,{" "}
              {delayMsOf(form) / 1000} s apart. Unsubscribed and bounced addresses are left out.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Tracking</legend>
              {(
                [
                  ["trackOpens", "Track opens (a tiny image in the email)"],
                  ["trackClicks", "Track clicks (links pass through this platform)"],
                ] as const
              ).map(([key, label]) => (
                <div key={key} className="flex items-center gap-2">
                  <Checkbox
                    id={`campaign-${key}`}
                    checked={form[key]}
                    onCheckedChange={(on) => onChange({ ...form, [key]: on === true })}
                  />
                  <Label htmlFor={`campaign-${key}`} className="font-normal">
                    {label}
                  </Label>
                </div>
              ))}
            </fieldset>
            {noPostalAddress ? (
              <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                Add your postal address in Sender Details below: every marketing email must carry it.
              </p>
            ) : null}
            {manage ? null : (
              <RoleNote least="admin">Only a workspace admin or owner can send tests and campaigns.</RoleNote>
            )}
            <Button type="button" onClick={runCampaign} disabled={!manage || sendCampaign.isPending}>
              {sendCampaign.isPending ? (
                <Loader2 className="size-4 animate-spin" aria-hidden />
              ) : (
                <Send className="size-4" aria-hidden />
              )}
              Send Campaign
            </Button>
            {sendingCampaign}
          </CardContent>
        </Card>

        <SenderDetailsCard />
      </div>
    </div>
  );
}

/** Ten recipients previewed, five shown, and how many match in all. */
function RecipientPreview({ result }: { result: PreviewLeadsResult }) {
  const shown = result.leads.slice(0, PREVIEW_SHOWN);
  return (
    <section aria-label="Recipient preview" className="grid gap-2">
      <p className="text-sm font-medium" data-testid="preview-total">
        {result.totalMatched.toLocaleString()}{" "}
        {result.totalMatched === 1 ? "contact matches" : "contacts match"}
        {result.totalMatched > shown.length ? `; the first ${shown.length} shown` : ""}
      </p>
      {shown.length ? (
        <ul className="grid gap-1 text-sm">
          {shown.map((lead) => {
            const p = lead.personalization;
            const place = [p.city, p.state].filter(Boolean).join(", ");
            return (
              <li key={lead.email} className="rounded-md border p-2">
                <p className="break-all font-medium">{lead.email}</p>
                <p className="text-muted-foreground">
                  {[p.firstName, p.businessName, place].filter(Boolean).join(" · ") || "No merge details"}
                </p>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{NO_RECIPIENTS}</p>
      )}
    </section>
  );
}
