import {
  OPENING_MESSAGE_MAX,
  SCRIPT_DESCRIPTION_MAX,
  SCRIPT_MESSAGES,
  SCRIPT_NAME_MAX,
  SCRIPT_PITCHES,
  SCRIPT_TONES,
  SCRIPT_TYPES,
  SCRIPT_VOICES,
  type Script,
  SPEED_MAX,
  SPEED_MIN,
  SPEED_STEP,
  TRAIT_MAX,
  TRAIT_MIN,
  TRANSFER_CONDITION_LABELS,
  TRANSFER_CONDITIONS,
  TRANSFER_MINUTES_MAX,
} from "@common/scripts";
import {
  ContractEditor,
  checkTheFields,
  EditorDialog,
  EditorDialogFooter,
  EditorDialogHeader,
  type EditorFieldSpec,
  type EditorTab,
  optionsOf,
} from "../../../components/forms/contract-editor";
import { useContractEditor, useCreateOrUpdate } from "../../../lib/forms/contract-form";
import { toast, toastError } from "../../../lib/toast";
import { useCreateScript } from "../api/create-script";
import { useUpdateScript } from "../api/update-script";
import { PITCH_LABELS, SCRIPT_TYPE_LABELS, TONE_LABELS, VOICE_LABELS } from "../labels";
import {
  SCRIPT_TABS,
  type ScriptFormState,
  type ScriptTab,
  scriptContract,
  scriptFormState,
  tabOf,
} from "../script-form";

/**
 * AI Agent Scripts: Create Script, and the same form to edit one. The name, type and
 * opening message come first; the tabs Voice Settings, Personality and Advanced hold the rest of
 * the script schema. Every field is sent and every one changes the next call.
 */
export function ScriptDialog({
  open,
  script,
  onOpenChange,
}: {
  open: boolean;
  /** null creates a new script. */
  script: Script | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <EditorDialog open={open} onOpenChange={onOpenChange}>
      <ScriptForm key={script?.id ?? "new"} script={script} onDone={() => onOpenChange(false)} />
    </EditorDialog>
  );
}

/** Above the tabs: what every script has first. */
const HEAD_FIELDS: EditorFieldSpec<ScriptFormState>[] = [
  {
    kind: "row",
    columns: 2,
    fields: [
      {
        kind: "text",
        name: "name",
        label: "Script Name *",
        placeholder: "Dental front desk",
        maxLength: SCRIPT_NAME_MAX,
        autoComplete: "off",
        required: true,
      },
      {
        kind: "select",
        name: "scriptType",
        label: "Script Type",
        options: optionsOf(SCRIPT_TYPES, SCRIPT_TYPE_LABELS),
      },
    ],
  },
  {
    kind: "textarea",
    name: "description",
    label: "Description",
    placeholder: "What this script is for",
    maxLength: SCRIPT_DESCRIPTION_MAX,
    rows: 2,
  },
  {
    kind: "textarea",
    name: "openingMessage",
    label: "Opening Message *",
    hint: "The first thing callers hear when this is the default script.",
    rows: 2,
    maxLength: OPENING_MESSAGE_MAX,
    required: true,
  },
];

const notBooking = (form: ScriptFormState) => !form.appointmentsEnabled;

const TABS: EditorTab<ScriptFormState, ScriptTab>[] = [
  {
    value: "voice",
    label: "Voice Settings",
    fields: [
      {
        kind: "row",
        columns: 3,
        fields: [
          {
            kind: "select",
            name: "voice",
            error: "voiceSettings.voice",
            label: "Voice",
            options: optionsOf(SCRIPT_VOICES, VOICE_LABELS),
          },
          {
            kind: "number",
            name: "speed",
            error: "voiceSettings.speed",
            label: "Speed",
            min: SPEED_MIN,
            max: SPEED_MAX,
            step: SPEED_STEP,
            hint: `${SPEED_MIN} to ${SPEED_MAX.toFixed(1)}; 1 is normal`,
          },
          {
            kind: "select",
            name: "pitch",
            error: "voiceSettings.pitch",
            label: "Pitch",
            options: optionsOf(SCRIPT_PITCHES, PITCH_LABELS),
          },
        ],
      },
      {
        kind: "custom",
        key: "voice-note",
        render: () => (
          <p className="text-sm text-muted-foreground">
            The voice and speed are used when the assistant speaks on calls.
          </p>
        ),
      },
    ],
  },
  {
    value: "personality",
    label: "Personality",
    fields: [
      {
        kind: "select",
        name: "tone",
        error: "personalityTraits.tone",
        label: "Tone",
        options: optionsOf(SCRIPT_TONES, TONE_LABELS),
      },
      {
        kind: "row",
        columns: 2,
        fields: [
          {
            kind: "number",
            name: "empathy",
            error: "personalityTraits.empathy",
            label: `Empathy (${TRAIT_MIN}-${TRAIT_MAX})`,
            min: TRAIT_MIN,
            max: TRAIT_MAX,
            step: 1,
            hint: "Higher acknowledges how the caller feels before answering.",
          },
          {
            kind: "number",
            name: "formality",
            error: "personalityTraits.formality",
            label: `Formality (${TRAIT_MIN}-${TRAIT_MAX})`,
            min: TRAIT_MIN,
            max: TRAIT_MAX,
            step: 1,
            hint: "Higher speaks more formally; lower more casually.",
          },
        ],
      },
    ],
  },
  {
    value: "advanced",
    label: "Advanced",
    roomy: true,
    fields: [
      {
        kind: "group",
        legend: "Transfer rules",
        fields: [
          {
            kind: "text",
            name: "transferKeywords",
            error: "transferRules.keywords",
            label: "Transfer Keywords",
            hint: "Separated by commas. A caller who says one is transferred.",
            placeholder: "emergency, speak to the dentist",
            autoComplete: "off",
          },
          {
            kind: "row",
            columns: 2,
            fields: [
              {
                kind: "number",
                name: "transferMinutes",
                error: "transferRules.minutes",
                label: "Transfer After (minutes)",
                hint: "Leave empty to never transfer by time.",
                min: 1,
                max: TRANSFER_MINUTES_MAX,
                step: 1,
              },
              {
                kind: "text",
                type: "tel",
                name: "transferNumber",
                error: "transferRules.transferNumber",
                label: "Transfer Number",
                hint: "Leave empty to use the owner's cell number.",
                placeholder: "+15551234567",
                autoComplete: "off",
              },
            ],
          },
          {
            kind: "choices",
            name: "transferConditions",
            error: "transferRules.conditions",
            label: "Also transfer when",
            options: optionsOf(TRANSFER_CONDITIONS, TRANSFER_CONDITION_LABELS),
          },
        ],
      },
      {
        kind: "textarea",
        name: "businessRules",
        label: "Business Rules",
        hint: "One a line: facts and policies the assistant answers from.",
        rows: 4,
        placeholder: "We are open Monday to Friday, 8 am to 5 pm.\nNew patients are welcome.",
      },
      {
        kind: "textarea",
        name: "conversationFlow",
        label: "Conversation Flow",
        hint: "One step a line, in the order the assistant goes through them.",
        rows: 4,
        placeholder: "Ask for the caller's name.\nAsk what the call is about.",
      },
      {
        kind: "group",
        legend: "Appointments",
        fields: [
          {
            kind: "switch",
            name: "appointmentsEnabled",
            error: "appointmentSettings.enabled",
            label: "Book appointments on these calls",
          },
          {
            kind: "row",
            columns: 2,
            fields: [
              {
                kind: "number",
                name: "appointmentMinutes",
                error: "appointmentSettings.durationMinutes",
                label: "Appointment Length (minutes)",
                min: 5,
                step: 5,
                disabled: notBooking,
              },
              {
                kind: "number",
                name: "bufferMinutes",
                error: "appointmentSettings.bufferMinutes",
                label: "Buffer Between (minutes)",
                min: 0,
                step: 5,
                disabled: notBooking,
              },
            ],
          },
        ],
      },
    ],
  },
];

/** Below the tabs: whether the script is used. */
const FOOT_FIELDS: EditorFieldSpec<ScriptFormState>[] = [
  {
    kind: "group",
    look: "shaded",
    fields: [
      { kind: "switch", name: "isActive", label: "Active" },
      { kind: "switch", name: "isDefault", label: "Default script for calls" },
    ],
  },
];

function ScriptForm({ script, onDone }: { script: Script | null; onDone: () => void }) {
  const editor = useContractEditor({
    defaults: () => scriptFormState(script),
    contract: scriptContract,
    tabs: SCRIPT_TABS,
    tabOf,
  });
  const editing = script !== null;
  const { save, pending } = useCreateOrUpdate({
    editor,
    id: script?.id,
    create: useCreateScript(),
    update: useUpdateScript(),
    saved: (_saved, created) => {
      toast({ title: "Success", description: created ? SCRIPT_MESSAGES.created : SCRIPT_MESSAGES.updated });
      onDone();
    },
    failed: (error, created) =>
      toastError("Error", created ? SCRIPT_MESSAGES.createFailed : SCRIPT_MESSAGES.updateFailed, error),
  });

  return (
    <ContractEditor
      editor={editor}
      onSubmit={save}
      header={
        <EditorDialogHeader
          title={editing ? "Edit AI Script" : "Create AI Script"}
          description={
            "The default script greets every caller with its opening message and guides the assistant."
          }
        />
      }
      fields={HEAD_FIELDS}
      tabs={TABS}
      tabsLabel="Script settings"
      after={FOOT_FIELDS}
      problems={checkTheFields("above")}
      footer={
        <EditorDialogFooter
          pending={pending}
          submitLabel={
            editing ? (pending ? "Saving..." : "Save Changes") : pending ? "Creating..." : "Create Script"
          }
        />
      }
    />
  );
}
