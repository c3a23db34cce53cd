import {
  AGENT_LANGUAGES,
  AGENT_NAME_MAX,
  AGENT_SPECIALIZATIONS,
  AGENT_TONES,
  AGENT_VOICES,
  type Agent,
  type AgentLanguage,
} from "@common/agents";
import { useId } from "react";
import {
  ContractEditor,
  checkTheFields,
  EditorDialog,
  EditorDialogFooter,
  EditorDialogHeader,
  type EditorTab,
  optionsOf,
  useEditorField,
} from "../../../components/forms/contract-editor";
import { Checkbox } from "../../../components/ui/checkbox";
import { Field } from "../../../components/ui/field";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { useContractEditor, useCreateOrUpdate } from "../../../lib/forms/contract-form";
import { toast, toastError } from "../../../lib/toast";
import {
  AGENT_TABS,
  type AgentFormState,
  type AgentTab,
  agentContract,
  agentFormState,
  agentTabOf,
} from "../agent-form";
import { useCreateAiAgent } from "../api/create-ai-agent";
import { useUpdateAiAgent } from "../api/update-ai-agent";
import { AGENT_VOICE_LABELS, SPECIALIZATION_LABELS } from "../labels";

/**
 * AI Agents: Create Agent, and the same form to edit an agent. Every field of the spec
 * (less the figures, which are counted from calls), in four tabs. New agents start inactive.
 */
export function AgentDialog({
  open,
  agent,
  onOpenChange,
}: {
  open: boolean;
  /** null creates a new agent. */
  agent: Agent | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <EditorDialog open={open} onOpenChange={onOpenChange}>
      <AgentForm key={agent?.id ?? "new"} agent={agent} onDone={() => onOpenChange(false)} />
    </EditorDialog>
  );
}

/** The dialog's fields, tab by tab (the extension's hint depends on whether the agent is new). */
function agentTabs(editing: boolean): EditorTab<AgentFormState, AgentTab>[] {
  return [
    {
      value: "basics",
      label: "Basics",
      fields: [
        {
          kind: "row",
          columns: 2,
          fields: [
            {
              kind: "text",
              name: "name",
              label: "Agent Name *",
              maxLength: AGENT_NAME_MAX,
              autoComplete: "off",
              placeholder: "Sarah (Sales)",
              required: true,
            },
            {
              kind: "select",
              name: "specialization",
              label: "Specialization",
              options: optionsOf(AGENT_SPECIALIZATIONS, SPECIALIZATION_LABELS),
            },
          ],
        },
        {
          kind: "row",
          columns: 2,
          fields: [
            {
              kind: "text",
              name: "extension",
              label: "Extension",
              hint: editing ? "2 to 6 digits." : "Leave empty for the next free one (101 first).",
              inputMode: "numeric",
              autoComplete: "off",
              maxLength: 6,
            },
            {
              kind: "text",
              name: "keywords",
              label: "Keywords",
              hint: "Separated by commas; calls mentioning them come here.",
              autoComplete: "off",
              placeholder: "price, plan, cost",
            },
          ],
        },
        {
          kind: "text",
          name: "purpose",
          label: "Purpose",
          autoComplete: "off",
          placeholder: "Answer pricing questions and sign up new customers",
        },
        {
          kind: "textarea",
          name: "script",
          label: "Script",
          hint: "What the agent says first when a call comes to it.",
          rows: 3,
        },
        { kind: "text", name: "closingStyle", label: "Closing Style", hint: "How the agent ends a call." },
      ],
    },
    {
      value: "personality",
      label: "Personality",
      fields: [
        {
          kind: "select",
          name: "voice",
          label: "Voice",
          hint: "The agent's speaking manner.",
          options: optionsOf(AGENT_VOICES, AGENT_VOICE_LABELS),
        },
        { kind: "text", name: "personality", label: "Personality", placeholder: "Warm, patient and clear" },
        { kind: "text", name: "conversationStyle", label: "Conversation Style" },
        {
          kind: "row",
          columns: 3,
          fields: [
            { kind: "number", name: "empathyLevel", label: "Empathy Level", min: 1, max: 10, step: 1 },
            {
              kind: "number",
              name: "assertivenessLevel",
              label: "Assertiveness Level",
              min: 1,
              max: 10,
              step: 1,
            },
            {
              kind: "number",
              name: "responseSpeed",
              label: "Response Speed (s)",
              min: 0,
              max: 3,
              step: 0.1,
              hint: "Pause before answering, 0 to 3",
            },
          ],
        },
      ],
    },
    {
      value: "knowledge",
      label: "Knowledge",
      fields: [
        {
          kind: "textarea",
          name: "knowledgeBase",
          label: "Knowledge Base",
          hint: "Facts the agent answers from, one a line.",
          rows: 4,
        },
        {
          kind: "textarea",
          name: "rebuttalPlaybook",
          label: "Rebuttal Playbook",
          hint: "One rebuttal a line; blank lines are dropped.",
          rows: 4,
        },
        { kind: "textarea", name: "objectionHandling", label: "Objection Handling", rows: 2 },
        { kind: "textarea", name: "salesTechniques", label: "Sales Techniques", rows: 2 },
      ],
    },
    {
      value: "voice",
      label: "Voice & AI",
      roomy: true,
      fields: [
        {
          kind: "row",
          columns: 2,
          fields: [
            {
              kind: "number",
              name: "maxCallDuration",
              label: "Max Call Duration (min)",
              min: 1,
              max: 240,
              step: 1,
            },
            {
              kind: "number",
              name: "transferThreshold",
              label: "Transfer Threshold",
              min: 0,
              max: 1,
              step: 0.05,
              hint: "0 to 1: turns at least this urgent go to a person",
            },
          ],
        },
        {
          kind: "group",
          legend: "Voice settings",
          fields: [
            {
              kind: "row",
              columns: 2,
              fields: [
                {
                  kind: "number",
                  name: "voiceSpeed",
                  error: "voiceSettings.speed",
                  label: "Speed",
                  min: 0.5,
                  max: 2,
                  step: 0.1,
                },
                {
                  kind: "number",
                  name: "voicePitch",
                  error: "voiceSettings.pitch",
                  label: "Pitch",
                  min: 0.5,
                  max: 2,
                  step: 0.1,
                },
                {
                  kind: "number",
                  name: "voiceVolume",
                  error: "voiceSettings.volume",
                  label: "Volume",
                  min: 0,
                  max: 1,
                  step: 0.1,
                },
                {
                  kind: "select",
                  name: "voiceTone",
                  error: "voiceSettings.tone",
                  label: "Tone",
                  options: optionsOf(AGENT_TONES, AGENT_VOICE_LABELS),
                },
              ],
            },
          ],
        },
        {
          kind: "group",
          legend: "AI settings",
          fields: [
            {
              kind: "row",
              columns: 2,
              fields: [
                {
                  kind: "number",
                  name: "creativityLevel",
                  error: "aiSettings.creativityLevel",
                  label: "Creativity",
                  min: 0,
                  max: 1,
                  step: 0.1,
                },
                {
                  kind: "number",
                  name: "contextWindow",
                  error: "aiSettings.contextWindow",
                  label: "Context Window (turns)",
                  min: 1,
                  max: 50,
                  step: 1,
                },
              ],
            },
            {
              kind: "switch",
              name: "interruptionHandling",
              error: "aiSettings.interruptionHandling",
              label: "Interruption handling",
              hint: "The caller may speak over the agent.",
            },
            {
              kind: "switch",
              name: "backgroundNoiseFilter",
              error: "aiSettings.backgroundNoiseFilter",
              label: "Background noise filter",
              hint: "Turns with no words are ignored.",
            },
            {
              kind: "switch",
              name: "sentimentAdaptation",
              error: "aiSettings.sentimentAdaptation",
              label: "Sentiment adaptation",
              hint: "An upset caller's feelings are acknowledged first.",
            },
          ],
        },
        { kind: "custom", key: "languages", render: () => <LanguageChoices /> },
      ],
    },
  ];
}

function AgentForm({ agent, onDone }: { agent: Agent | null; onDone: () => void }) {
  const editor = useContractEditor({
    defaults: () => agentFormState(agent),
    contract: agentContract,
    tabs: AGENT_TABS,
    tabOf: agentTabOf,
  });
  const { save, pending } = useCreateOrUpdate({
    editor,
    id: agent?.id,
    create: useCreateAiAgent(),
    update: useUpdateAiAgent(),
    saved: (saved, created) => {
      toast(
        created
          ? {
              title: "Agent created",
              description: `${saved.name} has extension ${saved.extension}. Activate it to route calls to it.`,
            }
          : { title: "Agent updated", description: `${saved.name} was saved.` },
      );
      onDone();
    },
    failed: (error, created) =>
      toastError("Error", created ? "Failed to create agent" : "Failed to update agent", error),
  });

  return (
    <ContractEditor
      editor={editor}
      onSubmit={save}
      header={
        <EditorDialogHeader
          title={agent ? "Edit Agent" : "Create Agent"}
          description={
            "Calls are routed to an active agent by its keywords and extension; its settings shape every reply."
          }
        />
      }
      tabs={agentTabs(agent !== null)}
      tabsLabel="Agent settings"
      problems={checkTheFields("in the tabs")}
      footer={
        <EditorDialogFooter
          pending={pending}
          submitLabel={
            agent ? (pending ? "Saving..." : "Save Changes") : pending ? "Creating..." : "Create Agent"
          }
        />
      }
    />
  );
}

/** The languages the agent speaks, the primary one always among them, and which is primary. */
function LanguageChoices() {
  const id = useId();
  const languages = useEditorField<AgentFormState, "languages">("languages");
  const primary = useEditorField<AgentFormState, "primaryLanguage">("primaryLanguage");
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-semibold">Languages</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {AGENT_LANGUAGES.map((language) => (
          <div key={language} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${language}`}
              checked={languages.value.includes(language) || language === primary.value}
              disabled={language === primary.value}
              onCheckedChange={(checked) =>
                languages.onChange(
                  checked === true
                    ? [...languages.value, language]
                    : languages.value.filter((item) => item !== language),
                )
              }
            />
            <Label htmlFor={`${id}-${language}`} className="font-normal">
              {language}
            </Label>
          </div>
        ))}
      </div>
      <Field label="Primary Language" error={languages.error ?? primary.error}>
        {(props) => (
          <NativeSelect
            {...props}
            value={primary.value}
            onChange={(event) => primary.onChange(event.target.value as AgentLanguage)}
          >
            {AGENT_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {language}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
    </fieldset>
  );
}
