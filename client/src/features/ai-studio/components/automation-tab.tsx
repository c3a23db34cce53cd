import type { AutomationRule } from "@common/ai-studio";
import { Pencil, Plus, Trash2, Zap } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Label } from "../../../components/ui/label";
import { Switch } from "../../../components/ui/switch";
import { useUser } from "../../../lib/auth/use-user";
import { formatDateTime } from "../../../lib/format";
import { toast, toastError } from "../../../lib/toast";
import { useDeleteAutomationRule } from "../api/delete-automation-rule";
import { useAutomationRules } from "../api/get-automation-rules";
import { useToggleAutomationRule } from "../api/toggle-automation-rule";
import { RuleDialog } from "./rule-dialog";
import { Empty, LoadFailed, Loading } from "./states";

/** Smart Automation: rules run when a call ends, with how often each acted and how the last run went. */
export function AutomationTab({ manage }: { manage: boolean }) {
  const rules = useAutomationRules();
  const [dialog, setDialog] = useState<{ open: boolean; rule: AutomationRule | null }>({
    open: false,
    rule: null,
  });
  const [deleting, setDeleting] = useState<AutomationRule | null>(null);
  const remove = useDeleteAutomationRule();

  let body: React.ReactNode;
  if (rules.isPending) body = <Loading label="Loading automation rules" />;
  else if (rules.isError)
    body = <LoadFailed what="Your automation rules could not be loaded." onRetry={() => rules.refetch()} />;
  else if (rules.data.length === 0)
    body = (
      <Empty
        icon={<Zap className="size-10 text-muted-foreground" aria-hidden />}
        title="No automation rules yet"
      >
        <p className="max-w-md text-sm text-muted-foreground">
          A rule acts on every call that ends and meets its condition: flag it for follow-up, mark it
          important, add the caller to the do-not-call list or tag their contact.
        </p>
      </Empty>
    );
  else
    body = (
      <ul aria-label="Automation rules" className="grid grid-cols-1 gap-3">
        {rules.data.map((rule) => (
          <RuleRow
            key={rule.id}
            rule={rule}
            manage={manage}
            onEdit={() => setDialog({ open: true, rule })}
            onDelete={() => setDeleting(rule)}
          />
        ))}
      </ul>
    );

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-muted-foreground">
          Rules run right after a call ends, on simulated and real calls (test calls aside).
        </p>
        {manage ? (
          <Button onClick={() => setDialog({ open: true, rule: null })}>
            <Plus aria-hidden /> Create Rule
          </Button>
        ) : null}
      </div>
      {body}
      <RuleDialog
        open={dialog.open}
        rule={dialog.rule}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this rule?"
        description={`${deleting?.name ?? "The rule"} will no longer run when calls end.`}
        keepLabel="Keep"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: "Rule deleted", description: `${deleting.name} was deleted.` });
              setDeleting(null);
            },
            onError: (error) => toastError("Error", "The rule could not be deleted.", error),
          })
        }
      />
    </div>
  );
}

function RuleRow({
  rule,
  manage,
  onEdit,
  onDelete,
}: {
  rule: AutomationRule;
  manage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const toggle = useToggleAutomationRule();
  const { user } = useUser();
  const timeZone = user?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const switchId = `rule-active-${rule.id}`;
  const titleId = `rule-title-${rule.id}`;
  return (
    <li
      aria-labelledby={titleId}
      className="grid grid-cols-1 gap-3 rounded-lg border bg-card p-4 text-sm shadow-sm md:grid-cols-[minmax(0,1fr)_auto]"
    >
      <div className="grid grid-cols-1 min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="font-semibold wrap-anywhere">
            {rule.name}
          </h2>
          <Badge variant={rule.isActive ? "success" : "outline"}>{rule.isActive ? "Active" : "Paused"}</Badge>
        </div>
        <p>
          <span className="text-muted-foreground">When:</span> {rule.conditionText}
        </p>
        <p>
          <span className="text-muted-foreground">Then:</span> {rule.actionText}
        </p>
        <p className="text-muted-foreground">
          Ran {rule.runCount} {rule.runCount === 1 ? "time" : "times"}
          {rule.lastRunAt ? `, last ${formatDateTime(rule.lastRunAt, timeZone)}` : ""}
        </p>
        {rule.lastOutcome ? (
          <p className={rule.lastFailed ? "text-destructive wrap-anywhere" : "wrap-anywhere"}>
            Last run: {rule.lastOutcome}
          </p>
        ) : null}
      </div>
      {manage ? (
        <div className="flex flex-wrap items-start gap-2 md:flex-col md:items-end">
          <div className="flex items-center gap-2">
            <Switch
              id={switchId}
              checked={rule.isActive}
              disabled={toggle.isPending}
              onCheckedChange={() =>
                toggle.mutate(rule.id, {
                  onError: (error) => toastError("Error", "The rule could not be changed.", error),
                })
              }
            />
            <Label htmlFor={switchId}>Active</Label>
          </div>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${rule.name}`}>
              <Pencil aria-hidden /> Edit
            </Button>
            <Button variant="outline" size="sm" onClick={onDelete} aria-label={`Delete ${rule.name}`}>
              <Trash2 aria-hidden /> Delete
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}
