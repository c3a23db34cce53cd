import {
  AGENT_LANGUAGES,
  AGENT_NAME_MAX,
  AGENT_SPECIALIZATIONS,
  AGENT_TONES,
  AGENT_VOICES,
  type Agent,
  type AgentLanguage,
} from "@common/agents";
import { type FormEvent, useId, useState } from "react";
import { ErrorTabTrigger, NumberField, SwitchRow } from "../../../components/forms/form-fields";
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
import { Tabs, TabsContent, TabsList } from "../../../components/ui/tabs";
import { type FieldErrors, serverFieldErrors } from "../../../lib/forms/field-errors";
import { useFieldForm } from "../../../lib/forms/use-field-form";
import { toast, toastError } from "../../../lib/toast";
import {
  type AgentFormState,
  type AgentTab,
  agentFormState,
  agentTabOf,
  checkAgentForm,
  firstAgentTab,
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {open ? (
          <AgentForm key={agent?.id ?? "new"} agent={agent} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const TABS: { value: AgentTab; label: string }[] = [
  { value: "basics", label: "Basics" },
  { value: "personality", label: "Personality" },
  { value: "knowledge", label: "Knowledge" },
  { value: "voice", label: "Voice & AI" },
];

function AgentForm({ agent, onDone }: { agent: Agent | null; onDone: () => void }) {
  const { form, errors, setErrors, set, text } = useFieldForm<AgentFormState>(() => agentFormState(agent));
  const [tab, setTab] = useState<AgentTab>("basics");
  const create = useCreateAiAgent();
  const update = useUpdateAiAgent();
  const pending = create.isPending || update.isPending;

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = firstAgentTab(found);
    if (first) setTab(first);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = checkAgentForm(form);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    const failed = (fallback: string) => (error: unknown) => {
      const found = serverFieldErrors(error);
      if (Object.keys(found).length) showErrors(found);
      toastError("Error", fallback, error);
    };
    if (agent) {
      update.mutate(
        { id: agent.id, change: checked.body },
        {
          onSuccess: (saved) => {
            toast({ title: "Agent updated", description: `${saved.name} was saved.` });
            onDone();
          },
          onError: failed("Failed to update agent"),
        },
      );
    } else {
      create.mutate(checked.body, {
        onSuccess: (saved) => {
          toast({
            title: "Agent created",
            description: `${saved.name} has extension ${saved.extension}. Activate it to route calls to it.`,
          });
          onDone();
        },
        onError: failed("Failed to create agent"),
      });
    }
  };

  const problems = Object.keys(errors).length;
  const tabHasError = (name: AgentTab) => Object.keys(errors).some((path) => agentTabOf(path) === name);

  return (
    <form className="grid min-w-0 gap-4" onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{agent ? "Edit Agent" : "Create Agent"}</DialogTitle>
        <DialogDescription>
          Calls are routed to an active agent by its keywords and extension; its settings shape every reply.
        </DialogDescription>
      </DialogHeader>

      <Tabs value={tab} onValueChange={(value) => setTab(value as AgentTab)} className="min-w-0">
        <TabsList className="grid h-auto w-full grid-cols-2 sm:grid-cols-4" aria-label="Agent settings">
          {TABS.map(({ value, label }) => (
            <ErrorTabTrigger key={value} value={value} label={label} hasError={tabHasError(value)} />
          ))}
        </TabsList>

        <TabsContent value="basics" className="grid gap-4">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field label="Agent Name *" error={errors.name}>
              {(props) => (
                <Input
                  {...props}
                  value={form.name}
                  onChange={text("name")}
                  maxLength={AGENT_NAME_MAX}
                  autoComplete="off"
                  placeholder="Sarah (Sales)"
                  aria-required
                />
              )}
            </Field>
            <Field label="Specialization" error={errors.specialization}>
              {(props) => (
                <NativeSelect {...props} value={form.specialization} onChange={text("specialization")}>
                  {AGENT_SPECIALIZATIONS.map((value) => (
                    <option key={value} value={value}>
                      {SPECIALIZATION_LABELS[value]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          </div>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field
              label="Extension"
              error={errors.extension}
              hint={agent ? "2 to 6 digits." : "Leave empty for the next free one (101 first)."}
            >
              {(props) => (
                <Input
                  {...props}
                  value={form.extension}
                  onChange={text("extension")}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={6}
                />
              )}
            </Field>
            <Field
              label="Keywords"
              error={errors.keywords}
              hint="Separated by commas; calls mentioning them come here."
            >
              {(props) => (
                <Input
                  {...props}
                  value={form.keywords}
                  onChange={text("keywords")}
                  autoComplete="off"
                  placeholder="price, plan, cost"
                />
              )}
            </Field>
          </div>
          <Field label="Purpose" error={errors.purpose}>
            {(props) => (
              <Input
                {...props}
                value={form.purpose}
                onChange={text("purpose")}
                autoComplete="off"
                placeholder="Answer pricing questions and sign up new customers"
              />
            )}
          </Field>
          <Field
            label="Script"
            error={errors.script}
            hint="What the agent says first when a call comes to it."
          >
            {(props) => <Textarea {...props} value={form.script} onChange={text("script")} rows={3} />}
          </Field>
          <Field label="Closing Style" error={errors.closingStyle} hint="How the agent ends a call.">
            {(props) => <Input {...props} value={form.closingStyle} onChange={text("closingStyle")} />}
          </Field>
        </TabsContent>

        <TabsContent value="personality" className="grid gap-4">
          <Field label="Voice" error={errors.voice} hint="The agent's speaking manner.">
            {(props) => (
              <NativeSelect {...props} value={form.voice} onChange={text("voice")}>
                {AGENT_VOICES.map((value) => (
                  <option key={value} value={value}>
                    {AGENT_VOICE_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label="Personality" error={errors.personality}>
            {(props) => (
              <Input
                {...props}
                value={form.personality}
                onChange={text("personality")}
                placeholder="Warm, patient and clear"
              />
            )}
          </Field>
          <Field label="Conversation Style" error={errors.conversationStyle}>
            {(props) => (
              <Input {...props} value={form.conversationStyle} onChange={text("conversationStyle")} />
            )}
          </Field>
          <div className="grid items-start gap-4 sm:grid-cols-3">
            <NumberField
              label="Empathy Level"
              value={form.empathyLevel}
              onChange={set("empathyLevel")}
              min={1}
              max={10}
              step={1}
              error={errors.empathyLevel}
            />
            <NumberField
              label="Assertiveness Level"
              value={form.assertivenessLevel}
              onChange={set("assertivenessLevel")}
              min={1}
              max={10}
              step={1}
              error={errors.assertivenessLevel}
            />
            <NumberField
              label="Response Speed (s)"
              value={form.responseSpeed}
              onChange={set("responseSpeed")}
              min={0}
              max={3}
              step={0.1}
              hint="Pause before answering, 0 to 3"
              error={errors.responseSpeed}
            />
          </div>
        </TabsContent>

        <TabsContent value="knowledge" className="grid gap-4">
          <Field
            label="Knowledge Base"
            error={errors.knowledgeBase}
            hint="Facts the agent answers from, one a line."
          >
            {(props) => (
              <Textarea {...props} value={form.knowledgeBase} onChange={text("knowledgeBase")} rows={4} />
            )}
          </Field>
          <Field
            label="Rebuttal Playbook"
            error={errors.rebuttalPlaybook}
            hint="One rebuttal a line; blank lines are dropped."
          >
            {(props) => (
              <Textarea
                {...props}
                value={form.rebuttalPlaybook}
                onChange={text("rebuttalPlaybook")}
                rows={4}
              />
            )}
          </Field>
          <Field label="Objection Handling" error={errors.objectionHandling}>
            {(props) => (
              <Textarea
                {...props}
                value={form.objectionHandling}
                onChange={text("objectionHandling")}
                rows={2}
              />
            )}
          </Field>
          <Field label="Sales Techniques" error={errors.salesTechniques}>
            {(props) => (
              <Textarea {...props} value={form.salesTechniques} onChange={text("salesTechniques")} rows={2} />
            )}
          </Field>
        </TabsContent>

        <TabsContent value="voice" className="grid gap-5">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <NumberField
              label="Max Call Duration (min)"
              value={form.maxCallDuration}
              onChange={set("maxCallDuration")}
              min={1}
              max={240}
              step={1}
              error={errors.maxCallDuration}
            />
            <NumberField
              label="Transfer Threshold"
              value={form.transferThreshold}
              onChange={set("transferThreshold")}
              min={0}
              max={1}
              step={0.05}
              hint="0 to 1: turns at least this urgent go to a person"
              error={errors.transferThreshold}
            />
          </div>
          <fieldset className="grid min-w-0 gap-4 rounded-md border p-3">
            <legend className="px-1 text-sm font-semibold">Voice settings</legend>
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <NumberField
                label="Speed"
                value={form.voiceSpeed}
                onChange={set("voiceSpeed", "voiceSettings.speed")}
                min={0.5}
                max={2}
                step={0.1}
                error={errors["voiceSettings.speed"]}
              />
              <NumberField
                label="Pitch"
                value={form.voicePitch}
                onChange={set("voicePitch", "voiceSettings.pitch")}
                min={0.5}
                max={2}
                step={0.1}
                error={errors["voiceSettings.pitch"]}
              />
              <NumberField
                label="Volume"
                value={form.voiceVolume}
                onChange={set("voiceVolume", "voiceSettings.volume")}
                min={0}
                max={1}
                step={0.1}
                error={errors["voiceSettings.volume"]}
              />
              <Field label="Tone" error={errors["voiceSettings.tone"]}>
                {(props) => (
                  <NativeSelect
                    {...props}
                    value={form.voiceTone}
                    onChange={text("voiceTone", "voiceSettings.tone")}
                  >
                    {AGENT_TONES.map((value) => (
                      <option key={value} value={value}>
                        {AGENT_VOICE_LABELS[value]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
            </div>
          </fieldset>
          <fieldset className="grid min-w-0 gap-4 rounded-md border p-3">
            <legend className="px-1 text-sm font-semibold">AI settings</legend>
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <NumberField
                label="Creativity"
                value={form.creativityLevel}
                onChange={set("creativityLevel", "aiSettings.creativityLevel")}
                min={0}
                max={1}
                step={0.1}
                error={errors["aiSettings.creativityLevel"]}
              />
              <NumberField
                label="Context Window (turns)"
                value={form.contextWindow}
                onChange={set("contextWindow", "aiSettings.contextWindow")}
                min={1}
                max={50}
                step={1}
                error={errors["aiSettings.contextWindow"]}
              />
            </div>
            <SwitchRow
              label="Interruption handling"
              hint="The caller may speak over the agent."
              checked={form.interruptionHandling}
              onChange={set("interruptionHandling", "aiSettings.interruptionHandling")}
            />
            <SwitchRow
              label="Background noise filter"
              hint="Turns with no words are ignored."
              checked={form.backgroundNoiseFilter}
              onChange={set("backgroundNoiseFilter", "aiSettings.backgroundNoiseFilter")}
            />
            <SwitchRow
              label="Sentiment adaptation"
              hint="An upset caller's feelings are acknowledged first."
              checked={form.sentimentAdaptation}
              onChange={set("sentimentAdaptation", "aiSettings.sentimentAdaptation")}
            />
          </fieldset>
          <LanguageChoices
            languages={form.languages}
            primary={form.primaryLanguage}
            error={errors.languages ?? errors.primaryLanguage}
            onLanguages={set("languages")}
            onPrimary={set("primaryLanguage")}
          />
        </TabsContent>
      </Tabs>

      {problems > 0 ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.form ?? `Check the ${problems === 1 ? "field" : `${problems} fields`} marked in the tabs.`}
        </p>
      ) : null}

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {agent ? (pending ? "Saving..." : "Save Changes") : pending ? "Creating..." : "Create Agent"}
        </Button>
      </DialogFooter>
    </form>
  );
}

function LanguageChoices({
  languages,
  primary,
  error,
  onLanguages,
  onPrimary,
}: {
  languages: AgentLanguage[];
  primary: AgentLanguage;
  error: string | undefined;
  onLanguages: (next: AgentLanguage[]) => void;
  onPrimary: (next: AgentLanguage) => void;
}) {
  const id = useId();
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-semibold">Languages</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {AGENT_LANGUAGES.map((language) => (
          <div key={language} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${language}`}
              checked={languages.includes(language) || language === primary}
              disabled={language === primary}
              onCheckedChange={(checked) =>
                onLanguages(
                  checked === true ? [...languages, language] : languages.filter((item) => item !== language),
                )
              }
            />
            <Label htmlFor={`${id}-${language}`} className="font-normal">
              {language}
            </Label>
          </div>
        ))}
      </div>
      <Field label="Primary Language" error={error}>
        {(props) => (
          <NativeSelect
            {...props}
            value={primary}
            onChange={(event) => onPrimary(event.target.value as AgentLanguage)}
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
