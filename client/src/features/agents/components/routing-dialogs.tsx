import {
  type Agent,
  type ConversationFlow,
  NEXT_ACTIONS,
  PRIORITY_MAX,
  PRIORITY_MIN,
  type RoutingRule,
  RULE_DIRECTIONS,
} from "@common/agents";
import { CLASSIFICATIONS, type Classification } from "@common/calls";
import { type FormEvent, useId } from "react";
import { NumberField, SwitchRow } from "../../../components/forms/form-fields";
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
import { serverFieldErrors } from "../../../lib/forms/field-errors";
import { useFieldForm } from "../../../lib/forms/use-field-form";
import { toast, toastError } from "../../../lib/toast";
import { useCreateConversationFlow, useUpdateConversationFlow } from "../api/save-conversation-flow";
import { useCreateRoutingRule, useUpdateRoutingRule } from "../api/save-routing-rule";
import { NEXT_ACTION_LABELS } from "../labels";
import {
  type ConditionsState,
  checkFlow,
  checkRule,
  type FieldErrors,
  type FlowFormState,
  flowFormState,
  type RuleFormState,
  ruleFormState,
} from "../routing-form";

const DIRECTION_LABELS = { any: "Any call", inbound: "Inbound calls", outbound: "Outbound calls" } as const;

/** Add or edit a routing rule: keywords or an extension that send calls to one agent. */
export function RoutingRuleDialog({
  open,
  rule,
  agents,
  onOpenChange,
}: {
  open: boolean;
  rule: RoutingRule | null;
  agents: Agent[];
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        {open ? (
          <RuleForm key={rule?.id ?? "new"} rule={rule} agents={agents} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** A rule's or flow's form: a condition's message is filed under "conditions.<field>". */
function useFormState<T extends object>(initial: () => T) {
  return useFieldForm<T>(initial, (key) => [`conditions.${key}`]);
}

function RuleForm({
  rule,
  agents,
  onDone,
}: {
  rule: RoutingRule | null;
  agents: Agent[];
  onDone: () => void;
}) {
  const { form, errors, setErrors, set } = useFormState<RuleFormState>(() =>
    ruleFormState(rule, agents[0]?.id ?? ""),
  );
  const create = useCreateRoutingRule();
  const update = useUpdateRoutingRule();
  const pending = create.isPending || update.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = checkRule(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const options = {
      onSuccess: (saved: RoutingRule) => {
        toast({ title: "Routing rule saved", description: `${saved.name} routes calls now.` });
        onDone();
      },
      onError: (error: unknown) => {
        setErrors(serverFieldErrors(error));
        toastError("Error", "Failed to save the routing rule", error);
      },
    };
    if (rule) update.mutate({ id: rule.id, change: checked.body }, options);
    else create.mutate(checked.body, options);
  };
  return (
    <form className="grid min-w-0 gap-4" onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{rule ? "Edit Routing Rule" : "Add Routing Rule"}</DialogTitle>
        <DialogDescription>
          A caller whose words contain a keyword (or who dials the extension) goes to the agent. The highest
          priority wins a tie.
        </DialogDescription>
      </DialogHeader>
      <Field label="Rule Name *" error={errors.name}>
        {(props) => (
          <Input
            {...props}
            value={form.name}
            onChange={(event) => set("name")(event.target.value)}
            maxLength={120}
            autoComplete="off"
            aria-required
          />
        )}
      </Field>
      <Field label="Keywords" error={errors.keywords} hint="Separated by commas.">
        {(props) => (
          <Input
            {...props}
            value={form.keywords}
            onChange={(event) => set("keywords")(event.target.value)}
            autoComplete="off"
            placeholder="billing, invoice, refund"
          />
        )}
      </Field>
      <AgentAndPriority
        agents={agents}
        agentId={form.agentId}
        priority={form.priority}
        errors={errors}
        onAgent={set("agentId")}
        onPriority={set("priority")}
      />
      <ConditionsFields value={form} errors={errors} onChange={(key, value) => set(key)(value as never)} />
      <SwitchRow label="Active" checked={form.isActive} onChange={set("isActive")} />
      <FormFooter pending={pending} editing={rule !== null} errors={errors} />
    </form>
  );
}

/** Add or edit a conversation flow: trigger words that make an agent answer with a set response. */
export function ConversationFlowDialog({
  open,
  flow,
  agents,
  onOpenChange,
}: {
  open: boolean;
  flow: ConversationFlow | null;
  agents: Agent[];
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        {open ? (
          <FlowForm key={flow?.id ?? "new"} flow={flow} agents={agents} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function FlowForm({
  flow,
  agents,
  onDone,
}: {
  flow: ConversationFlow | null;
  agents: Agent[];
  onDone: () => void;
}) {
  const { form, errors, setErrors, set } = useFormState<FlowFormState>(() =>
    flowFormState(flow, agents[0]?.id ?? ""),
  );
  const create = useCreateConversationFlow();
  const update = useUpdateConversationFlow();
  const pending = create.isPending || update.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = checkFlow(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const options = {
      onSuccess: (saved: ConversationFlow) => {
        toast({ title: "Conversation flow saved", description: `${saved.name} answers its triggers now.` });
        onDone();
      },
      onError: (error: unknown) => {
        setErrors(serverFieldErrors(error));
        toastError("Error", "Failed to save the conversation flow", error);
      },
    };
    if (flow) update.mutate({ id: flow.id, change: checked.body }, options);
    else create.mutate(checked.body, options);
  };
  return (
    <form className="grid min-w-0 gap-4" onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{flow ? "Edit Conversation Flow" : "Add Conversation Flow"}</DialogTitle>
        <DialogDescription>
          When the caller says a trigger, the agent answers with the response and the call takes the next
          action.
        </DialogDescription>
      </DialogHeader>
      <Field label="Flow Name *" error={errors.name}>
        {(props) => (
          <Input
            {...props}
            value={form.name}
            onChange={(event) => set("name")(event.target.value)}
            maxLength={120}
            autoComplete="off"
            aria-required
          />
        )}
      </Field>
      <Field label="Triggers *" error={errors.trigger} hint="Words or phrases, separated by commas.">
        {(props) => (
          <Input
            {...props}
            value={form.trigger}
            onChange={(event) => set("trigger")(event.target.value)}
            autoComplete="off"
            placeholder="opening hours, are you open"
            aria-required
          />
        )}
      </Field>
      <Field
        label="Response *"
        error={errors.response}
        hint="You can use {callerName}, {agentName}, {businessName} and {ownerName}."
      >
        {(props) => (
          <Textarea
            {...props}
            value={form.response}
            onChange={(event) => set("response")(event.target.value)}
            rows={3}
            maxLength={1000}
            aria-required
          />
        )}
      </Field>
      <Field label="Next Action" error={errors.nextAction}>
        {(props) => (
          <NativeSelect
            {...props}
            value={form.nextAction}
            onChange={(event) => set("nextAction")(event.target.value as FlowFormState["nextAction"])}
          >
            {NEXT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {NEXT_ACTION_LABELS[action]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <AgentAndPriority
        agents={agents}
        agentId={form.agentId}
        priority={form.priority}
        errors={errors}
        onAgent={set("agentId")}
        onPriority={set("priority")}
      />
      <ConditionsFields value={form} errors={errors} onChange={(key, value) => set(key)(value as never)} />
      <SwitchRow label="Active" checked={form.isActive} onChange={set("isActive")} />
      <FormFooter pending={pending} editing={flow !== null} errors={errors} />
    </form>
  );
}

function AgentAndPriority({
  agents,
  agentId,
  priority,
  errors,
  onAgent,
  onPriority,
}: {
  agents: Agent[];
  agentId: string;
  priority: string;
  errors: FieldErrors;
  onAgent: (value: string) => void;
  onPriority: (value: string) => void;
}) {
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <Field label="Agent *" error={errors.agentId}>
        {(props) => (
          <NativeSelect
            {...props}
            value={agentId}
            onChange={(event) => onAgent(event.target.value)}
            aria-required
          >
            {agents.map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.name} (ext. {agent.extension})
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <NumberField
        label="Priority"
        value={priority}
        onChange={onPriority}
        min={PRIORITY_MIN}
        max={PRIORITY_MAX}
        step={1}
        hint={`${PRIORITY_MIN} to ${PRIORITY_MAX}; higher wins`}
        error={errors.priority}
      />
    </div>
  );
}

function ConditionsFields({
  value,
  errors,
  onChange,
}: {
  value: ConditionsState;
  errors: FieldErrors;
  onChange: <K extends keyof ConditionsState>(key: K, value: ConditionsState[K]) => void;
}) {
  const id = useId();
  const toggle = (classification: Classification, checked: boolean) =>
    onChange(
      "classifications",
      checked
        ? [...value.classifications, classification]
        : value.classifications.filter((item) => item !== classification),
    );
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-semibold">Applies to</legend>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field label="Calls" error={errors["conditions.direction"]}>
          {(props) => (
            <NativeSelect
              {...props}
              value={value.direction}
              onChange={(event) => onChange("direction", event.target.value as ConditionsState["direction"])}
            >
              {RULE_DIRECTIONS.map((direction) => (
                <option key={direction} value={direction}>
                  {DIRECTION_LABELS[direction]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Extension dialled" error={errors["conditions.extension"]} hint="Optional.">
          {(props) => (
            <Input
              {...props}
              value={value.extension}
              onChange={(event) => onChange("extension", event.target.value)}
              inputMode="numeric"
              maxLength={6}
              autoComplete="off"
            />
          )}
        </Field>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Only calls classified as (none: any)</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {CLASSIFICATIONS.map((classification) => (
            <div key={classification} className="flex items-center gap-2">
              <Checkbox
                id={`${id}-${classification}`}
                checked={value.classifications.includes(classification)}
                onCheckedChange={(checked) => toggle(classification, checked === true)}
              />
              <Label htmlFor={`${id}-${classification}`} className="font-normal capitalize">
                {classification}
              </Label>
            </div>
          ))}
        </div>
      </fieldset>
    </fieldset>
  );
}

function FormFooter({
  pending,
  editing,
  errors,
}: {
  pending: boolean;
  editing: boolean;
  errors: FieldErrors;
}) {
  const problems = Object.keys(errors).length;
  return (
    <>
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
          {pending ? "Saving..." : editing ? "Save Changes" : "Add"}
        </Button>
      </DialogFooter>
    </>
  );
}
