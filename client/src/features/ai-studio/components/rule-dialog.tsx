import {
  AUTOMATION_ACTION_LABELS,
  AUTOMATION_ACTION_TYPES,
  AUTOMATION_NAME_REQUIRED,
  type AutomationAction,
  type AutomationActionType,
  type AutomationCondition,
  type AutomationConditionType,
  type AutomationRule,
} from "@common/ai-studio";
import { CLASSIFICATIONS, type Classification } from "@common/calls";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { Switch } from "../../../components/ui/switch";
import { serverMessage, toast } from "../../../lib/toast";
import { useCreateAutomationRule } from "../api/create-automation-rule";
import { useUpdateAutomationRule } from "../api/update-automation-rule";

const CONDITION_LABELS: Record<AutomationConditionType, string> = {
  classification_is: "The call's classification is",
  importance_at_least: "The call's importance is at least",
  duration_over: "The call lasted longer than",
  caller_not_contact: "The caller is not in your contacts",
  sentiment_negative: "The caller's sentiment was negative",
};

type Form = {
  name: string;
  conditionType: AutomationConditionType;
  classification: Classification;
  importance: string;
  seconds: string;
  actionType: AutomationActionType;
  tag: string;
  isActive: boolean;
};

const blank: Form = {
  name: "",
  conditionType: "classification_is",
  classification: "support",
  importance: "4",
  seconds: "120",
  actionType: "follow_up",
  tag: "",
  isActive: true,
};

function formOf(rule: AutomationRule | null): Form {
  if (!rule) return blank;
  const c = rule.condition;
  return {
    ...blank,
    name: rule.name,
    conditionType: c.type,
    classification: c.type === "classification_is" ? c.classification : blank.classification,
    importance: c.type === "importance_at_least" ? String(c.importance) : blank.importance,
    seconds: c.type === "duration_over" ? String(c.seconds) : blank.seconds,
    actionType: rule.action.type,
    tag: rule.action.type === "tag_contact" ? rule.action.tag : "",
    isActive: rule.isActive,
  };
}

function conditionOf(form: Form): AutomationCondition {
  switch (form.conditionType) {
    case "classification_is":
      return { type: "classification_is", classification: form.classification };
    case "importance_at_least":
      return { type: "importance_at_least", importance: Number(form.importance) };
    case "duration_over":
      return { type: "duration_over", seconds: Number(form.seconds) };
    case "caller_not_contact":
      return { type: "caller_not_contact" };
    case "sentiment_negative":
      return { type: "sentiment_negative" };
  }
}

const actionOf = (form: Form): AutomationAction =>
  form.actionType === "tag_contact" ? { type: "tag_contact", tag: form.tag } : { type: form.actionType };

/** Create or edit an automation rule: when a finished call meets the condition, do the action. */
export function RuleDialog({
  open,
  rule,
  onOpenChange,
}: {
  open: boolean;
  rule: AutomationRule | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [form, setForm] = useState<Form>(blank);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateAutomationRule();
  const update = useUpdateAutomationRule();
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (open) {
      setForm(formOf(rule));
      setError(null);
    }
  }, [open, rule]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setError(null);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.name.trim()) {
      setError(AUTOMATION_NAME_REQUIRED);
      return;
    }
    setError(null);
    const body = {
      name: form.name,
      condition: conditionOf(form),
      action: actionOf(form),
      isActive: form.isActive,
    };
    const done = {
      onSuccess: () => {
        toast({
          title: rule ? "Rule updated" : "Rule created",
          description: "It runs when your next calls end.",
        });
        onOpenChange(false);
      },
      onError: (failure: unknown) =>
        setError(serverMessage(failure) ?? "The rule could not be saved. Please try again."),
    };
    if (rule) update.mutate({ id: rule.id, change: body }, done);
    else create.mutate(body, done);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{rule ? "Edit automation rule" : "Create automation rule"}</DialogTitle>
          <DialogDescription>Runs after every call ends (test calls aside).</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid grid-cols-1 gap-4" noValidate>
          <Field label="Rule name">
            {(props) => (
              <Input
                {...props}
                value={form.name}
                maxLength={80}
                onChange={(e) => set("name", e.target.value)}
              />
            )}
          </Field>
          <Field label="When">
            {(props) => (
              <NativeSelect
                {...props}
                value={form.conditionType}
                onChange={(e) => set("conditionType", e.target.value as AutomationConditionType)}
              >
                {Object.entries(CONDITION_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          {form.conditionType === "classification_is" ? (
            <Field label="Classification">
              {(props) => (
                <NativeSelect
                  {...props}
                  value={form.classification}
                  onChange={(e) => set("classification", e.target.value as Classification)}
                >
                  {CLASSIFICATIONS.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          ) : null}
          {form.conditionType === "importance_at_least" ? (
            <Field label="Importance (1 to 5)">
              {(props) => (
                <Input
                  {...props}
                  type="number"
                  min={1}
                  max={5}
                  step={1}
                  value={form.importance}
                  onChange={(e) => set("importance", e.target.value)}
                />
              )}
            </Field>
          ) : null}
          {form.conditionType === "duration_over" ? (
            <Field label="Seconds">
              {(props) => (
                <Input
                  {...props}
                  type="number"
                  min={0}
                  step={1}
                  value={form.seconds}
                  onChange={(e) => set("seconds", e.target.value)}
                />
              )}
            </Field>
          ) : null}
          <Field label="Then">
            {(props) => (
              <NativeSelect
                {...props}
                value={form.actionType}
                onChange={(e) => set("actionType", e.target.value as AutomationActionType)}
              >
                {AUTOMATION_ACTION_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {AUTOMATION_ACTION_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          {form.actionType === "tag_contact" ? (
            <Field label="Tag" hint="Added to every contact with the caller's number">
              {(props) => (
                <Input
                  {...props}
                  value={form.tag}
                  maxLength={40}
                  onChange={(e) => set("tag", e.target.value)}
                />
              )}
            </Field>
          ) : null}
          <div className="flex items-center gap-2">
            <Switch id="rule-active" checked={form.isActive} onCheckedChange={(on) => set("isActive", on)} />
            <Label htmlFor="rule-active">Active</Label>
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
              {pending ? "Saving..." : rule ? "Save Rule" : "Create Rule"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
