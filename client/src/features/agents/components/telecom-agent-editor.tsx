import {
  DELETE_AGENT_CONFIRM,
  RESPONSE_STYLES,
  TELECOM_DEFAULTS,
  TELECOM_MESSAGES,
  TELECOM_PROVIDERS,
  TELECOM_SPECIALIZATIONS,
  type TelecomAgent,
} from "@common/agents";
import { Save, Trash2 } from "lucide-react";
import { useState } from "react";
import {
  ContractEditor,
  checkTheFields,
  EditorFields,
  type EditorTab,
  optionsOf,
} from "../../../components/forms/contract-editor";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useContractEditor } from "../../../lib/forms/contract-form";
import { serverMessage, toast } from "../../../lib/toast";
import { useDeleteTelecomAgent } from "../api/delete-telecom-agent";
import { useSaveTelecomAgent } from "../api/save-telecom-agent";
import { PROVIDER_LABELS, RESPONSE_STYLE_LABELS, TELECOM_SPECIALIZATION_LABELS } from "../labels";
import {
  TELECOM_TABS,
  type TelecomFormState,
  type TelecomTab,
  type telecomBody,
  telecomContract,
  telecomFormState,
  telecomTabOf,
} from "../telecom-form";

const TABS: EditorTab<TelecomFormState, TelecomTab>[] = [
  {
    value: "basic",
    label: "Basic Info",
    fields: [
      {
        kind: "row",
        columns: 2,
        fields: [
          { kind: "text", name: "name", label: "Name *", maxLength: 80, autoComplete: "off", required: true },
          {
            kind: "select",
            name: "specialization",
            label: "Specialization",
            options: optionsOf(TELECOM_SPECIALIZATIONS, TELECOM_SPECIALIZATION_LABELS),
          },
        ],
      },
      {
        kind: "choices",
        name: "providers",
        label: "Providers",
        layout: "grid",
        options: optionsOf(TELECOM_PROVIDERS, PROVIDER_LABELS),
      },
      {
        kind: "text",
        name: "keywords",
        label: "Keywords",
        hint: "Separated by commas.",
        autoComplete: "off",
        placeholder: "internet, fiber, speed",
      },
    ],
  },
  {
    value: "behavior",
    label: "Behavior",
    fields: [
      { kind: "textarea", name: "personality", label: "Personality", rows: 2 },
      { kind: "textarea", name: "script", label: "Script", rows: 4 },
      {
        kind: "select",
        name: "responseStyle",
        label: "Response Style",
        options: optionsOf(RESPONSE_STYLES, RESPONSE_STYLE_LABELS),
      },
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
            hint: `Empty means ${TELECOM_DEFAULTS.maxCallDuration}`,
          },
          {
            kind: "number",
            name: "transferThreshold",
            label: "Transfer Threshold",
            min: 0,
            max: 20,
            step: 1,
            hint: `Objections before a person takes over; empty means ${TELECOM_DEFAULTS.transferThreshold}`,
          },
        ],
      },
    ],
  },
  {
    value: "goals",
    label: "Sales Goals",
    fields: [
      {
        kind: "row",
        columns: 3,
        fields: [
          {
            kind: "number",
            name: "dailyTarget",
            error: "salesGoals.dailyTarget",
            label: "Daily Target",
            min: 0,
            max: 1000,
            step: 1,
            hint: `Sales a day; empty means ${TELECOM_DEFAULTS.dailyTarget}`,
          },
          {
            kind: "number",
            name: "bundlePreference",
            error: "salesGoals.bundlePreference",
            label: "Bundle Preference (%)",
            min: 0,
            max: 100,
            step: 1,
            hint: `0 to 100; empty means ${TELECOM_DEFAULTS.bundlePreference}`,
          },
          {
            kind: "number",
            name: "upsellRate",
            error: "salesGoals.upsellRate",
            label: "Upsell Rate (%)",
            min: 0,
            max: 100,
            step: 1,
            hint: `0 to 100; empty means ${TELECOM_DEFAULTS.upsellRate}`,
          },
        ],
      },
    ],
  },
];

/**
 * Agent Manager, the right side: edit tabs Basic Info, Behavior and Sales Goals, the
 * isActive switch, Save, and delete with "Are you sure you want to delete this agent?".
 * `agent` null is a new agent not saved yet.
 */
export function TelecomAgentEditor({
  agent,
  manage,
  onSaved,
  onDeleted,
}: {
  agent: TelecomAgent | null;
  manage: boolean;
  onSaved: (agent: TelecomAgent) => void;
  onDeleted: () => void;
}) {
  const editor = useContractEditor({
    defaults: () => telecomFormState(agent),
    contract: telecomContract,
    tabs: TELECOM_TABS,
    tabOf: telecomTabOf,
  });
  const [confirming, setConfirming] = useState(false);
  const save = useSaveTelecomAgent();
  const remove = useDeleteTelecomAgent();

  const submit = (body: ReturnType<typeof telecomBody>) => {
    if (save.isPending) return;
    save.mutate(body, {
      onSuccess: ({ agent: saved }) => {
        toast({ title: TELECOM_MESSAGES.saved, description: `${saved.name} was saved.` });
        // The saved values, with any fallbacks the server applied.
        editor.form.reset(telecomFormState(saved));
        onSaved(saved);
      },
      onError: (error) => {
        editor.showServerErrors(error);
        toast({
          title: TELECOM_MESSAGES.saveFailed,
          description: serverMessage(error) ?? TELECOM_MESSAGES.saveFailedDetail,
          variant: "destructive",
        });
      },
    });
  };

  const confirmDelete = () => {
    if (!agent) return;
    remove.mutate(agent.id, {
      onSuccess: () => {
        toast({ title: "Agent deleted", description: `${agent.name} was deleted.` });
        setConfirming(false);
        onDeleted();
      },
      onError: (error) => {
        toast({
          title: TELECOM_MESSAGES.deleteFailed,
          description: serverMessage(error) ?? TELECOM_MESSAGES.saveFailedDetail,
          variant: "destructive",
        });
        setConfirming(false);
      },
    });
  };

  return (
    <Card className="min-w-0">
      <ContractEditor
        editor={editor}
        onSubmit={submit}
        label={agent ? `Edit ${agent.name}` : "New agent"}
        className="min-w-0"
        header={
          <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
            <div className="grid min-w-0 gap-1">
              <CardTitle className="wrap-anywhere">{agent ? agent.name : "New Agent"}</CardTitle>
              <CardDescription>
                {agent ? "Change the agent and save." : "Not saved yet. New agents start inactive."}
              </CardDescription>
            </div>
            <EditorFields<TelecomFormState>
              fields={[{ kind: "switch", name: "isActive", label: "Active", disabled: !manage }]}
            />
          </CardHeader>
        }
        content={(children) => <CardContent className="grid gap-4">{children}</CardContent>}
        tabs={TABS}
        tabsLabel="Agent details"
        disabled={!manage}
        problems={checkTheFields("in the tabs")}
        footer={
          manage ? (
            <div className="flex flex-wrap justify-between gap-2">
              {agent ? (
                <Button
                  variant="outline"
                  className="text-destructive"
                  onClick={() => setConfirming(true)}
                  aria-label={`Delete ${agent.name}`}
                >
                  <Trash2 aria-hidden /> Delete
                </Button>
              ) : (
                <span />
              )}
              <Button type="submit" disabled={save.isPending}>
                <Save aria-hidden /> {save.isPending ? "Saving..." : "Save Agent"}
              </Button>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">Only admins and the owner can change agents.</p>
          )
        }
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => (open || remove.isPending ? undefined : setConfirming(false))}
        title="Delete agent"
        description={DELETE_AGENT_CONFIRM}
        keepLabel="Cancel"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
