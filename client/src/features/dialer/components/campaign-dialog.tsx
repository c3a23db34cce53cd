import {
  ABANDON_CEILING_PERCENT,
  type Campaign,
  DIAL_RATIO_STEP,
  DIALER_MESSAGES,
  DIALING_MODE_LABELS,
  DIALING_MODES,
  DISPOSITIONS,
  type DialingMode,
  MAX_ATTEMPTS_LIMIT,
  MAX_DIAL_RATIO,
  MAX_LINES_LIMIT,
  MAX_WRAP_UP_SECONDS,
  MIN_DIAL_RATIO,
} from "@common/dialer";
import { type FormEvent, useState } from "react";
import { ErrorTabTrigger, NumberField } from "../../../components/forms/form-fields";
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
import { Tabs, TabsContent, TabsList } from "../../../components/ui/tabs";
import { type FieldErrors, serverFieldErrors } from "../../../lib/forms/field-errors";
import { useFieldForm } from "../../../lib/forms/use-field-form";
import { useScripts } from "../../../lib/shared-api/get-ai-scripts";
import { useCreateCampaign } from "../api/create-campaign";
import { useUpdateCampaign } from "../api/update-campaign";
import {
  type CampaignFormState,
  type CampaignTab,
  campaignFormState,
  checkCampaignForm,
  firstCampaignTab,
  tabOf,
} from "../campaign-form";
import { toastFailure, toastSuccess } from "../labels";
import { AiStaffingField } from "./ai-staffing-field";

const MODE_HINTS: Record<DialingMode, string> = {
  predictive: "Dials ahead of free agents and adapts to keep abandoned calls under the limit.",
  progressive: "One line for each available agent.",
  preview: "The agent sees the lead first and clicks to dial.",
  manual: "Agents dial each lead themselves.",
};

/**
 * Autodialer's create-campaign dialog (name, description, dialing mode, max lines,
 * dial ratio), with the pacing, hours and retry settings behind two more tabs; the same form edits a campaign.
 */
export function CampaignDialog({
  open,
  campaign,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  /** null creates a new campaign. */
  campaign: Campaign | null;
  onOpenChange: (open: boolean) => void;
  onCreated?: (campaign: Campaign) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {open ? (
          <CampaignForm
            key={campaign?.id ?? "new"}
            campaign={campaign}
            onDone={(saved) => {
              onOpenChange(false);
              if (!campaign) onCreated?.(saved);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CampaignForm({
  campaign,
  onDone,
}: {
  campaign: Campaign | null;
  onDone: (saved: Campaign) => void;
}) {
  const { form, errors, setErrors, set, text } = useFieldForm<CampaignFormState>(() =>
    campaignFormState(campaign),
  );
  const [tab, setTab] = useState<CampaignTab>("basics");
  const scripts = useScripts();
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const pending = create.isPending || update.isPending;

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const where = firstCampaignTab(found);
    if (where) setTab(where);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = checkCampaignForm(form);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    const failed = (fallback: string) => (error: unknown) => {
      const found = serverFieldErrors(error);
      if (Object.keys(found).length) showErrors(found);
      toastFailure(fallback, error);
    };
    if (campaign) {
      update.mutate(
        { id: campaign.id, change: checked.body },
        {
          onSuccess: (saved) => {
            toastSuccess(`Campaign ${saved.name} saved`);
            onDone(saved);
          },
          onError: failed("Failed to save campaign"),
        },
      );
    } else {
      create.mutate(checked.body, {
        onSuccess: (saved) => {
          toastSuccess(DIALER_MESSAGES.created);
          onDone(saved);
        },
        onError: failed(DIALER_MESSAGES.createFailed),
      });
    }
  };

  const tabHasError = (name: CampaignTab) => Object.keys(errors).some((path) => tabOf(path) === name);
  const problems = Object.keys(errors).length;

  return (
    <form className="grid min-w-0 gap-4" onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{campaign ? "Edit Campaign" : "Create Campaign"}</DialogTitle>
        <DialogDescription>
          {campaign
            ? "Changes apply from the dialer's next round."
            : "A new campaign starts paused: add leads, then press Start."}
        </DialogDescription>
      </DialogHeader>

      <Tabs value={tab} onValueChange={(value) => setTab(value as CampaignTab)} className="min-w-0">
        <TabsList className="grid h-auto w-full grid-cols-2 sm:grid-cols-4" aria-label="Campaign settings">
          <ErrorTabTrigger value="basics" label="Campaign" hasError={tabHasError("basics")} />
          <ErrorTabTrigger value="pacing" label="Attempts & Hours" hasError={tabHasError("pacing")} />
          <ErrorTabTrigger value="messages" label="Messages & AI" hasError={tabHasError("messages")} />
          <ErrorTabTrigger value="desk" label="Agent Desk" hasError={tabHasError("desk")} />
        </TabsList>

        <TabsContent value="basics" className="grid gap-4">
          <Field label="Campaign Name *" error={errors.name}>
            {(props) => (
              <Input
                {...props}
                value={form.name}
                onChange={text("name")}
                placeholder="Spring renewals"
                maxLength={120}
                autoComplete="off"
                aria-required
              />
            )}
          </Field>
          <Field label="Description" error={errors.description}>
            {(props) => (
              <Textarea
                {...props}
                value={form.description}
                onChange={text("description")}
                placeholder="Who the campaign calls and why"
                maxLength={2000}
                rows={2}
              />
            )}
          </Field>
          <Field label="Dialing Mode" error={errors.dialingMode} hint={MODE_HINTS[form.dialingMode]}>
            {(props) => (
              <NativeSelect {...props} value={form.dialingMode} onChange={text("dialingMode")}>
                {DIALING_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {DIALING_MODE_LABELS[mode]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <NumberField
              label="Max Lines"
              value={form.maxLines}
              onChange={set("maxLines")}
              min={1}
              max={MAX_LINES_LIMIT}
              step={1}
              hint="Calls dialled at the same time, at most."
              error={errors.maxLines}
            />
            <NumberField
              label="Dial Ratio"
              value={form.dialRatio}
              onChange={set("dialRatio")}
              min={MIN_DIAL_RATIO}
              max={MAX_DIAL_RATIO}
              step={DIAL_RATIO_STEP}
              hint="Lines per free agent to start from; predictive pacing adapts it."
              error={errors.dialRatio}
            />
          </div>
        </TabsContent>

        <TabsContent value="pacing" className="grid gap-4">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <NumberField
              label="Max Attempts per Lead"
              value={form.maxAttempts}
              onChange={set("maxAttempts")}
              min={1}
              max={MAX_ATTEMPTS_LIMIT}
              step={1}
              error={errors.maxAttempts}
            />
            <NumberField
              label="Minutes Between Attempts"
              value={form.retryMinutes}
              onChange={set("retryMinutes")}
              min={1}
              max={43_200}
              step={1}
              hint="The least time before a lead is dialled again."
              error={errors.retryMinutes}
            />
          </div>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field
              label="Calling Hours Start"
              error={errors.callingHoursStart}
              hint="In each callee's own time zone; never before 08:00."
            >
              {(props) => (
                <Input
                  {...props}
                  type="time"
                  value={form.callingHoursStart}
                  onChange={text("callingHoursStart")}
                />
              )}
            </Field>
            <Field label="Calling Hours End" error={errors.callingHoursEnd} hint="Never after 21:00.">
              {(props) => (
                <Input
                  {...props}
                  type="time"
                  value={form.callingHoursEnd}
                  onChange={text("callingHoursEnd")}
                />
              )}
            </Field>
          </div>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <NumberField
              label="Abandonment Target (%)"
              value={form.abandonTargetPercent}
              onChange={set("abandonTargetPercent")}
              min={0.1}
              max={ABANDON_CEILING_PERCENT}
              step={0.1}
              hint={`Predictive pacing aims under it; ${ABANDON_CEILING_PERCENT}% is the legal ceiling.`}
              error={errors.abandonTargetPercent}
            />
            <NumberField
              label="Minutes Before Redialling an Abandoned Call"
              value={form.abandonedRetryMinutes}
              onChange={set("abandonedRetryMinutes")}
              min={60}
              max={43_200}
              step={1}
              error={errors.abandonedRetryMinutes}
            />
          </div>
        </TabsContent>

        <TabsContent value="messages" className="grid gap-4">
          <Field
            label="Voicemail Message"
            error={errors.voicemailMessage}
            hint="Left on answering machines. Leave empty to hang up without a message."
          >
            {(props) => (
              <Textarea
                {...props}
                value={form.voicemailMessage}
                onChange={text("voicemailMessage")}
                maxLength={1000}
                rows={2}
                placeholder="Hi, this is Acme about your renewal. Please call us back at..."
              />
            )}
          </Field>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field
              label="Business Name"
              error={errors.businessName}
              hint="Said when no agent is free within 2 seconds. Empty: your company name."
            >
              {(props) => (
                <Input
                  {...props}
                  value={form.businessName}
                  onChange={text("businessName")}
                  maxLength={120}
                  autoComplete="organization"
                />
              )}
            </Field>
            <Field
              label="Call-back Number"
              error={errors.callbackNumber}
              hint="The number that message gives for calling back."
            >
              {(props) => (
                <Input
                  {...props}
                  type="tel"
                  value={form.callbackNumber}
                  onChange={text("callbackNumber")}
                  maxLength={40}
                  placeholder="(555) 201-4400"
                  autoComplete="off"
                />
              )}
            </Field>
          </div>
          <AiStaffingField value={form.aiAgents} onChange={set("aiAgents")} error={errors.aiAgents} />
        </TabsContent>

        <TabsContent value="desk" className="grid gap-4">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <NumberField
              label="Wrap-up (seconds)"
              value={form.wrapUpSeconds}
              onChange={set("wrapUpSeconds")}
              min={0}
              max={MAX_WRAP_UP_SECONDS}
              step={5}
              hint="After each call, before the next is offered (Ready ends it sooner)."
              error={errors.wrapUpSeconds}
            />
            <Field label="Script" error={errors.scriptId} hint="Shown to the rep on each call, step by step.">
              {(props) => (
                <NativeSelect {...props} value={form.scriptId} onChange={text("scriptId")}>
                  <option value="">No script</option>
                  {(scripts.data ?? []).map((script) => (
                    <option key={script.id} value={script.id}>
                      {script.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Dispositions the rep chooses from</legend>
            {form.dispositions.map((entry, index) => (
              <div key={entry.code} className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-2">
                <input
                  type="checkbox"
                  aria-label={`Offer ${DISPOSITIONS[entry.code].label}`}
                  checked={entry.offered}
                  onChange={(event) =>
                    set("dispositions")(
                      form.dispositions.map((other, at) =>
                        at === index ? { ...other, offered: event.target.checked } : other,
                      ),
                    )
                  }
                />
                <Input
                  aria-label={`Label for ${DISPOSITIONS[entry.code].label}`}
                  value={entry.label}
                  maxLength={60}
                  disabled={!entry.offered}
                  onChange={(event) =>
                    set("dispositions")(
                      form.dispositions.map((other, at) =>
                        at === index ? { ...other, label: event.target.value } : other,
                      ),
                    )
                  }
                />
              </div>
            ))}
            {errors.dispositions ? (
              <p role="alert" className="text-xs text-destructive">
                {errors.dispositions}
              </p>
            ) : null}
          </fieldset>
        </TabsContent>
      </Tabs>

      <DialogFooter className="items-center">
        {problems ? (
          <p role="alert" className="text-sm text-destructive sm:mr-auto">
            {problems === 1 ? "One field needs a change." : `${problems} fields need a change.`}
          </p>
        ) : null}
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : campaign ? "Save Campaign" : "Create Campaign"}
        </Button>
      </DialogFooter>
    </form>
  );
}
