import {
  AI_FLOW_CONDITION_LABELS,
  AI_FLOW_CONDITIONS,
  AI_FLOW_NEXT_ACTION_LABELS,
  AI_FLOW_NEXT_ACTIONS,
  AI_FLOW_RESPONSE_MAX,
  AI_FLOW_VARIABLE_HELP,
  AI_FLOW_VARIABLES,
  type AiFlow,
  type AiFlowCondition,
  type AiFlowNextAction,
  FILL_ALL_FIELDS,
  templateProblem,
} from "@common/ai-studio";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import {
  Dialog,
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
import { serverMessage, toast } from "../../../lib/toast";
import { useCreateAiFlow } from "../api/create-ai-flow";
import { useUpdateAiFlow } from "../api/update-ai-flow";

type Form = {
  name: string;
  keywords: string;
  response: string;
  nextAction: AiFlowNextAction;
  conditions: AiFlowCondition[];
  isActive: boolean;
};

const blank: Form = {
  name: "",
  keywords: "",
  response: "",
  nextAction: "continue",
  conditions: [],
  isActive: true,
};

const formOf = (flow: AiFlow | null): Form =>
  flow
    ? {
        name: flow.name,
        keywords: flow.triggerKeywords.join(", "),
        response: flow.responseTemplate,
        nextAction: flow.nextAction,
        conditions: flow.conditions,
        isActive: flow.isActive,
      }
    : blank;

/** Create or edit an AI flow: name, trigger keywords, response template, next action, conditions. */
export function FlowDialog({
  open,
  flow,
  onOpenChange,
}: {
  open: boolean;
  flow: AiFlow | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [form, setForm] = useState<Form>(blank);
  const [error, setError] = useState<string | null>(null);
  const responseRef = useRef<HTMLTextAreaElement>(null);
  const create = useCreateAiFlow();
  const update = useUpdateAiFlow();
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (open) {
      setForm(formOf(flow));
      setError(null);
    }
  }, [open, flow]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setError(null);
  };

  /** Puts {{variable}} where the cursor is in the response. */
  const insert = (name: string) => {
    const tag = `{{${name}}}`;
    const box = responseRef.current;
    const at = box?.selectionStart ?? form.response.length;
    const end = box?.selectionEnd ?? at;
    set("response", `${form.response.slice(0, at)}${tag}${form.response.slice(end)}`);
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(at + tag.length, at + tag.length);
    });
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const keywords = form.keywords
      .split(",")
      .map((k) => k.trim())
      .filter(Boolean);
    // All three are needed.
    if (!form.name.trim() || keywords.length === 0 || !form.response.trim()) {
      setError(FILL_ALL_FIELDS);
      return;
    }
    const problem = templateProblem(form.response);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    const body = {
      name: form.name,
      triggerKeywords: keywords,
      responseTemplate: form.response,
      nextAction: form.nextAction,
      conditions: form.conditions,
      isActive: form.isActive,
    };
    const done = {
      onSuccess: () => {
        toast({
          title: flow ? "Flow updated" : "Flow created",
          description: `${form.name.trim()} answers on your next calls.`,
        });
        onOpenChange(false);
      },
      onError: (failure: unknown) =>
        setError(serverMessage(failure) ?? "The flow could not be saved. Please try again."),
    };
    if (flow) update.mutate({ id: flow.id, change: body }, done);
    else create.mutate(body, done);
  };

  const toggleCondition = (condition: AiFlowCondition, on: boolean) =>
    set("conditions", on ? [...form.conditions, condition] : form.conditions.filter((c) => c !== condition));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{flow ? "Edit AI flow" : "Create AI flow"}</DialogTitle>
          <DialogDescription>
            When a caller says one of the trigger keywords, the assistant says the response and takes the next
            action.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid grid-cols-1 gap-4" noValidate>
          <Field label="Flow name">
            {(props) => (
              <Input
                {...props}
                value={form.name}
                maxLength={80}
                onChange={(e) => set("name", e.target.value)}
              />
            )}
          </Field>
          <Field
            label="Trigger keywords"
            hint="Separate words or phrases with commas, e.g. opening hours, when are you open"
          >
            {(props) => (
              <Input {...props} value={form.keywords} onChange={(e) => set("keywords", e.target.value)} />
            )}
          </Field>
          <Field
            label="Response template"
            hint={`Up to ${AI_FLOW_RESPONSE_MAX} characters. Variables are filled in on the call.`}
          >
            {(props) => (
              <Textarea
                {...props}
                ref={responseRef}
                rows={3}
                maxLength={AI_FLOW_RESPONSE_MAX}
                value={form.response}
                onChange={(e) => set("response", e.target.value)}
              />
            )}
          </Field>
          <fieldset className="flex flex-wrap items-center gap-1.5">
            <legend className="sr-only">Insert a variable</legend>
            {AI_FLOW_VARIABLES.map((name) => (
              <Button
                key={name}
                type="button"
                variant="outline"
                size="sm"
                title={AI_FLOW_VARIABLE_HELP[name]}
                onClick={() => insert(name)}
              >
                {`{{${name}}}`}
              </Button>
            ))}
          </fieldset>
          <Field label="Next action">
            {(props) => (
              <NativeSelect
                {...props}
                value={form.nextAction}
                onChange={(e) => set("nextAction", e.target.value as AiFlowNextAction)}
              >
                {AI_FLOW_NEXT_ACTIONS.map((action) => (
                  <option key={action} value={action}>
                    {AI_FLOW_NEXT_ACTION_LABELS[action]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <fieldset className="grid grid-cols-1 gap-2">
            <legend className="mb-1 text-sm font-medium">Conditions (all must hold; none: always)</legend>
            {AI_FLOW_CONDITIONS.map((condition) => {
              const id = `flow-condition-${condition}`;
              return (
                <div key={condition} className="flex items-center gap-2">
                  <Checkbox
                    id={id}
                    checked={form.conditions.includes(condition)}
                    onCheckedChange={(checked) => toggleCondition(condition, checked === true)}
                  />
                  <Label htmlFor={id} className="font-normal">
                    {AI_FLOW_CONDITION_LABELS[condition]}
                  </Label>
                </div>
              );
            })}
          </fieldset>
          <div className="flex items-center gap-2">
            <Switch id="flow-active" checked={form.isActive} onCheckedChange={(on) => set("isActive", on)} />
            <Label htmlFor="flow-active">Active on calls</Label>
          </div>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving..." : flow ? "Save Flow" : "Create Flow"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
