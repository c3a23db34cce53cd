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
  type TransferCondition,
} from "@common/scripts";
import { type FormEvent, useId, useState } from "react";
import { ErrorTabTrigger, NumberField } from "../../../components/forms/form-fields";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
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
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { Switch } from "../../../components/ui/switch";
import { Tabs, TabsContent, TabsList } from "../../../components/ui/tabs";
import { type FieldErrors, serverFieldErrors } from "../../../lib/forms/field-errors";
import { useFieldForm } from "../../../lib/forms/use-field-form";
import { toast, toastError } from "../../../lib/toast";
import { useCreateScript } from "../api/create-script";
import { useUpdateScript } from "../api/update-script";
import { PITCH_LABELS, SCRIPT_TYPE_LABELS, TONE_LABELS, VOICE_LABELS } from "../labels";
import {
  checkScriptForm,
  firstScriptTab,
  type ScriptFormState,
  scriptFormState,
  tabOf,
} from "../script-form";

type Tab = "voice" | "personality" | "advanced";

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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {open ? (
          <ScriptForm key={script?.id ?? "new"} script={script} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ScriptForm({ script, onDone }: { script: Script | null; onDone: () => void }) {
  const { form, errors, setErrors, set, text } = useFieldForm<ScriptFormState>(() => scriptFormState(script));
  const [tab, setTab] = useState<Tab>("voice");
  const create = useCreateScript();
  const update = useUpdateScript();
  const pending = create.isPending || update.isPending;
  const editing = script !== null;

  /** Shows the messages, on the tab of the first one when it is behind a tab. */
  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const where = firstScriptTab(found);
    if (where) setTab(where);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = checkScriptForm(form);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    const failed = (fallback: string) => (error: unknown) => {
      const found = serverFieldErrors(error);
      if (Object.keys(found).length) showErrors(found);
      toastError("Error", fallback, error);
    };
    if (script) {
      update.mutate(
        { id: script.id, change: checked.body },
        {
          onSuccess: () => {
            toast({ title: "Success", description: SCRIPT_MESSAGES.updated });
            onDone();
          },
          onError: failed(SCRIPT_MESSAGES.updateFailed),
        },
      );
    } else {
      create.mutate(checked.body, {
        onSuccess: () => {
          toast({ title: "Success", description: SCRIPT_MESSAGES.created });
          onDone();
        },
        onError: failed(SCRIPT_MESSAGES.createFailed),
      });
    }
  };

  const problems = Object.keys(errors).length;
  const tabHasError = (name: Tab) => Object.keys(errors).some((path) => tabOf(path) === name);
  const tabLabel = (name: Tab, label: string) => (
    <ErrorTabTrigger value={name} label={label} hasError={tabHasError(name)} />
  );

  return (
    <form className="grid min-w-0 gap-4" onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{editing ? "Edit AI Script" : "Create AI Script"}</DialogTitle>
        <DialogDescription>
          The default script greets every caller with its opening message and guides the assistant.
        </DialogDescription>
      </DialogHeader>

      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field label="Script Name *" error={errors.name}>
          {(props) => (
            <Input
              {...props}
              value={form.name}
              onChange={text("name", "name")}
              placeholder="Dental front desk"
              maxLength={SCRIPT_NAME_MAX}
              autoComplete="off"
              aria-required
            />
          )}
        </Field>
        <Field label="Script Type" error={errors.scriptType}>
          {(props) => (
            <NativeSelect {...props} value={form.scriptType} onChange={text("scriptType", "scriptType")}>
              {SCRIPT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {SCRIPT_TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <Field label="Description" error={errors.description}>
        {(props) => (
          <Textarea
            {...props}
            value={form.description}
            onChange={text("description", "description")}
            placeholder="What this script is for"
            maxLength={SCRIPT_DESCRIPTION_MAX}
            rows={2}
          />
        )}
      </Field>
      <Field
        label="Opening Message *"
        error={errors.openingMessage}
        hint="The first thing callers hear when this is the default script."
      >
        {(props) => (
          <Textarea
            {...props}
            value={form.openingMessage}
            onChange={text("openingMessage", "openingMessage")}
            rows={2}
            maxLength={OPENING_MESSAGE_MAX}
            aria-required
          />
        )}
      </Field>

      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="min-w-0">
        <TabsList className="grid h-auto w-full grid-cols-3" aria-label="Script settings">
          {tabLabel("voice", "Voice Settings")}
          {tabLabel("personality", "Personality")}
          {tabLabel("advanced", "Advanced")}
        </TabsList>

        <TabsContent value="voice" className="grid gap-4">
          <div className="grid items-start gap-4 sm:grid-cols-3">
            <Field label="Voice" error={errors["voiceSettings.voice"]}>
              {(props) => (
                <NativeSelect {...props} value={form.voice} onChange={text("voice", "voiceSettings.voice")}>
                  {SCRIPT_VOICES.map((voice) => (
                    <option key={voice} value={voice}>
                      {VOICE_LABELS[voice]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field
              label="Speed"
              error={errors["voiceSettings.speed"]}
              hint={`${SPEED_MIN} to ${SPEED_MAX.toFixed(1)}; 1 is normal`}
            >
              {(props) => (
                <Input
                  {...props}
                  type="number"
                  inputMode="decimal"
                  min={SPEED_MIN}
                  max={SPEED_MAX}
                  step={SPEED_STEP}
                  value={form.speed}
                  onChange={text("speed", "voiceSettings.speed")}
                />
              )}
            </Field>
            <Field label="Pitch" error={errors["voiceSettings.pitch"]}>
              {(props) => (
                <NativeSelect {...props} value={form.pitch} onChange={text("pitch", "voiceSettings.pitch")}>
                  {SCRIPT_PITCHES.map((pitch) => (
                    <option key={pitch} value={pitch}>
                      {PITCH_LABELS[pitch]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          </div>
          <p className="text-sm text-muted-foreground">
            The voice and speed are used when the assistant speaks on calls.
          </p>
        </TabsContent>

        <TabsContent value="personality" className="grid gap-4">
          <Field label="Tone" error={errors["personalityTraits.tone"]}>
            {(props) => (
              <NativeSelect {...props} value={form.tone} onChange={text("tone", "personalityTraits.tone")}>
                {SCRIPT_TONES.map((tone) => (
                  <option key={tone} value={tone}>
                    {TONE_LABELS[tone]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <NumberField
              label={`Empathy (${TRAIT_MIN}-${TRAIT_MAX})`}
              value={form.empathy}
              onChange={set("empathy", "personalityTraits.empathy")}
              min={TRAIT_MIN}
              max={TRAIT_MAX}
              step={1}
              hint="Higher acknowledges how the caller feels before answering."
              error={errors["personalityTraits.empathy"]}
            />
            <NumberField
              label={`Formality (${TRAIT_MIN}-${TRAIT_MAX})`}
              value={form.formality}
              onChange={set("formality", "personalityTraits.formality")}
              min={TRAIT_MIN}
              max={TRAIT_MAX}
              step={1}
              hint="Higher speaks more formally; lower more casually."
              error={errors["personalityTraits.formality"]}
            />
          </div>
        </TabsContent>

        <TabsContent value="advanced" className="grid gap-5">
          <fieldset className="grid min-w-0 gap-4 rounded-md border p-3">
            <legend className="px-1 text-sm font-semibold">Transfer rules</legend>
            <Field
              label="Transfer Keywords"
              error={errors["transferRules.keywords"]}
              hint="Separated by commas. A caller who says one is transferred."
            >
              {(props) => (
                <Input
                  {...props}
                  value={form.transferKeywords}
                  onChange={text("transferKeywords", "transferRules.keywords")}
                  placeholder="emergency, speak to the dentist"
                  autoComplete="off"
                />
              )}
            </Field>
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <Field
                label="Transfer After (minutes)"
                error={errors["transferRules.minutes"]}
                hint="Leave empty to never transfer by time."
              >
                {(props) => (
                  <Input
                    {...props}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={TRANSFER_MINUTES_MAX}
                    step={1}
                    value={form.transferMinutes}
                    onChange={text("transferMinutes", "transferRules.minutes")}
                  />
                )}
              </Field>
              <Field
                label="Transfer Number"
                error={errors["transferRules.transferNumber"]}
                hint="Leave empty to use the owner's cell number."
              >
                {(props) => (
                  <Input
                    {...props}
                    type="tel"
                    value={form.transferNumber}
                    onChange={text("transferNumber", "transferRules.transferNumber")}
                    placeholder="+15551234567"
                    autoComplete="off"
                  />
                )}
              </Field>
            </div>
            <ConditionChoices
              value={form.transferConditions}
              error={errors["transferRules.conditions"]}
              onChange={set("transferConditions", "transferRules.conditions")}
            />
          </fieldset>
          <Field
            label="Business Rules"
            error={errors.businessRules}
            hint="One a line: facts and policies the assistant answers from."
          >
            {(props) => (
              <Textarea
                {...props}
                value={form.businessRules}
                onChange={text("businessRules", "businessRules")}
                rows={4}
                placeholder={"We are open Monday to Friday, 8 am to 5 pm.\nNew patients are welcome."}
              />
            )}
          </Field>
          <Field
            label="Conversation Flow"
            error={errors.conversationFlow}
            hint="One step a line, in the order the assistant goes through them."
          >
            {(props) => (
              <Textarea
                {...props}
                value={form.conversationFlow}
                onChange={text("conversationFlow", "conversationFlow")}
                rows={4}
                placeholder={"Ask for the caller's name.\nAsk what the call is about."}
              />
            )}
          </Field>
          <fieldset className="grid min-w-0 gap-4 rounded-md border p-3">
            <legend className="px-1 text-sm font-semibold">Appointments</legend>
            <SwitchRow
              label="Book appointments on these calls"
              checked={form.appointmentsEnabled}
              onChange={set("appointmentsEnabled", "appointmentSettings.enabled")}
            />
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <Field
                label="Appointment Length (minutes)"
                error={errors["appointmentSettings.durationMinutes"]}
              >
                {(props) => (
                  <Input
                    {...props}
                    type="number"
                    inputMode="numeric"
                    min={5}
                    step={5}
                    value={form.appointmentMinutes}
                    onChange={text("appointmentMinutes", "appointmentSettings.durationMinutes")}
                    disabled={!form.appointmentsEnabled}
                  />
                )}
              </Field>
              <Field label="Buffer Between (minutes)" error={errors["appointmentSettings.bufferMinutes"]}>
                {(props) => (
                  <Input
                    {...props}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={5}
                    value={form.bufferMinutes}
                    onChange={text("bufferMinutes", "appointmentSettings.bufferMinutes")}
                    disabled={!form.appointmentsEnabled}
                  />
                )}
              </Field>
            </div>
          </fieldset>
        </TabsContent>
      </Tabs>

      <div className="grid gap-3 rounded-md bg-muted/50 p-3">
        <SwitchRow label="Active" checked={form.isActive} onChange={set("isActive", "isActive")} />
        <SwitchRow
          label="Default script for calls"
          checked={form.isDefault}
          onChange={set("isDefault", "isDefault")}
        />
      </div>

      {problems > 0 ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.form ?? `Check the ${problems === 1 ? "field" : `${problems} fields`} marked above.`}
        </p>
      ) : null}

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {editing ? (pending ? "Saving..." : "Save Changes") : pending ? "Creating..." : "Create Script"}
        </Button>
      </DialogFooter>
    </form>
  );
}

function SwitchRow({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3">
      <Label htmlFor={id}>{label}</Label>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

function ConditionChoices({
  value,
  error,
  onChange,
}: {
  value: TransferCondition[];
  error: string | undefined;
  onChange: (next: TransferCondition[]) => void;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">Also transfer when</legend>
      {TRANSFER_CONDITIONS.map((condition) => (
        <div key={condition} className="flex items-center gap-2">
          <Checkbox
            id={`${id}-${condition}`}
            checked={value.includes(condition)}
            onCheckedChange={(checked) =>
              onChange(checked === true ? [...value, condition] : value.filter((item) => item !== condition))
            }
          />
          <Label htmlFor={`${id}-${condition}`} className="font-normal">
            {TRANSFER_CONDITION_LABELS[condition]}
          </Label>
        </div>
      ))}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
