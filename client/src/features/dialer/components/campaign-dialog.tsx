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
import {
  ContractEditor,
  EditorDialog,
  EditorDialogFooter,
  EditorDialogHeader,
  type EditorTab,
  type Option,
  optionsOf,
  useEditorField,
} from "../../../components/forms/contract-editor";
import { Input } from "../../../components/ui/input";
import { useContractEditor, useCreateOrUpdate } from "../../../lib/forms/contract-form";
import { useScripts } from "../../../lib/shared-api/get-ai-scripts";
import { useCreateCampaign } from "../api/create-campaign";
import { useUpdateCampaign } from "../api/update-campaign";
import {
  CAMPAIGN_TABS,
  type CampaignFormState,
  type CampaignTab,
  campaignContract,
  campaignFormState,
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
    <EditorDialog open={open} onOpenChange={onOpenChange}>
      <CampaignForm
        key={campaign?.id ?? "new"}
        campaign={campaign}
        onDone={(saved) => {
          onOpenChange(false);
          if (!campaign) onCreated?.(saved);
        }}
      />
    </EditorDialog>
  );
}

/** The dialog's fields, tab by tab; the Script choice lists the workspace's scripts. */
function campaignTabs(scripts: Option[]): EditorTab<CampaignFormState, CampaignTab>[] {
  return [
    {
      value: "basics",
      label: "Campaign",
      fields: [
        {
          kind: "text",
          name: "name",
          label: "Campaign Name *",
          placeholder: "Spring renewals",
          maxLength: 120,
          autoComplete: "off",
          required: true,
        },
        {
          kind: "textarea",
          name: "description",
          label: "Description",
          placeholder: "Who the campaign calls and why",
          maxLength: 2000,
          rows: 2,
        },
        {
          kind: "select",
          name: "dialingMode",
          label: "Dialing Mode",
          hint: (form) => MODE_HINTS[form.dialingMode],
          options: optionsOf(DIALING_MODES, DIALING_MODE_LABELS),
        },
        {
          kind: "row",
          columns: 2,
          fields: [
            {
              kind: "number",
              name: "maxLines",
              label: "Max Lines",
              min: 1,
              max: MAX_LINES_LIMIT,
              step: 1,
              hint: "Calls dialled at the same time, at most.",
            },
            {
              kind: "number",
              name: "dialRatio",
              label: "Dial Ratio",
              min: MIN_DIAL_RATIO,
              max: MAX_DIAL_RATIO,
              step: DIAL_RATIO_STEP,
              hint: "Lines per free agent to start from; predictive pacing adapts it.",
            },
          ],
        },
      ],
    },
    {
      value: "pacing",
      label: "Attempts & Hours",
      fields: [
        {
          kind: "row",
          columns: 2,
          fields: [
            {
              kind: "number",
              name: "maxAttempts",
              label: "Max Attempts per Lead",
              min: 1,
              max: MAX_ATTEMPTS_LIMIT,
              step: 1,
            },
            {
              kind: "number",
              name: "retryMinutes",
              label: "Minutes Between Attempts",
              min: 1,
              max: 43_200,
              step: 1,
              hint: "The least time before a lead is dialled again.",
            },
          ],
        },
        {
          kind: "row",
          columns: 2,
          fields: [
            {
              kind: "text",
              type: "time",
              name: "callingHoursStart",
              label: "Calling Hours Start",
              hint: "In each callee's own time zone; never before 08:00.",
            },
            {
              kind: "text",
              type: "time",
              name: "callingHoursEnd",
              label: "Calling Hours End",
              hint: "Never after 21:00.",
            },
          ],
        },
        {
          kind: "row",
          columns: 2,
          fields: [
            {
              kind: "number",
              name: "abandonTargetPercent",
              label: "Abandonment Target (%)",
              min: 0.1,
              max: ABANDON_CEILING_PERCENT,
              step: 0.1,
              hint: `Predictive pacing aims under it; ${ABANDON_CEILING_PERCENT}% is the legal ceiling.`,
            },
            {
              kind: "number",
              name: "abandonedRetryMinutes",
              label: "Minutes Before Redialling an Abandoned Call",
              min: 60,
              max: 43_200,
              step: 1,
            },
          ],
        },
      ],
    },
    {
      value: "messages",
      label: "Messages & AI",
      fields: [
        {
          kind: "textarea",
          name: "voicemailMessage",
          label: "Voicemail Message",
          hint: "Left on answering machines. Leave empty to hang up without a message.",
          maxLength: 1000,
          rows: 2,
          placeholder: "Hi, this is Acme about your renewal. Please call us back at...",
        },
        {
          kind: "row",
          columns: 2,
          fields: [
            {
              kind: "text",
              name: "businessName",
              label: "Business Name",
              hint: "Said when no agent is free within 2 seconds. Empty: your company name.",
              maxLength: 120,
              autoComplete: "organization",
            },
            {
              kind: "text",
              type: "tel",
              name: "callbackNumber",
              label: "Call-back Number",
              hint: "The number that message gives for calling back.",
              maxLength: 40,
              placeholder: "(555) 201-4400",
              autoComplete: "off",
            },
          ],
        },
        { kind: "custom", key: "aiAgents", render: () => <AiStaffing /> },
      ],
    },
    {
      value: "desk",
      label: "Agent Desk",
      fields: [
        {
          kind: "row",
          columns: 2,
          fields: [
            {
              kind: "number",
              name: "wrapUpSeconds",
              label: "Wrap-up (seconds)",
              min: 0,
              max: MAX_WRAP_UP_SECONDS,
              step: 5,
              hint: "After each call, before the next is offered (Ready ends it sooner).",
            },
            {
              kind: "select",
              name: "scriptId",
              label: "Script",
              hint: "Shown to the rep on each call, step by step.",
              options: [{ value: "", label: "No script" }, ...scripts],
            },
          ],
        },
        { kind: "custom", key: "dispositions", render: () => <DispositionChoices /> },
      ],
    },
  ];
}

function CampaignForm({
  campaign,
  onDone,
}: {
  campaign: Campaign | null;
  onDone: (saved: Campaign) => void;
}) {
  const editor = useContractEditor({
    defaults: () => campaignFormState(campaign),
    contract: campaignContract,
    tabs: CAMPAIGN_TABS,
    tabOf,
  });
  const scripts = useScripts();
  const { save, pending } = useCreateOrUpdate({
    editor,
    id: campaign?.id,
    create: useCreateCampaign(),
    update: useUpdateCampaign(),
    saved: (saved, created) => {
      toastSuccess(created ? DIALER_MESSAGES.created : `Campaign ${saved.name} saved`);
      onDone(saved);
    },
    failed: (error, created) =>
      toastFailure(created ? DIALER_MESSAGES.createFailed : "Failed to save campaign", error),
  });

  return (
    <ContractEditor
      editor={editor}
      onSubmit={save}
      header={
        <EditorDialogHeader
          title={campaign ? "Edit Campaign" : "Create Campaign"}
          description={
            campaign
              ? "Changes apply from the dialer's next round."
              : "A new campaign starts paused: add leads, then press Start."
          }
        />
      }
      tabs={campaignTabs((scripts.data ?? []).map((script) => ({ value: script.id, label: script.name })))}
      tabsLabel="Campaign settings"
      problems={(count) => (count === 1 ? "One field needs a change." : `${count} fields need a change.`)}
      footer={(problems) => (
        <EditorDialogFooter
          problems={problems}
          lockCancel
          pending={pending}
          submitLabel={pending ? "Saving..." : campaign ? "Save Campaign" : "Create Campaign"}
        />
      )}
    />
  );
}

function AiStaffing() {
  const { value, onChange, error } = useEditorField<CampaignFormState, "aiAgents">("aiAgents");
  return <AiStaffingField value={value} onChange={onChange} error={error} />;
}

/** The dispositions the rep chooses from: each default ticked or not, under a label of the campaign's. */
function DispositionChoices() {
  const { value, onChange, error } = useEditorField<CampaignFormState, "dispositions">("dispositions");
  const change = (index: number, part: Partial<CampaignFormState["dispositions"][number]>) =>
    onChange(value.map((other, at) => (at === index ? { ...other, ...part } : other)));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Dispositions the rep chooses from</legend>
      {value.map((entry, index) => (
        <div key={entry.code} className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-2">
          <input
            type="checkbox"
            aria-label={`Offer ${DISPOSITIONS[entry.code].label}`}
            checked={entry.offered}
            onChange={(event) => change(index, { offered: event.target.checked })}
          />
          <Input
            aria-label={`Label for ${DISPOSITIONS[entry.code].label}`}
            value={entry.label}
            maxLength={60}
            disabled={!entry.offered}
            onChange={(event) => change(index, { label: event.target.value })}
          />
        </div>
      ))}
      {error ? (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
