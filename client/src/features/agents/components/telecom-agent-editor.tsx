import {
  DELETE_AGENT_CONFIRM,
  RESPONSE_STYLES,
  TELECOM_DEFAULTS,
  TELECOM_MESSAGES,
  TELECOM_PROVIDERS,
  TELECOM_SPECIALIZATIONS,
  type TelecomAgent,
  type TelecomProvider,
} from "@common/agents";
import { Save, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { ErrorTabTrigger, NumberField, SwitchRow } from "../../../components/forms/form-fields";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Checkbox } from "../../../components/ui/checkbox";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { Tabs, TabsContent, TabsList } from "../../../components/ui/tabs";
import { type FieldErrors, serverFieldErrors } from "../../../lib/forms/field-errors";
import { useFieldForm } from "../../../lib/forms/use-field-form";
import { serverMessage, toast } from "../../../lib/toast";
import { useDeleteTelecomAgent } from "../api/delete-telecom-agent";
import { useSaveTelecomAgent } from "../api/save-telecom-agent";
import { PROVIDER_LABELS, RESPONSE_STYLE_LABELS, TELECOM_SPECIALIZATION_LABELS } from "../labels";
import {
  checkTelecomForm,
  firstTelecomTab,
  type TelecomFormState,
  type TelecomTab,
  telecomFormState,
  telecomTabOf,
} from "../telecom-form";

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
  const { form, setForm, errors, setErrors, set, text } = useFieldForm<TelecomFormState>(() =>
    telecomFormState(agent),
  );
  const [tab, setTab] = useState<TelecomTab>("basic");
  const [confirming, setConfirming] = useState(false);
  const save = useSaveTelecomAgent();
  const remove = useDeleteTelecomAgent();

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = firstTelecomTab(found);
    if (first) setTab(first);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const checked = checkTelecomForm(form);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    save.mutate(checked.body, {
      onSuccess: ({ agent: saved }) => {
        toast({ title: TELECOM_MESSAGES.saved, description: `${saved.name} was saved.` });
        // The saved values, with any fallbacks the server applied.
        setForm(telecomFormState(saved));
        onSaved(saved);
      },
      onError: (error) => {
        const found = serverFieldErrors(error);
        if (Object.keys(found).length) showErrors(found);
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

  const problems = Object.keys(errors).length;
  const tabHasError = (name: TelecomTab) => Object.keys(errors).some((path) => telecomTabOf(path) === name);
  const tabTrigger = (value: TelecomTab, label: string) => (
    <ErrorTabTrigger value={value} label={label} hasError={tabHasError(value)} />
  );

  return (
    <Card className="min-w-0">
      <form onSubmit={submit} noValidate aria-label={agent ? `Edit ${agent.name}` : "New agent"}>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <CardTitle className="wrap-anywhere">{agent ? agent.name : "New Agent"}</CardTitle>
            <CardDescription>
              {agent ? "Change the agent and save." : "Not saved yet. New agents start inactive."}
            </CardDescription>
          </div>
          <SwitchRow label="Active" checked={form.isActive} onChange={set("isActive")} disabled={!manage} />
        </CardHeader>
        <CardContent className="grid gap-4">
          <fieldset disabled={!manage} className="grid min-w-0 gap-4">
            <Tabs value={tab} onValueChange={(value) => setTab(value as TelecomTab)} className="min-w-0">
              <TabsList className="grid h-auto w-full grid-cols-3" aria-label="Agent details">
                {tabTrigger("basic", "Basic Info")}
                {tabTrigger("behavior", "Behavior")}
                {tabTrigger("goals", "Sales Goals")}
              </TabsList>

              <TabsContent value="basic" className="grid gap-4">
                <div className="grid items-start gap-4 sm:grid-cols-2">
                  <Field label="Name *" error={errors.name}>
                    {(props) => (
                      <Input
                        {...props}
                        value={form.name}
                        onChange={text("name")}
                        maxLength={80}
                        autoComplete="off"
                        aria-required
                      />
                    )}
                  </Field>
                  <Field label="Specialization" error={errors.specialization}>
                    {(props) => (
                      <NativeSelect {...props} value={form.specialization} onChange={text("specialization")}>
                        {TELECOM_SPECIALIZATIONS.map((value) => (
                          <option key={value} value={value}>
                            {TELECOM_SPECIALIZATION_LABELS[value]}
                          </option>
                        ))}
                      </NativeSelect>
                    )}
                  </Field>
                </div>
                <ProviderChoices
                  value={form.providers}
                  error={errors.providers}
                  onChange={set("providers")}
                />
                <Field label="Keywords" error={errors.keywords} hint="Separated by commas.">
                  {(props) => (
                    <Input
                      {...props}
                      value={form.keywords}
                      onChange={text("keywords")}
                      autoComplete="off"
                      placeholder="internet, fiber, speed"
                    />
                  )}
                </Field>
              </TabsContent>

              <TabsContent value="behavior" className="grid gap-4">
                <Field label="Personality" error={errors.personality}>
                  {(props) => (
                    <Textarea {...props} value={form.personality} onChange={text("personality")} rows={2} />
                  )}
                </Field>
                <Field label="Script" error={errors.script}>
                  {(props) => <Textarea {...props} value={form.script} onChange={text("script")} rows={4} />}
                </Field>
                <Field label="Response Style" error={errors.responseStyle}>
                  {(props) => (
                    <NativeSelect {...props} value={form.responseStyle} onChange={text("responseStyle")}>
                      {RESPONSE_STYLES.map((value) => (
                        <option key={value} value={value}>
                          {RESPONSE_STYLE_LABELS[value]}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </Field>
                <div className="grid items-start gap-4 sm:grid-cols-2">
                  <NumberField
                    label="Max Call Duration (min)"
                    value={form.maxCallDuration}
                    onChange={set("maxCallDuration")}
                    min={1}
                    max={240}
                    step={1}
                    hint={`Empty means ${TELECOM_DEFAULTS.maxCallDuration}`}
                    error={errors.maxCallDuration}
                  />
                  <NumberField
                    label="Transfer Threshold"
                    value={form.transferThreshold}
                    onChange={set("transferThreshold")}
                    min={0}
                    max={20}
                    step={1}
                    hint={`Objections before a person takes over; empty means ${TELECOM_DEFAULTS.transferThreshold}`}
                    error={errors.transferThreshold}
                  />
                </div>
              </TabsContent>

              <TabsContent value="goals" className="grid items-start gap-4 sm:grid-cols-3">
                <NumberField
                  label="Daily Target"
                  value={form.dailyTarget}
                  onChange={set("dailyTarget", "salesGoals.dailyTarget")}
                  min={0}
                  max={1000}
                  step={1}
                  hint={`Sales a day; empty means ${TELECOM_DEFAULTS.dailyTarget}`}
                  error={errors["salesGoals.dailyTarget"]}
                />
                <NumberField
                  label="Bundle Preference (%)"
                  value={form.bundlePreference}
                  onChange={set("bundlePreference", "salesGoals.bundlePreference")}
                  min={0}
                  max={100}
                  step={1}
                  hint={`0 to 100; empty means ${TELECOM_DEFAULTS.bundlePreference}`}
                  error={errors["salesGoals.bundlePreference"]}
                />
                <NumberField
                  label="Upsell Rate (%)"
                  value={form.upsellRate}
                  onChange={set("upsellRate", "salesGoals.upsellRate")}
                  min={0}
                  max={100}
                  step={1}
                  hint={`0 to 100; empty means ${TELECOM_DEFAULTS.upsellRate}`}
                  error={errors["salesGoals.upsellRate"]}
                />
              </TabsContent>
            </Tabs>
          </fieldset>

          {problems > 0 ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.form ??
                `Check the ${problems === 1 ? "field" : `${problems} fields`} marked in the tabs.`}
            </p>
          ) : null}

          {manage ? (
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
          )}
        </CardContent>
      </form>
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

function ProviderChoices({
  value,
  error,
  onChange,
}: {
  value: TelecomProvider[];
  error: string | undefined;
  onChange: (next: TelecomProvider[]) => void;
}) {
  const id = useId();
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">Providers</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {TELECOM_PROVIDERS.map((provider) => (
          <div key={provider} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${provider}`}
              checked={value.includes(provider)}
              onCheckedChange={(checked) =>
                onChange(checked === true ? [...value, provider] : value.filter((item) => item !== provider))
              }
            />
            <Label htmlFor={`${id}-${provider}`} className="font-normal">
              {PROVIDER_LABELS[provider]}
            </Label>
          </div>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
